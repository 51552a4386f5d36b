// While a woken worker starts, the page has nothing to do for 150-300 ms; then the first answer's
// task ran the first underline's code for the first time in this frame: its page pass compiled
// (functions and regular expressions), the highlight's and the range's bindings made. Traced,
// that was most of the 20-60 ms between the answer and the first underline (docs/performance.md,
// "Issue 28: the page from the first answer to the first underline"). So the page runs that code
// once, unseen, while it waits; only while it waits, since a running worker answers before it
// would be needed, and most pages have no title to underline.
import { PageReader, type TextBlock, type TitleMatch } from '../core/matching/index.ts';

/**
 * How long the first answer may keep the page waiting before it is taken for a waking worker's:
 * a running worker answers the small first batch within tens of ms, a stopped one after 150 ms
 * at the least (its thread and script start).
 */
export const LATE_MS = 50;

const TITLE = 'Warm Film';
// A title named twice in prose: the page pass's common path (namesakes, a repeat, a short form).
const SAMPLE = `We saw ${TITLE} at the festival, then ${TITLE} again.`;

/** Runs `warm` once `answer` has kept the page waiting LATE_MS; not at all if it came sooner. */
export function whileLate(answer: Promise<unknown>, warm: () => void): void {
  const timer = setTimeout(warm, LATE_MS);
  const stop = () => clearTimeout(timer);
  answer.then(stop, stop);
}

/** The sample block and the matcher's answer for it. */
export function warmSample(): { block: TextBlock; found: TitleMatch[] } {
  const found = [SAMPLE.indexOf(TITLE), SAMPLE.lastIndexOf(TITLE)].map((start) => ({
    start,
    end: start + TITLE.length,
    surface: TITLE,
    filmIds: [''],
  }));
  return { block: { text: SAMPLE, marks: [] }, found };
}

/** The first underline's code, run once on a sample with nothing kept: what it compiles and binds stays. */
export function warmFirstUnderline(doc: Document): void {
  const { block, found } = warmSample();
  new PageReader().next(block, found);
  doc.createRange();
  new Highlight();
  new IntersectionObserver(() => undefined).disconnect();
}
