import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { WHOLE_CATALOG_UP_TO } from '../../src/core/title-choices.ts';
import { openDatabase, type AfterpartyDb } from '../../src/db/database.ts';
import { liveFilmCount, liveFilmsTitled, liveTitles } from '../../src/db/film-titles.ts';
import { eventCatalog } from '../../src/db/queries.ts';
import { freshDb } from './fake-db.ts';
import { film, liveFeed } from './slot-rows.ts';
import { openShippedSchema } from './old-schema.ts';
import { countRowReads } from './row-reads.ts';

/** Two feeds live in either slot, a stale row in each idle slot, a feed switched off, and one of the user's films. */
async function twoSlots(): Promise<AfterpartyDb> {
  const db = freshDb();
  await db.feeds.bulkPut([liveFeed('fa', 'a'), liveFeed('fb', 'b'), liveFeed('off', 'a', false)]);
  await db.films.bulkPut([
    film('fa', '1', 'Zazie in a'),
    film('fa', '2', 'Alien'),
    film('fb', '1', 'Stale in a'),
    film('off', '1', 'Alien'),
  ]);
  await db.filmsAlt.bulkPut([film('fb', '1', 'ALIEN'), film('fa', '1', 'Stale in b')]);
  await db.userFilms.put({ ...film('user', 'mine', 'alien'), createdAt: '2026-01-01', updatedAt: '2026-01-01' });
  return db;
}

const filmRows = (reads: Map<string, number>) =>
  [...reads].filter(([what]) => /^rows:(films|filmsAlt)$/.test(what)).reduce((n, [, count]) => n + count, 0);

describe('the live titles, read from the title index', () => {
  it("gives each live film's key and title in title order, the user's own included, and nothing of an idle slot or a feed switched off", async () => {
    const db = await twoSlots();
    expect(await liveTitles(db)).toEqual([
      { key: 'fb/1', title: 'ALIEN' },
      { key: 'fa/2', title: 'Alien' },
      { key: 'fa/1', title: 'Zazie in a' },
      { key: 'user/mine', title: 'alien' },
    ]);
    expect(await liveFilmCount(db)).toBe(4);
  });

  it("reads no film's row: the index's keys only", async () => {
    const db = await twoSlots();
    const reads = await countRowReads(db);
    expect(await liveTitles(db)).toHaveLength(4);
    expect(await liveFilmCount(db)).toBe(4);
    expect(filmRows(reads)).toBe(0);
    // Positive control: the walk is seen, and a read of the rows would be.
    expect(reads.get('keys:films')).toBe(4);
    expect(reads.get('keys:filmsAlt')).toBe(2);
    await db.films.toArray();
    expect(filmRows(reads)).toBe(4);
  });

  it('finds the films of an exact title, case ignored, live only, the user’s own first, reading those rows alone', async () => {
    const db = await twoSlots();
    const reads = await countRowReads(db);
    expect(await liveFilmsTitled(db, 'alien')).toEqual([
      { key: 'user/mine', title: 'alien' },
      { key: 'fa/2', title: 'Alien' },
      { key: 'fb/1', title: 'ALIEN' },
    ]);
    // The index's keys name them: no film's row is read.
    expect(filmRows(reads)).toBe(0);
    expect(reads.get('keys:films')).toBeGreaterThan(0);
    expect(await liveFilmsTitled(db, 'Alie')).toEqual([]);
  });
});

describe("the own-event form's catalog", () => {
  it('comes whole for a small catalog, and as null, with no film read, for one past WHOLE_CATALOG_UP_TO', async () => {
    const db = await twoSlots();
    expect((await eventCatalog(db)).films).toHaveLength(4);
    // 4 live films and these: one past the limit.
    await db.films.bulkPut(Array.from({ length: WHOLE_CATALOG_UP_TO - 3 }, (_, i) => film('fa', `n${i}`, `Film ${i}`)));
    const reads = await countRowReads(db);
    const { films } = await eventCatalog(db);
    expect(films).toBeNull();
    expect(reads.get('keys:films') ?? 0).toBe(0);
    expect(filmRows(reads)).toBe(0);
    expect(reads.get('count:films')).toBeGreaterThan(0);
    // Positive control: one film fewer and it comes whole again.
    await db.films.delete('fa/n0');
    expect((await eventCatalog(db)).films).toHaveLength(WHOLE_CATALOG_UP_TO);
  });
});

describe('schema v8: films by title', () => {
  it('opens a v7 database with every film kept and found by its title', async () => {
    const name = `upgrade-titles-${Date.now()}`;
    const v7 = openShippedSchema(name, 7);
    await v7.open();
    expect(v7.verno).toBe(7);
    const a = [film('default', 'f1', 'Fugitive Pieces'), film('default', 'f2', 'Juno')];
    const b = [film('default', 'f1', 'Fugitive Pieces (staged)')];
    await v7.table('feeds').put(liveFeed('default', 'a'));
    await v7.table('films').bulkPut(a);
    await v7.table('filmsAlt').bulkPut(b);
    v7.close();

    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.films.toArray()).toEqual(a);
    expect(await db.filmsAlt.toArray()).toEqual(b);
    expect(await db.films.where('title').equals('Juno').primaryKeys()).toEqual(['default/f2']);
    expect(await db.filmsAlt.where('title').startsWith('Fugitive').primaryKeys()).toEqual(['default/f1']);
    expect(await liveTitles(db)).toEqual([
      { key: 'default/f1', title: 'Fugitive Pieces' },
      { key: 'default/f2', title: 'Juno' },
    ]);
    db.close();
  });
});
