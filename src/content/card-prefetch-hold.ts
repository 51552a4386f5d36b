import type { ListingSource } from './card-data.ts';

/** How long the prefetch still waits after a card is shown or given up: the card's frame is painted first. */
export const RESUME_MS = 100;

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
    },
    done() {
      clearTimeout(timer);
      timer = setTimeout(() => source.hold?.(false), RESUME_MS);
    },
  };
}
