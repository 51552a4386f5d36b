import { capTitles, wordLists } from '../../core/matching/index.ts';
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
      // Capped across feeds; the feeds left partly out say so on their status (sync/title-cap.ts).
      const films = capTitles(await liveFilms(db)).kept;
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
