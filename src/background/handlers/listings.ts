import { wordLists } from '../../core/matching/index.ts';
import { listingsFor, liveFilms, schedule, type AfterpartyDb } from '../../db/index.ts';
import type { ListingMessages } from '../../messages/listings.ts';
import type { HandlersFor } from './types.ts';

export function listingHandlers({
  db,
  ready,
}: {
  db: AfterpartyDb;
  ready: () => Promise<void>;
}): HandlersFor<ListingMessages> {
  return {
    async getTitleIndex() {
      await ready();
      const films = await liveFilms(db);
      return {
        films: films.map((f) => ({
          id: f.key,
          title: f.title,
          aliases: f.aliases,
          year: f.year,
          directors: f.directors,
        })),
        // The matcher's word lists travel with the titles, so the content script need not carry them.
        words: wordLists(),
      };
    },
    async getListings({ filmKeys }) {
      await ready();
      return listingsFor(db, filmKeys);
    },
    async getSchedule() {
      await ready();
      return schedule(db);
    },
  };
}
