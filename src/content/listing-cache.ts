import type { FestivalRow, Listing } from '../core/rows.ts';
import { send } from '../browser/send.ts';
import type { ListingSource } from './card-data.ts';

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
    prefetch: fetchMissing,
    /** After the data changed (an event added, a sync): the next card asks again. */
    forget() {
      listings.clear();
      festivals.clear();
    },
    async get(filmIds) {
      await fetchMissing(filmIds);
      return {
        listings: filmIds.map((id) => listings.get(id)).filter((l): l is Listing => l !== undefined),
        festivals: [...festivals.values()],
      };
    },
  };
}
