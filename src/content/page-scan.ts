import type { TextBlock, TitleMatch } from '../core/matching/index.ts';
import { ownedMatches, windowsOf, type BlockWindow } from './block-chunks.ts';
import type { Slicer } from './slices.ts';
import { iterateBlocks, type Block, type ExtractOptions } from './text-extract.ts';
import { placeOf, rangeOver, type TextPlace } from './text-ranges.ts';

export interface FoundTitle {
  /** Made on first use: a 2 MB page holds tens of thousands of titles; only those painted or hovered need one. */
  readonly range: Range;
  /** The text nodes the title covers, in order: what the pointer's caret is looked up by. */
  readonly nodes: readonly Text[];
  filmIds: string[];
  surface: string;
  /**
   * The element the title's text starts in (a shadow host for text directly in a shadow root):
   * what the viewport tracking observes.
   */
  anchor: Element;
}

export interface ScanSink {
  /** Titles found so far, in document order; called once per batch so highlights appear early. */
  found(titles: FoundTitle[]): void;
  /** Every open shadow root text came from, so mutations inside it can be watched too. */
  shadowRoot?(root: ShadowRoot): void;
}

/** Finds the titles in several blocks at once: the background's matcher, one message a batch. */
export type FindTitles = (blocks: TextBlock[]) => Promise<TitleMatch[][]>;

// The first batch is small so the first underline comes after one short round trip; later
// ones grow fourfold up to BATCH_CHARS, since each message costs a round trip to the worker,
// which on a busy machine took tens of milliseconds whatever the batch's size.
export const FIRST_BATCH_CHARS = 4_000;
export const BATCH_CHARS = 256_000;
/** Within what findTitles accepts (2,000 blocks), for pages of many short blocks. */
export const BATCH_BLOCKS = 1_000;

function anchorOf(node: Node): Element | null {
  const parent = node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 1) return parent as Element;
  return (parent as Partial<ShadowRoot>).host ?? null;
}

// Every live Range is also updated by the browser on each change to the page, so a range is
// made only when a title is painted, measured or hovered, and then kept.
class ScannedTitle implements FoundTitle {
  #range: Range | null = null;
  readonly nodes: readonly Text[];

  constructor(
    readonly place: TextPlace,
    public filmIds: string[],
    readonly surface: string,
    readonly anchor: Element,
    private readonly doc: Document,
  ) {
    this.nodes = place.nodes;
  }

  get range(): Range {
    return (this.#range ??= rangeOver(this.place, this.doc));
  }
}

function titlesIn(block: Block, matches: readonly TitleMatch[], doc: Document, out: FoundTitle[]): void {
  for (const match of matches) {
    const place = placeOf(block, match.start, match.end);
    // A text node that left the page while the batch was matched: the mutation rescan reads it again.
    const anchor = place && anchorOf(place.nodes[0]!);
    if (anchor) out.push(new ScannedTitle(place, match.filmIds, match.surface, anchor, doc));
  }
}

/**
 * Finds every catalogued title under `root`. Text is collected in slices (`slicer.pause()`
 * yields once a slice has used its time) and sent to the matcher in batches; the page runs
 * while a batch is matched. The DOM may change meanwhile; what changes is rescanned by the
 * mutation watcher, so the walk simply goes on. A root without text sends nothing.
 */
export async function scanPage(
  root: Node,
  find: FindTitles,
  slicer: Slicer,
  sink: ScanSink,
  options: ExtractOptions = {},
): Promise<number> {
  const doc = root.ownerDocument ?? (root as Document);
  const seenRoots = new Set<Node>();
  let pending: Array<{ block: Block; window: BlockWindow }> = [];
  let chars = 0;
  let limit = FIRST_BATCH_CHARS;
  let total = 0;
  // One batch is matched while the next is collected; its titles are written before the next's.
  let inflight: Promise<void> = Promise.resolve();
  const send = async (): Promise<void> => {
    if (pending.length === 0) return;
    // The first batch (small: FIRST_BATCH_CHARS and a window at most) is written in one go.
    // Its answer comes after an idle wait that left the slice's clock long used up, so a pause
    // after its first block put the first underline behind a timer and the tasks queued before
    // it (the hover card's set-up) whenever that block held no title (docs/performance.md,
    // "Issue 28: the page from the first answer to the first underline").
    const sliced = limit > FIRST_BATCH_CHARS;
    const batch = pending;
    pending = [];
    chars = 0;
    limit = Math.min(BATCH_CHARS, limit * 4);
    const request = find(
      batch.map(({ window: { piece } }) =>
        piece.controls
          ? { text: piece.text, marks: piece.marks ?? [], controls: piece.controls }
          : { text: piece.text, marks: piece.marks ?? [] },
      ),
    );
    const previous = inflight;
    const done = (async () => {
      const matches = await request;
      await previous;
      if (slicer.signal.aborted) throw slicer.signal.reason;
      // A large batch's ranges are made in slices too: a page of thousands of titles waited
      // 300 ms for one batch's (bench/hostile-pages.bench.ts, text-nodes.html).
      let titles: FoundTitle[] = [];
      const flush = () => {
        if (titles.length === 0) return;
        total += titles.length;
        sink.found(titles);
        titles = [];
      };
      for (let i = 0; i < batch.length; i++) {
        const { block, window } = batch[i]!;
        titlesIn(block, ownedMatches(window, matches[i] ?? []), doc, titles);
        if (sliced && slicer.due) {
          flush();
          await slicer.pause();
        }
      }
      flush();
    })();
    done.catch(() => undefined); // awaited below or by the next batch; not an unhandled rejection meanwhile
    inflight = done;
    await previous;
  };
  for (const block of iterateBlocks(root, options)) {
    const tree = block.segments[0]?.node.getRootNode();
    if (tree && !seenRoots.has(tree)) {
      seenRoots.add(tree);
      if ((tree as Partial<ShadowRoot>).host) sink.shadowRoot?.(tree as ShadowRoot);
    }
    for (const window of windowsOf(block)) {
      pending.push({ block, window });
      chars += window.piece.text.length;
      if (chars >= limit || pending.length >= BATCH_BLOCKS) await send();
    }
    await slicer.pause();
  }
  await send();
  await inflight;
  return total;
}
