import type { FestivalRow, Listing } from '../core/rows.ts';
import { send } from '../browser/send.ts';
import type { ListingSource } from './card-data.ts';

/**
 * Films a prefetch asks for in one request. The 100,000-film review's prefetch was one request
 * for about 2,300 films, and a card opened meanwhile waited the whole of it (80 ms beyond the
 * hover delay, bench); now the prefetch asks a chunk at a time, and a card asks for its own.
 */
export const PREFETCH_CHUNK = 100;

/** Listings fetched once per page: prefetched after a scan so the card opens without waiting. */
export function listingCache(): ListingSource & {
  prefetch(filmIds: Iterable<string>): Promise<void>;
  forget(): void;
  hold(on: boolean): void;
} {
  const listings = new Map<string, Listing>();
  const festivals = new Map<string, FestivalRow>();
  // Films asked for and not answered yet, with the request and whether a card asked it (a
  // card's film only, not a prefetch's chunk): a card opened meanwhile waits for a card's
  // request instead of asking again, and a later chunk leaves out every film asked.
  const asked = new Map<string, { request: Promise<void>; card: boolean }>();
  const ask = (filmIds: string[], card: boolean) => {
    const request = send('getListings', { filmKeys: filmIds })
      .then((answer) => {
        for (const listing of answer.listings) listings.set(listing.film.key, listing);
        for (const festival of answer.festivals) festivals.set(festival.key, festival);
      })
      .finally(() => {
        for (const id of filmIds) if (asked.get(id)?.request === request) asked.delete(id);
      });
    for (const id of filmIds) asked.set(id, { request, card });
    return request;
  };
  // While held (hold, below), the prefetch waits here before its next chunk.
  let held: { until: Promise<void>; resume: () => void } | null = null;
  return {
    /** Asks for these films a chunk at a time, in their order (nearest the viewport first). */
    async prefetch(filmIds) {
      const queue = [...new Set(filmIds)];
      while (queue.length > 0) {
        while (held) await held.until;
        const chunk = queue.splice(0, PREFETCH_CHUNK).filter((id) => !listings.has(id) && !asked.has(id));
        if (chunk.length > 0) await ask(chunk, false);
      }
    },
    hold(on) {
      if (on && !held) {
        let resume = (): void => undefined;
        held = { until: new Promise<void>((done) => (resume = done)), resume };
      } else if (!on && held) {
        held.resume();
        held = null;
      }
    },
    /** After the data changed (an event added, a sync): the next card asks again. */
    forget() {
      listings.clear();
      festivals.clear();
    },
    /**
     * A card's films not at hand are asked for alone, at once: neither behind the prefetch's
     * chunks nor behind the chunk on its way (a 100-film answer takes 9-42 ms at 100,000 films,
     * and the worker answers a one-film request beside it).
     */
    async get(filmIds) {
      const missing = filmIds.filter((id) => !listings.has(id) && !asked.get(id)?.card);
      if (missing.length > 0) ask(missing, true);
      await Promise.all(filmIds.map((id) => asked.get(id)?.request));
      return {
        listings: filmIds.flatMap((id) => listings.get(id) ?? []),
        festivals: [...festivals.values()],
      };
    },
  };
}
