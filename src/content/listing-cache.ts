import type { FestivalRow, Listing } from '../core/rows.ts';
import { send } from '../browser/send.ts';
import type { ListingSource } from './hover-card.ts';

/** Listings fetched once per page: prefetched after a scan so the card opens without waiting. */
export function listingCache(): ListingSource & { prefetch(filmIds: Iterable<string>): Promise<void>; forget(): void } {
  const listings = new Map<string, Listing>();
  const festivals = new Map<string, FestivalRow>();
  const asked = new Set<string>();
  const fetchMissing = async (filmIds: Iterable<string>) => {
    const missing = [...new Set(filmIds)].filter((id) => !listings.has(id) && !asked.has(id));
    if (missing.length === 0) return;
    for (const id of missing) asked.add(id);
    try {
      const answer = await send('getListings', { filmKeys: missing });
      for (const listing of answer.listings) listings.set(listing.film.key, listing);
      for (const festival of answer.festivals) festivals.set(festival.key, festival);
    } finally {
      for (const id of missing) asked.delete(id);
    }
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
