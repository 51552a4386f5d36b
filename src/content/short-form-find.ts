// Not through the folder's index: that would bring the matcher's module-level tables into every page.
import { ShortForms } from '../core/matching/short-forms.ts';
import type { FindTitles } from './page-scan.ts';

/**
 * `find`, then the page-level pass for shortened titles (core/matching/short-forms.ts) over
 * what it answered. The batches are read in the order they were asked for, whatever order the
 * answers come in, so a first word is taken only after the page has named the whole title;
 * the pass costs one walk over each batch's words, as it comes back.
 */
export function withShortForms(find: FindTitles): FindTitles {
  const reader = new ShortForms();
  let previous: Promise<unknown> = Promise.resolve();
  return (blocks) => {
    const answered = Promise.all([find(blocks), previous.catch(() => undefined)]).then(([matches]) =>
      matches.map((list, i) => {
        const extra = blocks[i] ? reader.next(blocks[i], list) : [];
        return extra.length === 0 ? list : [...list, ...extra].sort((a, b) => a.start - b.start);
      }),
    );
    previous = answered;
    return answered;
  };
}
