import type { Matcher } from '../core/matching/index.ts';
import { matchInChunks } from './block-chunks.ts';
import type { Slicer } from './slices.ts';
import { iterateBlocks, rangeFor, type Block, type ExtractOptions } from './text-extract.ts';

export interface FoundTitle {
  range: Range;
  filmIds: string[];
  surface: string;
  /**
   * The element the title's text starts in (a shadow host for text directly in a shadow root):
   * what the viewport tracking observes.
   */
  anchor: Element;
}

export interface ScanSink {
  /** Titles found so far, in document order; called once per slice so highlights appear early. */
  found(titles: FoundTitle[]): void;
  /** Every open shadow root text came from, so mutations inside it can be watched too. */
  shadowRoot?(root: ShadowRoot): void;
}

function anchorOf(node: Node): Element | null {
  const parent = node.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 1) return parent as Element;
  return (parent as Partial<ShadowRoot>).host ?? null;
}

function titlesIn(block: Block, matches: ReturnType<Matcher['find']>, doc: Document): FoundTitle[] {
  const out: FoundTitle[] = [];
  for (const match of matches) {
    const range = rangeFor(block, match.start, match.end, doc);
    const anchor = anchorOf(range.startContainer);
    if (anchor) out.push({ range, filmIds: match.filmIds, surface: match.surface, anchor });
  }
  return out;
}

/**
 * Finds every catalogued title under `root`. Text collection and matching both run in
 * slices (`slicer.pause()` yields once a slice has used its time). The DOM may change while
 * we yield; what changes is rescanned by the mutation watcher, so the walk simply goes on.
 */
export async function scanPage(
  root: Node,
  matcher: Matcher,
  slicer: Slicer,
  sink: ScanSink,
  options: ExtractOptions = {},
): Promise<number> {
  const doc = root.ownerDocument ?? (root as Document);
  const seenRoots = new Set<Node>();
  let batch: FoundTitle[] = [];
  let total = 0;
  const flush = () => {
    if (batch.length === 0) return;
    total += batch.length;
    sink.found(batch);
    batch = [];
  };
  for (const block of iterateBlocks(root, options)) {
    const tree = block.segments[0]?.node.getRootNode();
    if (tree && !seenRoots.has(tree)) {
      seenRoots.add(tree);
      if ((tree as Partial<ShadowRoot>).host) sink.shadowRoot?.(tree as ShadowRoot);
    }
    for (const matches of matchInChunks(matcher, block)) {
      for (const title of titlesIn(block, matches, doc)) batch.push(title);
      if (slicer.due) {
        flush();
        await slicer.pause();
      }
    }
    if (slicer.due) {
      flush();
      await slicer.pause();
    }
  }
  flush();
  return total;
}
