// Pages change after load: infinite scroll, single-page-app navigation, late comments. We
// note which blocks changed and rescan only those, debounced, so a page that mutates a
// thousand times a second costs us a few small rescans, not a thousand.

import { blockRootOf, holdsBlock } from './dom/block-tags.ts';
import { IGNORE_ATTRIBUTE } from './text-extract.ts';

/** Quiet time after the last change before rescanning. */
export const DEBOUNCE_MS = 250;
/** Under a constant stream of changes, rescan at least this often anyway. */
export const MAX_WAIT_MS = 1_000;

const OPTIONS: MutationObserverInit = { childList: true, characterData: true, subtree: true };

function isOurs(node: Node): boolean {
  return node.nodeType === 1 && (node as Element).hasAttribute(IGNORE_ATTRIBUTE);
}

/** The node, or its shadow host, walking out of shadow trees: "is `inner` under `outer`" across them. */
export function composedContains(outer: Node, inner: Node): boolean {
  let current: Node | null = inner;
  while (current) {
    if (current === outer) return true;
    current = current.parentNode ?? (current as Partial<ShadowRoot>).host ?? null;
  }
  return false;
}

/** Drops every root that lies inside another one: rescanning the outer one covers it. */
export function outermost(roots: Iterable<Node>): Node[] {
  const all = new Set(roots);
  const out: Node[] = [];
  for (const root of all) {
    let inside = false;
    let current: Node | null = root.parentNode ?? (root as Partial<ShadowRoot>).host ?? null;
    while (current && !inside) {
      if (all.has(current)) inside = true;
      current = current.parentNode ?? (current as Partial<ShadowRoot>).host ?? null;
    }
    if (!inside) out.push(root);
  }
  return out;
}

/** The blocks a batch of mutation records asks us to rescan; our own card host is ignored. */
export function changedRoots(records: Iterable<MutationRecord>, into: Set<Node> = new Set()): Set<Node> {
  for (const record of records) {
    const target = record.target;
    if (record.type === 'childList') {
      const nodes = [...record.addedNodes, ...record.removedNodes];
      if (nodes.length > 0 && nodes.every(isOurs)) continue;
      // An added block (a new paragraph, a feed item) is rescanned alone, not its whole
      // container; a removed block takes its titles with it. Text, inline elements, br and hr
      // change the block around them, so that block is rescanned. A detached node is its own
      // block root, so a removed one is judged by its tag alone.
      let around = false;
      for (const node of record.addedNodes) {
        if (isOurs(node)) continue;
        if (node.nodeType === 1 && blockRootOf(node) === node) into.add(node);
        else around = true;
      }
      for (const node of record.removedNodes) if (!isOurs(node) && !holdsBlock(node)) around = true;
      if (!around) continue;
    }
    if (target.nodeType === 1 && (target as Element).closest(`[${IGNORE_ATTRIBUTE}]`)) continue;
    into.add(blockRootOf(target));
  }
  return into;
}

/**
 * Watches a document and the open shadow roots we found text in, and calls `rescan` with
 * the outermost changed blocks once changes settle (or every MAX_WAIT_MS while they don't).
 * Our callback only records: the work happens in `rescan`, which the caller slices.
 */
export class MutationRescan {
  readonly #observer: MutationObserver;
  readonly #watched = new WeakSet<Node>();
  #dirty = new Set<Node>();
  #quiet: ReturnType<typeof setTimeout> | undefined;
  #deadline: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly rescan: (roots: Node[]) => Promise<void>,
    private readonly signal: AbortSignal,
  ) {
    this.#observer = new MutationObserver((records) => this.#note(records));
    signal.addEventListener(
      'abort',
      () => {
        this.#observer.disconnect();
        clearTimeout(this.#quiet);
        clearTimeout(this.#deadline);
      },
      { once: true },
    );
  }

  watch(root: Document | ShadowRoot): void {
    if (this.#watched.has(root) || this.signal.aborted) return;
    this.#watched.add(root);
    this.#observer.observe(root, OPTIONS);
  }

  #note(records: MutationRecord[]): void {
    changedRoots(records, this.#dirty);
    if (this.#dirty.size === 0) return;
    clearTimeout(this.#quiet);
    this.#quiet = setTimeout(() => this.#flush(), DEBOUNCE_MS);
    this.#deadline ??= setTimeout(() => this.#flush(), MAX_WAIT_MS);
  }

  #flush(): void {
    clearTimeout(this.#quiet);
    clearTimeout(this.#deadline);
    this.#quiet = undefined;
    this.#deadline = undefined;
    const roots = outermost(this.#dirty);
    this.#dirty = new Set();
    if (roots.length === 0 || this.signal.aborted) return;
    // One rescan at a time: a later batch waits for the one running.
    this.#running = this.#running
      .then(() => (this.signal.aborted ? undefined : this.rescan(roots)))
      .catch(() => undefined);
  }

  /** Resolves once the rescans asked for so far are done (tests). */
  settled(): Promise<void> {
    return this.#running;
  }
}
