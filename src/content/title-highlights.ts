import { containsPoint } from '../core/place-card.ts';
import type { FoundTitle } from './page-scan.ts';

export const HIGHLIGHT_NAME = 'afterparty-film';
/** Registered ranges at most: tens of thousands make every DOM change of the page slower. */
export const MAX_REGISTERED = 2_000;
/** An element with more titles than this is narrowed to the ones near the viewport, range by range. */
const DENSE = 24;
/**
 * Titles inside a text node longer than this are found (hover opens their card) but not
 * painted: Chromium repaints the whole node for any highlight range in it, which on a 5 MB
 * node blocks the page for 130-230 ms each time the registered set changes.
 */
export const PAINT_LIMIT = 1_000_000;
/** How soon after a scroll or a new batch the registered set is brought up to date. */
const REFRESH_MS = 60;

interface Entry {
  title: FoundTitle;
  /** Text nodes the title covers: any of them finds it under the pointer. */
  nodes: Node[];
}

function nodesIn(range: Range): Node[] {
  if (range.startContainer === range.endContainer) return [range.startContainer];
  const nodes: Node[] = [];
  const doc = range.startContainer.ownerDocument;
  if (!doc) return [range.startContainer];
  const walker = doc.createTreeWalker(range.commonAncestorContainer, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (range.intersectsNode(node)) nodes.push(node);
  }
  return nodes.length > 0 ? nodes : [range.startContainer];
}

/**
 * Underlines found titles with the CSS Custom Highlight API: no page node is wrapped or
 * changed, so pages that diff or re-render their DOM never fight us. Every title found is
 * kept (for hover); when there are more than MAX_REGISTERED, only those near the viewport
 * are registered with the highlight, tracked with an IntersectionObserver on the elements
 * holding them (and, inside an element holding many, by their rectangles on scroll).
 */
export class TitleHighlights {
  readonly #byElement = new Map<Element, Entry[]>();
  readonly #byNode = new Map<Node, Entry[]>();
  readonly #visible = new Set<Element>();
  readonly #shadowRoots: ShadowRoot[] = [];
  #registered = new Set<Entry>();
  readonly #highlight = new Highlight();
  readonly #observer: IntersectionObserver;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #count = 0;
  #held = false;
  #pending = false;

  constructor(
    private readonly doc: Document,
    signal: AbortSignal,
  ) {
    CSS.highlights.set(HIGHLIGHT_NAME, this.#highlight);
    this.#observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) this.#visible.add(entry.target);
          else this.#visible.delete(entry.target);
        }
        this.#schedule();
      },
      // One screen above and below: a title scrolled into view is already underlined.
      { rootMargin: '100% 0px 100% 0px' },
    );
    const view = doc.defaultView ?? window;
    const onMove = () => this.#count > MAX_REGISTERED && this.#hasDenseVisible() && this.#schedule();
    view.addEventListener('scroll', onMove, { passive: true, capture: true, signal });
    view.addEventListener('resize', () => this.#schedule(), { passive: true, signal });
    signal.addEventListener('abort', () => this.dispose(), { once: true });
  }

  add(titles: FoundTitle[]): void {
    for (const title of titles) {
      const entry: Entry = { title, nodes: nodesIn(title.range) };
      const list = this.#byElement.get(title.anchor);
      if (list) list.push(entry);
      else {
        this.#byElement.set(title.anchor, [entry]);
        this.#observer.observe(title.anchor);
      }
      for (const node of entry.nodes) this.#byNode.get(node)?.push(entry) ?? this.#byNode.set(node, [entry]);
      this.#count++;
    }
    if (titles.length > 0) this.#schedule();
  }

  /** Forgets the titles held by the elements `drop` picks (rescanned or removed from the page). */
  removeElements(drop: (anchor: Element) => boolean): void {
    for (const [anchor, entries] of this.#byElement) {
      if (!drop(anchor)) continue;
      this.#byElement.delete(anchor);
      this.#visible.delete(anchor);
      this.#observer.unobserve(anchor);
      for (const entry of entries) this.#forget(entry);
    }
    this.#schedule();
  }

  /** Forgets single titles, e.g. one the user said is not this film. */
  removeTitles(drop: (title: FoundTitle) => boolean): void {
    for (const [anchor, entries] of this.#byElement) {
      const kept = entries.filter((entry) => !drop(entry.title) || (this.#forget(entry), false));
      if (kept.length === entries.length) continue;
      if (kept.length > 0) this.#byElement.set(anchor, kept);
      else {
        this.#byElement.delete(anchor);
        this.#visible.delete(anchor);
        this.#observer.unobserve(anchor);
      }
    }
    this.#schedule();
  }

  #forget(entry: Entry): void {
    this.#count--;
    if (this.#registered.delete(entry)) this.#highlight.delete(entry.title.range);
    for (const node of entry.nodes) {
      const list = this.#byNode.get(node)?.filter((e) => e !== entry);
      if (list && list.length > 0) this.#byNode.set(node, list);
      else this.#byNode.delete(node);
    }
  }

  /** Open shadow roots holding titles: the caret lookup must be told to look inside them. */
  addShadowRoot(root: ShadowRoot): void {
    if (!this.#shadowRoots.includes(root)) this.#shadowRoots.push(root);
  }

  *titles(): Generator<FoundTitle> {
    for (const entries of this.#byElement.values()) for (const entry of entries) yield entry.title;
  }

  /** Every title found, registered or not. */
  get count(): number {
    return this.#count;
  }

  /** The ranges registered with the highlight now (those near the viewport). */
  get size(): number {
    return this.#highlight.size;
  }

  #hasDenseVisible(): boolean {
    for (const element of this.#visible) if ((this.#byElement.get(element)?.length ?? 0) > DENSE) return true;
    return false;
  }

  /**
   * Holds highlight updates until `release()`. Every change to a styled highlight makes
   * Chromium repaint the text nodes it touches, and on a 5 MB text node that repaint alone
   * takes about 200 ms: the first scan registers what it found in one go, not per slice.
   */
  hold(): void {
    this.#held = true;
  }

  release(): void {
    this.#held = false;
    if (this.#pending) this.refresh();
  }

  #schedule(): void {
    if (this.#held) {
      this.#pending = true;
      return;
    }
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.refresh();
    }, REFRESH_MS);
  }

  /** Registers what is near the viewport now and unregisters the rest. */
  refresh(): void {
    this.#pending = false;
    const view = this.doc.defaultView;
    const height = view?.innerHeight ?? 800;
    const top = -height;
    const bottom = 2 * height;
    let wanted: Entry[] = [];
    if (this.#count <= MAX_REGISTERED) {
      // Few enough to register them all: nothing to update on scroll.
      for (const entries of this.#byElement.values()) wanted.push(...entries);
    } else
      for (const element of this.#visible) {
        const entries = this.#byElement.get(element);
        if (!entries) continue;
        if (entries.length <= DENSE) wanted.push(...entries);
        else nearViewport(entries, top, bottom, wanted);
        if (wanted.length > 4 * MAX_REGISTERED) break;
      }
    if (wanted.length > MAX_REGISTERED) {
      const middle = height / 2;
      const distance = (entry: Entry) => {
        const rect = entry.title.range.getBoundingClientRect();
        return Math.abs((rect.top + rect.bottom) / 2 - middle);
      };
      wanted = wanted
        .map((entry) => ({ entry, d: distance(entry) }))
        .sort((a, b) => a.d - b.d)
        .slice(0, MAX_REGISTERED)
        .map(({ entry }) => entry);
    }
    const next = new Set(wanted.filter(paintable));
    for (const entry of this.#registered) if (!next.has(entry)) this.#highlight.delete(entry.title.range);
    for (const entry of next) if (!this.#registered.has(entry)) this.#highlight.add(entry.title.range);
    this.#registered = next;
  }

  /** The title under the pointer, if the pointer is really on its text (not just nearest to it). */
  at(x: number, y: number): { title: FoundTitle; rect: DOMRect } | null {
    const node = caretNodeAt(this.doc, x, y, this.#shadowRoots);
    if (!node) return null;
    for (const entry of this.#byNode.get(node) ?? []) {
      for (const rect of entry.title.range.getClientRects()) {
        if (containsPoint(rect, x, y)) return { title: entry.title, rect };
      }
    }
    return null;
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#observer.disconnect();
    this.#highlight.clear();
    this.#registered.clear();
    if (CSS.highlights.get(HIGHLIGHT_NAME) === this.#highlight) CSS.highlights.delete(HIGHLIGHT_NAME);
  }
}

/**
 * Appends the entries of one element (in text order) whose ranges lie between `top` and
 * `bottom`: a binary search for the first, then a walk, so a 5 MB paragraph costs a few
 * dozen rectangle reads, not thousands.
 */
function nearViewport(entries: Entry[], top: number, bottom: number, out: Entry[]): void {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const rect = (entries[mid] as Entry).title.range.getBoundingClientRect();
    if (rect.bottom < top) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo, taken = 0; i < entries.length && taken < MAX_REGISTERED; i++, taken++) {
    const entry = entries[i] as Entry;
    if (entry.title.range.getBoundingClientRect().top > bottom) break;
    out.push(entry);
  }
}

function caretNodeAt(doc: Document, x: number, y: number, shadowRoots: ShadowRoot[]): Node | null {
  if (typeof doc.caretPositionFromPoint === 'function') {
    // Without the shadow roots named, the caret is retargeted to their host.
    const at = (
      doc.caretPositionFromPoint as (
        x: number,
        y: number,
        options?: { shadowRoots: ShadowRoot[] },
      ) => CaretPosition | null
    )(x, y, { shadowRoots });
    return at?.offsetNode ?? null;
  }
  // Chrome before 128 has only the WebKit form.
  return (
    (doc as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null }).caretRangeFromPoint?.(x, y)
      ?.startContainer ?? null
  );
}

function paintable(entry: Entry): boolean {
  const node = entry.title.range.startContainer;
  return node.nodeType !== Node.TEXT_NODE || (node as Text).length <= PAINT_LIMIT;
}
