import { eventCatalog, listingsFor, liveFilmsOf, liveFilmsTitled, schedule } from '../../db/index.ts';
import type { ListingMessages } from '../../messages/index.ts';
import { filmSearch } from '../film-search.ts';
import type { CatalogDeps, HandlersFor } from './types.ts';

export function listingHandlers({
  db,
  ready,
  titles,
}: CatalogDeps): HandlersFor<Omit<ListingMessages, 'beginScan' | 'findTitles'>> {
  const films = filmSearch(db, ready);
  return {
    async findFilms({ text }) {
      const typed = text.trim();
      if (!typed) return { filmKeys: [] };
      // The exact title is asked of the title index (the rows of that title alone), beside the
      // matcher: the matcher's titles would be every film read from the database on a woken worker.
      const [matcher, exact] = await Promise.all([
        titles.latestMatcher(),
        ready().then(() => liveFilmsTitled(db, typed)),
      ]);
      // Typed, not emphasised by a page: the whole text is marked, so an everyday-word title counts.
      const found = exact[0]
        ? [exact[0].key]
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
      const catalog = await eventCatalog(db);
      if (!catalog.films) void films.prepare().catch(() => undefined);
      return catalog;
    },
    async searchFilms({ text }) {
      return { films: await films.search(text) };
    },
    async getFilmTitles({ filmKeys }) {
      await ready();
      return { films: (await liveFilmsOf(db, filmKeys)).map(({ key, title }) => ({ key, title })) };
    },
  };
}
