import type { FoundTitles } from './found-titles.ts';
import { composedContains } from './mutation-rescan.ts';
import { scanPage, type FindTitles, type FoundTitle, type ScanSink } from './page-scan.ts';
import { mark } from './perf-mark.ts';
import { Slicer } from './slices.ts';

/** Titles stored per slice when a rescan replaces a region's titles. */
const ADD_BATCH = 500;

/** Rescans changed regions: their titles are replaced once the new ones are found, so nothing flickers. */
export async function rescanRegions(
  roots: Node[],
  matcher: FindTitles,
  found: FoundTitles,
  sink: ScanSink,
  signal: AbortSignal,
): Promise<void> {
  const slicer = new Slicer(signal);
  const live = roots.filter((root) => root.isConnected);
  const fresh: FoundTitle[] = [];
  for (const root of live) {
    await scanPage(root, matcher, slicer, {
      found: (titles) => fresh.push(...titles),
      shadowRoot: sink.shadowRoot,
    });
  }
  await slicer.pause();
  found.removeElements((anchor) => !anchor.isConnected || live.some((root) => composedContains(root, anchor)));
  for (let i = 0; i < fresh.length; i += ADD_BATCH) {
    found.add(fresh.slice(i, i + ADD_BATCH));
    if (i + ADD_BATCH < fresh.length) await slicer.pause();
  }
  mark('rescan-end');
}
