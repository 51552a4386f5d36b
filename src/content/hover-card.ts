import type { FestivalRow, Listing } from '../messages/index.ts';
import { CardHost } from './card-host.tsx';
import type { FoundTitle } from './page-scan.ts';
import type { TitleHighlights } from './title-highlights.ts';

const OPEN_DELAY_MS = 300;
const CLOSE_DELAY_MS = 250;

export interface ListingSource {
  /** Listings already fetched, or a request for them. */
  get(filmIds: string[]): Promise<{ listings: Listing[]; festivals: FestivalRow[] }>;
}

/**
 * Opens the card after a short hover on a title, keeps it while the pointer is on the
 * title or the card, and closes it on Escape, on scroll, or when the pointer leaves.
 */
export function watchHover(highlights: TitleHighlights, listings: ListingSource, signal: AbortSignal): CardHost {
  const card = new CardHost(document);
  let current: FoundTitle | null = null;
  let openTimer: ReturnType<typeof setTimeout> | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;

  const close = () => {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    current = null;
    card.close();
  };

  const open = (title: FoundTitle, rect: DOMRect) => {
    current = title;
    card.show(rect, { listings: [], festivals: [], surface: title.surface, error: null });
    listings.get(title.filmIds).then(
      (answer) => current === title && card.update({ ...answer, surface: title.surface, error: null }),
      (error: unknown) =>
        current === title &&
        card.update({ listings: [], festivals: [], surface: title.surface, error: `Could not load events: ${error instanceof Error ? error.message : String(error)}` }),
    );
  };

  const onPointer = (x: number, y: number) => {
    const hit = highlights.at(x, y);
    if (card.isOpen && current) {
      const stay = card.contains(x, y) || hit?.title === current;
      clearTimeout(closeTimer);
      if (!stay) closeTimer = setTimeout(close, CLOSE_DELAY_MS);
      if (!hit || hit.title === current) return;
    }
    clearTimeout(openTimer);
    if (hit) openTimer = setTimeout(() => open(hit.title, hit.rect), OPEN_DELAY_MS);
  };

  document.addEventListener(
    'mousemove',
    (event) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => onPointer(event.clientX, event.clientY));
    },
    { passive: true, signal },
  );
  document.addEventListener('keydown', (event) => event.key === 'Escape' && card.isOpen && close(), { signal });
  window.addEventListener('scroll', () => card.isOpen && close(), { passive: true, capture: true, signal });
  signal.addEventListener('abort', close);
  return card;
}
