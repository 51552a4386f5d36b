import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { parseFeed } from '../../src/core/feed/parse.ts';
import defaultFeedDocument from '../../src/data/default-feed.json';
import { feedRows } from '../../src/db/feed-store.ts';
import { liveFilms, schedule } from '../../src/db/queries.ts';
import { openShippedSchema } from './old-schema.ts';

/** The schema as version 0.1.0 shipped it, so the upgrade is real. */
const openV1 = (name: string) => openShippedSchema(name, 1);

describe('schema upgrades', () => {
  it('opens a version 1 database with its listings and saved events intact', async () => {
    const name = `upgrade-${Date.now()}`;
    const v1 = openV1(name);
    await v1.table('feeds').put({ id: 'default', title: 'Default', eventCount: 1 });
    await v1
      .table('events')
      .put({ key: 'default/e1', feedId: 'default', filmKeys: ['default/f1'], start: '2007-09-06' });
    await v1.table('saved').put({ eventKey: 'default/e1', status: 'going', savedAt: '2007-09-01T00:00:00Z' });
    v1.close();

    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(2);
    expect(await db.saved.toArray()).toEqual([
      { eventKey: 'default/e1', status: 'going', savedAt: '2007-09-01T00:00:00Z' },
    ]);
    expect(await db.events.where('filmKeys').equals('default/f1').count()).toBe(1);
    expect(await db.corrections.count()).toBe(0);
    expect(await db.userEvents.count()).toBe(0);
    db.close();
  });

  it("keeps the user's own events written by a version 2 database (issue 7)", async () => {
    const name = `upgrade-user-${Date.now()}`;
    const v2 = openV1(name);
    v2.version(2).stores({ corrections: 'id, filmKey, site', userEvents: 'key, start, *filmKeys' });
    const own = {
      key: 'user/u1',
      id: 'u1',
      feedId: 'user',
      title: 'Karaoke',
      filmKeys: ['default/f1'],
      start: '2008-09-09T23:00:00-04:00',
      createdAt: '2008-09-01T00:00:00Z',
      updatedAt: '2008-09-01T00:00:00Z',
    };
    await v2.table('userEvents').put(own);
    v2.close();

    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(await db.userEvents.toArray()).toEqual([own]);
    expect(await db.userEvents.where('filmKeys').equals('default/f1').count()).toBe(1);
    db.close();
  });

  it('reads the listings of a version 1 database through the sync slots (v4) and syncs over them without touching user data', async () => {
    const name = `upgrade-slots-${Date.now()}`;
    const v1 = openV1(name);
    const parsed = parseFeed(JSON.stringify(defaultFeedDocument));
    if (!parsed.ok) throw new Error(parsed.error);
    // Real data, as the 0.1.0 release wrote it: the default feed and a saved event.
    const rows = feedRows('default', parsed.feed);
    await v1.table('feeds').put({
      id: 'default',
      title: parsed.feed.title,
      url: null,
      builtIn: true,
      updated: null,
      lastSync: '2007-09-01T00:00:00.000Z',
      lastError: null,
      problems: [],
      eventCount: rows.events.length,
      filmCount: rows.films.length,
    });
    await v1.table('festivals').bulkPut(rows.festivals);
    await v1.table('films').bulkPut(rows.films);
    await v1.table('events').bulkPut(rows.events);
    const saved = { eventKey: rows.events[0]?.key, status: 'going', savedAt: '2007-09-01T00:00:00Z' };
    await v1.table('saved').put(saved);
    v1.close();

    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(4);
    const all = await schedule(db);
    expect(all.events).toHaveLength(rows.events.length);
    // The schedule names the films its events are for; the catalog (liveFilms) is every film.
    const named = new Set(rows.events.flatMap((e) => e.filmKeys));
    expect(all.films.map((f) => f.key).sort()).toEqual(
      rows.films
        .map((f) => f.key)
        .filter((k) => named.has(k))
        .sort(),
    );
    expect((await liveFilms(db)).map((f) => f.key).sort()).toEqual(rows.films.map((f) => f.key).sort());
    await loadDefaultFeed(db);
    expect((await schedule(db)).events).toHaveLength(rows.events.length);
    expect(await db.saved.toArray()).toEqual([saved]);
    db.close();
  });
});
