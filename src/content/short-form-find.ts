import { PageReader, type TitleMatch } from '../core/matching/index.ts';
import type { FindTitles } from './page-scan.ts';
import type { Slicer } from './slices.ts';

/**
 * `find`, then the page-level pass (core/matching/page-reader.ts: namesakes, titles found
 * again, shortened titles) over what it answered. The batches are read in the order they were
 * asked for, whatever order the answers come in, so a first word is taken only after the page
 * has named the whole title; the pass costs one walk over each batch's words, as it comes back. Given the scan's
 * `slicer`, it shares the scan's slices (over a 256 KB batch it was one task of 40-80 ms on the
 * bench's machine), except in the first batch: that one is small, and its titles are the
 * first underline, which a yield could leave behind a large page's first layout.
 */
export function withShortForms(find: FindTitles, slicer?: Slicer): FindTitles {
  const reader = new PageReader();
  let previous: Promise<unknown> = Promise.resolve();
  let asked = 0;
  return (blocks) => {
    const sliced = slicer && asked++ > 0 ? slicer : null;
    const answered = Promise.all([find(blocks), previous.catch(() => undefined)]).then(async ([matches]) => {
      const out: TitleMatch[][] = [];
      for (let i = 0; i < matches.length; i++) {
        const list = matches[i]!;
        const block = blocks[i];
        out.push(block ? reader.next(block, list) : list);
        if (sliced?.due) await sliced.pause();
      }
      return out;
    });
    previous = answered;
    return answered;
  };
}
