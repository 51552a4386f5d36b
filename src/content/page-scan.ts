import type { Matcher } from '../core/matcher.ts';
import { extractBlocks, rangeFor } from './text-extract.ts';

export interface FoundTitle {
  range: Range;
  filmIds: string[];
  surface: string;
}

/** A slice of work gives the page back the main thread after this long. */
const SLICE_MS = 8;

function nextSlice(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    setTimeout(() => (signal.aborted ? reject(signal.reason) : resolve()), 0);
  });
}

/** Finds every catalogued title under `root`, matching block by block in short slices. */
export async function scanPage(root: Node, matcher: Matcher, signal: AbortSignal): Promise<FoundTitle[]> {
  const doc = root.ownerDocument ?? (root as Document);
  const found: FoundTitle[] = [];
  const blocks = extractBlocks(root);
  let sliceStart = performance.now();
  for (const block of blocks) {
    for (const match of matcher.find(block)) {
      found.push({ range: rangeFor(block, match.start, match.end, doc), filmIds: match.filmIds, surface: match.surface });
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextSlice(signal);
      sliceStart = performance.now();
    }
  }
  return found;
}
