import { packMatches, wordLists } from '../../core/matching/index.ts';
import { listingsFor, schedule, type AfterpartyDb } from '../../db/index.ts';
import type { ListingMessages } from '../../messages/index.ts';
import { titleMatcherCache, titleSources, type TitleMatcherCache } from '../title-matcher.ts';
import type { HandlersFor } from './types.ts';

export function listingHandlers({
  db,
  ready,
  titles,
}: {
  db: AfterpartyDb;
  ready: () => Promise<void>;
  /** The worker's matcher, forgotten on every data change; without one, each request builds its own. */
  titles?: TitleMatcherCache;
}): HandlersFor<Omit<ListingMessages, 'beginScan'>> {
  return {
    async getTitleIndex() {
      await ready();
      // The matcher's word lists travel with the titles, so the page need not carry them.
      return { films: await titleSources(db), words: wordLists() };
    },
    async findTitles({ blocks }) {
      const matcher = await (titles ?? titleMatcherCache(db, ready)).get();
      return { matches: packMatches(blocks.map((block) => matcher.find(block))) };
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
