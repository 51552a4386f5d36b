// Not through the folder's index: that would bring the matcher's module-level tables into every page.
import { ShortForms } from '../core/matching/short-forms.ts';
import type { TitleMatch } from '../core/matching/index.ts';
import type { FindTitles } from './page-scan.ts';
import { SLICE_MS, yieldToPage } from './slices.ts';

/**
 * `find`, then the page-level pass for shortened titles (core/matching/short-forms.ts) over
 * what it answered. The batches are read in the order they were asked for, whatever order the
 * answers come in, so a first word is taken only after the page has named the whole title;
 * the pass costs one walk over each batch's words, as it comes back. With a `signal`, it
 * yields to the page every SLICE_MS of its own work: over a 256 KB batch it was one task of
 * 40-80 ms on the bench's machine. Its own clock, not the scan's Slicer: an answer arrives in a
 * task of its own, and a small batch (the first) is read at once, not after a yield.
 */
export function withShortForms(find: FindTitles, signal?: AbortSignal): FindTitles {
  const reader = new ShortForms();
  let previous: Promise<unknown> = Promise.resolve();
  return (blocks) => {
    const answered = Promise.all([find(blocks), previous.catch(() => undefined)]).then(async ([matches]) => {
      const out: TitleMatch[][] = [];
      let began = performance.now();
      for (let i = 0; i < matches.length; i++) {
        const list = matches[i]!;
        const block = blocks[i];
        const extra = block ? reader.next(block, list) : [];
        out.push(extra.length === 0 ? list : [...list, ...extra].sort((a, b) => a.start - b.start));
        if (signal && performance.now() - began >= SLICE_MS) {
          await yieldToPage(signal);
          began = performance.now();
        }
      }
      return out;
    });
    previous = answered;
    return answered;
  };
}
