import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { addCorrection } from '../../src/db/corrections.ts';
import { liveFilms } from '../../src/db/queries.ts';
import { countReads } from '../db/count-reads.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from './with-titles.ts';

describe('listCorrections', () => {
  it('lists every correction, newest first, with its film title; removeCorrection undoes one', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const film = (await liveFilms(db)).find((f) => f.title === 'Fugitive Pieces')!;
    await addCorrection(
      db,
      { filmKey: film.key, surface: 'Fugitive  Pieces', site: 'www.example.com' },
      new Date('2024-01-01T00:00:00Z'),
    );
    await addCorrection(
      db,
      { filmKey: 'gone-feed/gone', surface: 'Crash', site: null },
      new Date('2024-01-02T00:00:00Z'),
    );
    const handlers = createHandlers(withTitles({ db, ready: async () => undefined }));
    const reply = await route(handlers, { type: 'listCorrections', params: {} }, { extensionPage: true });
    if (!('result' in reply)) throw new Error(reply.error);
    const { corrections } = reply.result as {
      corrections: Array<{ id: string; surface: string; site: string | null; filmTitle: string | null }>;
    };
    expect(corrections.map(({ surface, site, filmTitle }) => ({ surface, site, filmTitle }))).toEqual([
      { surface: 'crash', site: null, filmTitle: null },
      { surface: 'fugitive pieces', site: 'www.example.com', filmTitle: 'Fugitive Pieces' },
    ]);
    await route(handlers, { type: 'removeCorrection', params: { id: corrections[0]!.id } }, { extensionPage: true });
    expect((await handlers.listCorrections({})).corrections).toHaveLength(1);
  });

  it('reads the corrected films by key, not every film of the catalog', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const film = (await liveFilms(db)).find((f) => f.title === 'Fugitive Pieces')!;
    await addCorrection(db, { filmKey: film.key, surface: 'Fugitive  Pieces', site: null });
    const reads = await countReads(db);
    const handlers = createHandlers(withTitles({ db, ready: async () => undefined }));
    const { corrections } = await handlers.listCorrections({}, { extensionPage: true });
    expect(corrections.map((c) => c.filmTitle)).toEqual(['Fugitive Pieces']); // positive control
    expect(reads.get('films')).toBe(1);
    expect(reads.get('query:films') ?? 0).toBe(0);
    expect(reads.get('query:filmsAlt') ?? 0).toBe(0);
  });

  it('is refused from content scripts: a page learns nothing of the corrections made on other sites', async () => {
    const handlers = createHandlers(withTitles({ db: freshDb(), ready: async () => undefined }));
    expect(
      await route(
        handlers,
        { type: 'listCorrections', params: {} },
        { extensionPage: false, pageUrl: 'https://evil.example/' },
      ),
    ).toEqual({
      error: "listCorrections is accepted only from Afterparty's own pages",
    });
  });
});
