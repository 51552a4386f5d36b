// The own-event form's searches in the worker (searchFilms, getFilmTitles) and the picker's exact
// title (findFilms), which read titles from the title index, never every film.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { titleMatcherCache, type TitleMatcherCache } from '../../src/background/title-matcher.ts';
import { TYPED_CHOICES, WHOLE_CATALOG_UP_TO } from '../../src/core/title-choices.ts';
import { countRowReads } from '../db/row-reads.ts';
import { freshDb } from '../db/fake-db.ts';

function setup() {
  const db = freshDb();
  const ready = async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));
  const cache = titleMatcherCache(db, ready);
  // As on a woken worker, whose matcher was read back without its titles: asking for them reads every film.
  let titlesAsked = 0;
  const titles: TitleMatcherCache = {
    ...cache,
    catalog: () => (titlesAsked++, cache.catalog()),
    latest: () => (titlesAsked++, cache.latest()),
  };
  return { db, ready, handlers: createHandlers({ db, ready, titles }), titlesAsked: () => titlesAsked };
}

const filmRows = (reads: Map<string, number>) =>
  [...reads].filter(([what]) => /^rows:(films|filmsAlt)$/.test(what)).reduce((n, [, count]) => n + count, 0);

const own = (title: string) => ({ film: { title, aliases: [], year: null, directors: [] } });

describe('findFilms', () => {
  it('finds an exact title by the title index, without the catalog’s titles or any film’s row', async () => {
    const { db, ready, handlers, titlesAsked } = setup();
    await ready();
    await handlers.findFilms({ text: 'Crash' }); // the matcher built, as a woken worker has it read back
    const reads = await countRowReads(db);
    expect((await handlers.findFilms({ text: 'fugitive pieces' })).filmKeys).toEqual(['default/fugitive-pieces']);
    expect(titlesAsked()).toBe(0);
    expect(filmRows(reads)).toBe(0);
    expect(reads.get('keys:films')).toBeGreaterThan(0);
  });

  it('gives the exact title alone where the matcher would find more in it', async () => {
    const { handlers } = setup();
    // Two films in one text: the matcher finds both; a film of exactly that title is the one meant.
    const text = 'Goodbye Solo, Fugitive Pieces';
    expect((await handlers.findFilms({ text })).filmKeys.sort()).toEqual([
      'default/fugitive-pieces',
      'default/goodbye-solo',
    ]);
    const { film } = await handlers.addUserFilm(own(text));
    expect((await handlers.findFilms({ text: text.toUpperCase() })).filmKeys).toEqual([film.key]);
  });
});

describe('searchFilms', () => {
  it('gives titles that start with the text, then contain it, accents and case ignored', async () => {
    const { handlers } = setup();
    await handlers.addUserFilm(own('Piecés of April'));
    const titles = async (text: string) => (await handlers.searchFilms({ text })).films.map((f) => f.title);
    expect(await titles('PIECES')).toEqual(['Piecés of April', 'Fugitive Pieces']);
    expect(await titles('p')).toEqual([]);
    expect((await handlers.searchFilms({ text: 'e' })).films).toEqual([]);
    expect((await handlers.searchFilms({ text: ' e ' })).films).toEqual([]);
    expect((await handlers.searchFilms({ text: 'ee' })).films.length).toBeLessThanOrEqual(TYPED_CHOICES);
  });

  it('reads no film’s row, and reads the titles again only when the catalog changed', async () => {
    const { db, ready, handlers } = setup();
    await ready();
    const reads = await countRowReads(db);
    expect((await handlers.searchFilms({ text: 'crash' })).films.map((f) => f.key)).toEqual(['default/crash']);
    const walked = reads.get('keys:films')!;
    expect(walked).toBeGreaterThan(0);
    await handlers.searchFilms({ text: 'cra' });
    expect(reads.get('keys:films')).toBe(walked);
    const { film } = await handlers.addUserFilm(own('Crayons'));
    expect((await handlers.searchFilms({ text: 'cra' })).films.map((f) => f.key)).toEqual(['default/crash', film.key]);
    expect(reads.get('keys:films')).toBe(2 * walked);
    expect(filmRows(reads)).toBe(0);
  });

  it('has the titles read when the form opens on a large catalog, before the first keystroke', async () => {
    const { db, ready, handlers } = setup();
    await ready();
    const more = Array.from({ length: WHOLE_CATALOG_UP_TO }, (_, i) => ({
      key: `default/more-${i}`,
      feedId: 'default',
      id: `more-${i}`,
      title: `More ${i}`,
      aliases: [],
      year: null,
      directors: [],
    }));
    await db.films.bulkPut(more);
    const reads = await countRowReads(db);
    const all = await db.films.count();
    expect((await handlers.getEventCatalog({})).films).toBeNull();
    await expect.poll(() => reads.get('keys:films')).toBe(all);
    expect((await handlers.searchFilms({ text: 'more 29' })).films).toHaveLength(11);
    expect(reads.get('keys:films')).toBe(all);
    // Positive control: a small catalog comes whole, and nothing is read ahead for it.
    await db.films.bulkDelete(more.map((f) => f.key));
    const small = await countRowReads(db);
    expect((await handlers.getEventCatalog({})).films).toHaveLength(12);
    await new Promise((done) => setTimeout(done, 50));
    expect(small.get('keys:films')).toBe(12);
  });

  it('is refused from a content script, and asks for text', async () => {
    const { handlers } = setup();
    const page = { extensionPage: false, pageUrl: 'https://evil.example/' };
    expect(await route(handlers, { type: 'searchFilms', params: { text: 'cr' } }, page)).toEqual({
      error: "searchFilms is accepted only from Afterparty's own pages",
    });
    expect(await route(handlers, { type: 'searchFilms', params: {} }, { extensionPage: true })).toEqual({
      error: 'searchFilms needs {text}',
    });
    // Positive control: the same request from an extension page is answered.
    expect(await route(handlers, { type: 'searchFilms', params: { text: 'cr' } }, { extensionPage: true })).toEqual({
      result: { films: [{ key: 'default/crash', title: 'Crash' }] },
    });
  });
});

describe('getFilmTitles', () => {
  it('names the picked films by key, one read a key asked, and leaves out a key of no film', async () => {
    const { db, ready, handlers } = setup();
    await ready();
    const reads = await countRowReads(db);
    const { films } = await handlers.getFilmTitles({ filmKeys: ['default/crash', 'default/none'] });
    expect(films).toEqual([{ key: 'default/crash', title: 'Crash' }]);
    expect(filmRows(reads)).toBe(2);
  });
});
