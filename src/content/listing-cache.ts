import type { FestivalRow, Listing } from '../core/rows.ts';
import { send } from '../browser/send.ts';
import type { ListingSource } from './card-data.ts';

/**
 * Films a prefetch asks for in one request. The 100,000-film review's prefetch was one request
 * for about 2,300 films, and a card opened meanwhile waited the whole of it (80 ms beyond the
 * hover delay, bench); now a card waits at most for the chunk in flight.
 */
export const PREFETCH_CHUNK = 100;

/** Listings fetched once per page: prefetched after a scan so the card opens without waiting. */
export function listingCache(): ListingSource & { prefetch(filmIds: Iterable<string>): Promise<void>; forget(): void } {
  const listings = new Map<string, Listing>();
  const festivals = new Map<string, FestivalRow>();
  // Films asked for and not answered yet, with the request: a card opened meanwhile (a tap
  // opens at once, with no hover delay) waits for it instead of showing no listing.
  const asked = new Map<string, Promise<void>>();
  const fetchMissing = async (filmIds: Iterable<string>) => {
    const ids = [...new Set(filmIds)];
    const missing = ids.filter((id) => !listings.has(id) && !asked.has(id));
    if (missing.length > 0) {
      const request = send('getListings', { filmKeys: missing })
        .then((answer) => {
          for (const listing of answer.listings) listings.set(listing.film.key, listing);
          for (const festival of answer.festivals) festivals.set(festival.key, festival);
        })
        .finally(() => {
          for (const id of missing) asked.delete(id);
        });
      for (const id of missing) asked.set(id, request);
    }
    await Promise.all(ids.map((id) => asked.get(id)));
  };
  return {
    /**
     * Asks for these films a chunk at a time, in their order (nearest the viewport first): a
     * card's films not in a request already are asked for alone, at once, not behind the rest.
     */
    async prefetch(filmIds) {
      const queue = [...filmIds];
      while (queue.length > 0) await fetchMissing(queue.splice(0, PREFETCH_CHUNK));
    },
    /** After the data changed (an event added, a sync): the next card asks again. */
    forget() {
      listings.clear();
      festivals.clear();
    },
    async get(filmIds) {
      await fetchMissing(filmIds);
      return {
        listings: filmIds.flatMap((id) => listings.get(id) ?? []),
        festivals: [...festivals.values()],
      };
    },
  };
}
