import { HOVER_DELAY_MAX } from '../core/settings.ts';
import type { ListingSource } from './card-data.ts';

/** How long the prefetch still waits after a card is shown or given up: the card's frame is painted first. */
export const RESUME_MS = 100;

/**
 * The longest hold: a rest whose card never comes to an end here (the pointer moved on over titles
 * without resting, or left the window) must not stop the prefetch for the rest of the page.
 */
export const MAX_HOLD_MS = HOVER_DELAY_MAX + 1000;

/**
 * Holds the page's listings prefetch while a card is on its way: from the pointer's rest on a
 * title until shortly after its card is shown, or the pointer left, or the card closed. The
 * card's own request is not held (listing-cache.ts asks it at once).
 */
export function cardPrefetchHold(source: ListingSource): { resting(): void; done(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    resting() {
      clearTimeout(timer);
      source.hold?.(true);
      timer = setTimeout(() => source.hold?.(false), MAX_HOLD_MS);
    },
    done() {
      clearTimeout(timer);
      timer = setTimeout(() => source.hold?.(false), RESUME_MS);
    },
  };
}
