import { CARD_FONTS } from '../ui/card/card-style.ts';

/** A page's fonts are found once: the browser keeps them for every card after. */
let warmed = false;

/**
 * Has the browser find and load the card's fonts, without touching the page: laid out for the
 * first time, the card's text cost 10-17 ms of font lookup in the task that showed it, which
 * put the card past the hover delay's frame (CDP trace: a 13 ms layout of 27 objects). Measured
 * on a canvas beforehand, the card came 6.5-7.4 ms after the delay instead of 13.5-22 ms.
 *
 * Once a page: the first call, from the idle warm-up after the first scan or from the first
 * title the pointer rests on (whichever comes first), does the work; later calls cost nothing.
 * At 100,000 films the page was seldom idle before the first hover, and the card's layout made
 * the font lookups itself: 2-5 synchronous calls to the browser's font service in a 6.8-11.4 ms
 * layout, in the task that showed it (CDP traces of the bench's hovers).
 */
export function warmCardFonts(sample: string): void {
  if (warmed || typeof OffscreenCanvas !== 'function') return;
  warmed = true;
  const context = new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return;
  for (const font of CARD_FONTS) {
    context.font = font;
    context.measureText(`${sample} 0123456789 :–—·`);
  }
}
