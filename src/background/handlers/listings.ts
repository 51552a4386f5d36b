import { eventCatalog, listingsFor, schedule } from '../../db/index.ts';
import type { ListingMessages } from '../../messages/index.ts';
import type { CatalogDeps, HandlersFor } from './types.ts';

export function listingHandlers({
  db,
  ready,
  titles,
}: CatalogDeps): HandlersFor<Omit<ListingMessages, 'beginScan' | 'findTitles'>> {
  return {
    async findFilms({ text }) {
      const { matcher, sources } = await titles.latest();
      const typed = text.trim();
      if (!typed) return { filmKeys: [] };
      const exact = sources.find((f) => f.title.toLowerCase() === typed.toLowerCase());
      // Typed, not emphasised by a page: the whole text is marked, so an everyday-word title counts.
      const found = exact
        ? [exact.id]
        : matcher.find({ text: typed, marks: [{ start: 0, end: typed.length }] }).flatMap((m) => m.filmIds);
      return { filmKeys: [...new Set(found)] };
    },
    async getListings({ filmKeys }) {
      await ready();
      return listingsFor(db, filmKeys);
    },
    async getSchedule() {
      await ready();
      return schedule(db);
    },
    async getEventCatalog() {
      await ready();
      return eventCatalog(db);
    },
  };
}
