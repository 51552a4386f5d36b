import { CARD_FONTS } from '../ui/card/card-style.ts';

/**
 * Has the browser find and load the card's fonts, without touching the page: laid out for the
 * first time, the card's text cost 10-17 ms of font lookup in the task that showed it, which
 * put the card past the hover delay's frame (CDP trace: a 13 ms layout of 27 objects). Measured
 * on a canvas beforehand, the card came 6.5-7.4 ms after the delay instead of 13.5-22 ms.
 */
export function warmCardFonts(sample: string): void {
  if (typeof OffscreenCanvas !== 'function') return;
  const context = new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return;
  for (const font of CARD_FONTS) {
    context.font = font;
    context.measureText(`${sample} 0123456789 :–—·`);
  }
}
