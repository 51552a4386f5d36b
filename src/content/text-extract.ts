// Turns a page into blocks of text for the matcher, remembering which Text node every
// character came from so a match can become a DOM Range (text-ranges.ts) without touching the page.
// Standard DOM only (no extension APIs): it runs the same in a browser and in happy-dom.

import type { TextBlock, TextSpan } from '../core/matching/index.ts';
import { BLOCK_TAGS } from './dom/block-tags.ts';

/** `block.text.slice(start, end)` is `node.data.slice(nodeOffset, nodeOffset + end - start)`. */
export interface TextSegment {
  node: Text;
  start: number;
  end: number;
  nodeOffset: number;
}

export interface Block extends TextBlock {
  text: string;
  /** Spans inside i, em, cite, b, strong, a or q: the page's own emphasis (links flagged). */
  marks: TextSpan[];
  /** Spans inside interface elements (CONTROL_ROLES): the page pass reads a word there as a label. */
  controls?: TextSpan[];
  segments: TextSegment[];
}

export interface ExtractOptions {
  /** Extra elements to leave out, e.g. the extension's own UI. */
  ignore?: (element: Element) => boolean;
}

/** Elements carrying this attribute, and everything inside them, are never scanned. */
export const IGNORE_ATTRIBUTE = 'data-afterparty-ignore';

const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'TEXTAREA',
  'INPUT',
  'SELECT',
  'OPTION',
  'OPTGROUP',
  'DATALIST',
  'HEAD',
  'TITLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'CANVAS',
  'VIDEO',
  'AUDIO',
  'SVG',
  'MATH',
]);

// Bold counts too: programmes and listings set film titles in bold as often as in italics.
const MARKS = new Set(['I', 'EM', 'CITE', 'A', 'Q', 'B', 'STRONG']);

// Buttons, menus and navigation: a word there is a command or a section's name, not prose.
const CONTROL_TAGS = new Set(['BUTTON', 'NAV', 'MENU', 'LABEL', 'SUMMARY', 'LEGEND']);
const CONTROL_ROLES = new Set(['button', 'menu', 'menubar', 'menuitem', 'navigation', 'tab', 'tablist', 'toolbar']);

function isControl(el: Element): boolean {
  if (CONTROL_TAGS.has(tagOf(el))) return true;
  const role = el.hasAttributes() ? el.getAttribute('role') : null;
  return role !== null && CONTROL_ROLES.has(role.trim().toLowerCase());
}

const WORD_END = /[\p{L}\p{N}]$/u;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const DOCUMENT_NODE = 9;
const DOCUMENT_FRAGMENT_NODE = 11;

const tagOf = (el: Element): string => el.tagName.toUpperCase();

function isSkipped(el: Element, options: ExtractOptions): boolean {
  if (SKIPPED.has(tagOf(el))) return true;
  // Most elements of a page have no attribute at all; reading `style` makes a declaration object.
  if (el.hasAttributes()) {
    if (el.hasAttribute('hidden') || el.hasAttribute(IGNORE_ATTRIBUTE)) return true;
    const editable = el.getAttribute('contenteditable');
    if (editable !== null && editable.toLowerCase() !== 'false') return true;
    if (el.hasAttribute('style') && (el as Partial<HTMLElement>).style?.display === 'none') return true;
  }
  return options.ignore?.(el) === true;
}

/**
 * Pushes what is rendered in place of `node`'s children (its shadow tree, or a slot's nodes)
 * onto `stack`, last first, so they are popped in order.
 */
function pushRenderedChildren(node: Node, stack: Step[]): void {
  let parent: Node = node;
  if (node.nodeType === ELEMENT_NODE) {
    const el = node as Element;
    if (el.shadowRoot) parent = el.shadowRoot;
    else if (tagOf(el) === 'SLOT' && typeof (el as HTMLSlotElement).assignedNodes === 'function') {
      const assigned = (el as HTMLSlotElement).assignedNodes();
      for (let i = assigned.length - 1; i >= 0; i--) stack.push(assigned[i]!);
      if (assigned.length > 0) return;
    }
  }
  for (let child = parent.lastChild; child; child = child.previousSibling) stack.push(child);
}

const spanOf = (start: number, end: number, link: boolean): TextSpan => (link ? { start, end, link } : { start, end });

class BlockBuilder {
  /** Finished blocks not yet handed out. */
  blocks: Block[] = [];
  private parts: string[] = [];
  private length = 0;
  private segments: TextSegment[] = [];
  private marks: TextSpan[] = [];
  /** Start offsets of the marks still open, innermost last, and whether each is a link. */
  private open: Array<{ start: number; link: boolean }> = [];
  private controls: TextSpan[] = [];
  /** Start offsets of the interface elements still open, innermost last. */
  private openControls: number[] = [];

  /** The tree (document or shadow root) of the current block's text. */
  private tree: Node | null = null;

  addText(node: Text): void {
    const data = node.data;
    if (data.length === 0) return;
    // A Range cannot span two trees, so text from a shadow tree and from the light DOM
    // around it never share a block.
    const tree = node.getRootNode();
    if (this.tree !== tree) {
      if (this.segments.length > 0) this.flush();
      this.tree = tree;
    }
    this.segments.push({ node, start: this.length, end: this.length + data.length, nodeOffset: 0 });
    this.parts.push(data);
    this.length += data.length;
  }

  openMark(link: boolean): void {
    this.open.push({ start: this.length, link });
  }

  closeMark(): void {
    const mark = this.open.pop();
    if (mark && this.length > mark.start) this.marks.push(spanOf(mark.start, this.length, mark.link));
  }

  /** Where the last link closed, or -1: a link opening right there, letters touching, is another word. */
  private linkClosedAt = -1;

  /**
   * A tag list written `<a>Drama</a><a>Thriller</a>` shows separate words (the page's style
   * spaces them) but its text runs them together: a link that starts where one ended, with a
   * letter or digit on both sides, starts a new block.
   */
  openLink(): void {
    if (this.linkClosedAt === this.length && this.length > 0) {
      const last = this.parts[this.parts.length - 1] ?? '';
      if (WORD_END.test(last)) this.flush();
    }
  }

  closeLink(): void {
    this.linkClosedAt = this.length;
  }

  openControl(): void {
    this.openControls.push(this.length);
  }

  closeControl(): void {
    const start = this.openControls.pop();
    // Nested controls: the outermost span holds the inner ones.
    if (start !== undefined && this.length > start && this.openControls.length === 0)
      this.controls.push({ start, end: this.length });
  }

  /** Hands out the finished blocks. */
  take(): Block[] {
    const done = this.blocks;
    this.blocks = [];
    return done;
  }

  /** Ends the current block; marks still open continue into the next one. */
  flush(): void {
    if (this.segments.length > 0) {
      const text = this.parts.join('');
      if (/\S/u.test(text)) {
        const marks = [...this.marks];
        for (const { start, link } of this.open) if (this.length > start) marks.push(spanOf(start, this.length, link));
        marks.sort((a, b) => a.start - b.start || b.end - a.end);
        const controls = [...this.controls];
        const open = this.openControls[0];
        if (open !== undefined && this.length > open) controls.push({ start: open, end: this.length });
        this.blocks.push(
          controls.length > 0
            ? { text, marks, controls, segments: this.segments }
            : { text, marks, segments: this.segments },
        );
      }
    }
    this.parts = [];
    this.length = 0;
    this.segments = [];
    this.marks = [];
    this.controls = [];
    this.linkClosedAt = -1;
    this.open = this.open.map(({ link }) => ({ start: 0, link }));
    this.openControls = this.openControls.map(() => 0);
  }
}

/** A node to read, or the end of an element read: nodes are most of the stack, and no object is made for them. */
type Step = Node | { exit: Element; block: boolean; mark: boolean; control: boolean; link: boolean };

/** Is `node` inside something never scanned, or inside emphasis (for a partial rescan)? */
function context(
  node: Node,
  options: ExtractOptions,
): { skipped: boolean; marked: boolean; link: boolean; control: boolean } {
  let marked = false;
  let link = false;
  let control = false;
  let inBlock = false;
  let current: Node | null = node.parentNode;
  while (current) {
    if (current.nodeType === ELEMENT_NODE) {
      const el = current as Element;
      if (isSkipped(el, options)) return { skipped: true, marked, link, control };
      control ||= isControl(el);
      if (!inBlock && MARKS.has(tagOf(el))) {
        marked = true;
        link ||= tagOf(el) === 'A';
      }
      if (BLOCK_TAGS.has(tagOf(el))) inBlock = true;
      current = el.parentNode;
    } else if (current.nodeType === DOCUMENT_FRAGMENT_NODE && (current as ShadowRoot).host) {
      current = (current as ShadowRoot).host;
    } else {
      current = current.parentNode;
    }
  }
  return { skipped: false, marked, link, control };
}

/**
 * Splits the text under `root` (an element, a document, a shadow root, or a text node) into
 * blocks. Open shadow roots are scanned where they render; skipped: scripts, styles, form
 * fields, editable regions, `hidden` and `display: none` elements.
 */
export function extractBlocks(root: Node, options: ExtractOptions = {}): Block[] {
  return [...iterateBlocks(root, options)];
}

/**
 * The blocks of `extractBlocks`, one at a time, so a caller can extract in time slices and
 * yield to the page between blocks (collecting the text of a large page alone takes tens of
 * milliseconds). The DOM must not change between two `next()` calls; if it did, restart.
 */
export function* iterateBlocks(root: Node, options: ExtractOptions = {}): Generator<Block, void, undefined> {
  if (!root || typeof root.nodeType !== 'number') return;
  const start = root.nodeType === DOCUMENT_NODE ? (root as Document).documentElement : root;
  if (!start) return;
  const where = context(start, options);
  if (where.skipped) return;
  const out = new BlockBuilder();
  if (where.marked) out.openMark(where.link);
  if (where.control) out.openControl();
  const stack: Step[] = [start];
  while (stack.length > 0) {
    if (out.blocks.length > 0) yield* out.take();
    const step = stack.pop() as Step;
    if ('exit' in step) {
      if (step.mark) out.closeMark();
      if (step.control) out.closeControl();
      if (step.link) out.closeLink();
      if (step.block) out.flush();
      continue;
    }
    const node = step;
    if (node.nodeType === TEXT_NODE) {
      out.addText(node as Text);
      continue;
    }
    if (node.nodeType === ELEMENT_NODE) {
      const el = node as Element;
      if (isSkipped(el, options)) continue;
      const tag = tagOf(el);
      const block = BLOCK_TAGS.has(tag);
      const mark = MARKS.has(tag);
      const control = isControl(el);
      const link = tag === 'A';
      if (block) out.flush();
      if (link) out.openLink();
      if (mark) out.openMark(link);
      if (control) out.openControl();
      stack.push({ exit: el, block, mark, control, link });
    } else if (node.nodeType !== DOCUMENT_FRAGMENT_NODE && node.nodeType !== DOCUMENT_NODE) {
      continue; // comments, processing instructions
    }
    pushRenderedChildren(node, stack);
  }
  out.flush();
  yield* out.take();
}
