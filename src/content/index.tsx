// The content script: finds film titles in the page, underlines them and shows their events
// on hover. Its whole life hangs on one AbortSignal, so teardown is a single abort().
import { compileMatcher } from '../core/matcher.ts';
import type { FestivalRow, Listing } from '../messages/index.ts';
import { send } from '../ui/send.ts';
import { watchHover, type ListingSource } from './hover-card.ts';
import { scanPage } from './page-scan.ts';
import { TitleHighlights } from './title-highlights.ts';

function listingCache(): ListingSource & { prefetch(filmIds: string[]): Promise<void> } {
  const listings = new Map<string, Listing>();
  const festivals = new Map<string, FestivalRow>();
  const fetchMissing = async (filmIds: string[]) => {
    const missing = filmIds.filter((id) => !listings.has(id));
    if (missing.length === 0) return;
    const answer = await send('getListings', { filmKeys: missing });
    for (const listing of answer.listings) listings.set(listing.film.key, listing);
    for (const festival of answer.festivals) festivals.set(festival.key, festival);
  };
  return {
    prefetch: fetchMissing,
    async get(filmIds) {
      await fetchMissing(filmIds);
      return {
        listings: filmIds.map((id) => listings.get(id)).filter((l): l is Listing => l !== undefined),
        festivals: [...festivals.values()],
      };
    },
  };
}

async function start(signal: AbortSignal): Promise<void> {
  if (!('highlights' in CSS)) return; // No Custom Highlight API: nothing we can underline without touching the page.
  const { films } = await send('getTitleIndex', {});
  if (films.length === 0 || signal.aborted) return;
  const matcher = compileMatcher(films);
  const highlights = new TitleHighlights();
  signal.addEventListener('abort', () => highlights.dispose());
  const found = await scanPage(document.body ?? document.documentElement, matcher, signal);
  highlights.replace(found);
  const cache = listingCache();
  watchHover(highlights, cache, signal);
  // Fetched now so the card opens without waiting.
  await cache.prefetch([...new Set(found.flatMap((t) => t.filmIds))]);
}

const controller = new AbortController();
start(controller.signal).catch((error: unknown) => {
  if (!controller.signal.aborted) console.warn('Afterparty:', error instanceof Error ? error.message : error);
});
