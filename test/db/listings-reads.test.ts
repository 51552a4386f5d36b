import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../src/core/rows.ts';
import type { AfterpartyDb } from '../../src/db/database.ts';
import { liveByKey } from '../../src/db/feed-slots.ts';
import { eventCatalog, listingsFor, liveFilmsOf, schedule } from '../../src/db/queries.ts';
import { countReads } from './count-reads.ts';
import { freshDb } from './fake-db.ts';
import { film, liveFeed } from './slot-rows.ts';

const filmReads = (reads: Map<string, number>) =>
  Object.fromEntries(['films', 'filmsAlt', 'userFilms'].map((name) => [name, reads.get(name) ?? 0]));

/** Two feeds, one live in each slot, each with a stale row in its idle slot, and one of the user's films. */
async function twoSlots(): Promise<AfterpartyDb> {
  const db = freshDb();
  await db.feeds.bulkPut([liveFeed('fa', 'a'), liveFeed('fb', 'b'), liveFeed('off', 'a', false)]);
  await db.films.bulkPut([
    film('fa', '1', 'Live in a'),
    film('fb', '1', 'Stale in a'),
    film('off', '1', 'Switched off'),
  ]);
  await db.filmsAlt.bulkPut([film('fb', '1', 'Live in b'), film('fa', '1', 'Stale in b')]);
  await db.userFilms.put({ ...film('user', 'mine', 'My own film'), createdAt: '2026-01-01', updatedAt: '2026-01-01' });
  return db;
}

describe("the card's listings read each film from its feed's live slot", () => {
  it('finds the live row of each feed, the user film, and nothing of a slot not live or a feed switched off', async () => {
    const db = await twoSlots();
    const { listings } = await listingsFor(db, ['fb/1', 'user/mine', 'fa/1', 'off/1', 'fa/none', 'odd-key']);
    expect(listings.map((l) => l.film.title)).toEqual(['Live in b', 'My own film', 'Live in a']);
  });

  it('asks IndexedDB for one row per film, not one per slot and the user films', async () => {
    const db = await twoSlots();
    const reads = await countReads(db);
    const { listings } = await listingsFor(db, ['fa/1', 'fb/1', 'user/mine']);
    expect(listings).toHaveLength(3); // positive control: every film was found
    expect(filmReads(reads)).toEqual({ films: 1, filmsAlt: 1, userFilms: 1 });
  });

  it('reads a key of no live feed from both slots and the user films, as before, and keeps no row of it', async () => {
    const db = await twoSlots();
    const reads = await countReads(db);
    const { listings } = await listingsFor(db, ['off/1', 'fa/1']);
    expect(listings.map((l) => l.film.title)).toEqual(['Live in a']);
    expect(filmReads(reads)).toEqual({ films: 2, filmsAlt: 1, userFilms: 1 });
  });

  it('liveFilmsOf reads the named films alone, never a whole table', async () => {
    const db = await twoSlots();
    const reads = await countReads(db);
    const films = await liveFilmsOf(db, ['fb/1', 'fa/1', 'fb/1']);
    expect(films.map((f) => f.title).sort()).toEqual(['Live in a', 'Live in b']);
    expect(filmReads(reads)).toEqual({ films: 1, filmsAlt: 1, userFilms: 0 });
    // The feeds are read whole (a handful of rows, for their live slots); no table of films is.
    expect([...reads.keys()].filter((k) => k.startsWith('query:'))).toEqual(['query:feeds']);
  });

  it("reads events by key the same way: one request a key, from its feed's live slot", async () => {
    const db = await twoSlots();
    const event = (feedId: string, title: string) => ({ key: `${feedId}/e1`, feedId, title }) as unknown as EventRow;
    await db.events.bulkPut([event('fa', 'Live in a'), event('fb', 'Stale in a')]);
    await db.eventsAlt.bulkPut([event('fb', 'Live in b')]);
    const reads = await countReads(db);
    const found = await liveByKey(db, 'events', ['fa/e1', 'fb/e1', 'off/e1']);
    expect([...found.values()].map((e) => e.title).sort()).toEqual(['Live in a', 'Live in b']);
    // 'off/e1', of a feed switched off, is read from both slots as before; the others once each.
    expect({ events: reads.get('events'), eventsAlt: reads.get('eventsAlt') }).toEqual({ events: 2, eventsAlt: 2 });
  });
});

describe("the popup's schedule names its events' films without reading the catalog", () => {
  const event = (feedId: string, id: string, filmKeys: string[]) =>
    ({ key: `${feedId}/${id}`, feedId, id, title: `${feedId} ${id}`, filmKeys }) as unknown as EventRow;

  async function withEvents(): Promise<AfterpartyDb> {
    const db = await twoSlots();
    // A film no event names, in the live slot of its feed: the schedule has no use for it.
    await db.films.bulkPut([film('fa', 'quiet', 'Nobody parties for this one')]);
    await db.events.bulkPut([event('fa', 'e1', ['fa/1'])]);
    await db.eventsAlt.bulkPut([event('fb', 'e1', ['fb/1', 'fa/1'])]);
    return db;
  }

  it('gives every live event with the films they name, each read by key, and no range read of a film table', async () => {
    const db = await withEvents();
    const reads = await countReads(db);
    const { events, films } = await schedule(db);
    expect(events.map((e) => e.title).sort()).toEqual(['fa e1', 'fb e1']);
    // Positive control: the named films are there, from their live slots.
    expect(films.map((f) => f.title).sort()).toEqual(['Live in a', 'Live in b']);
    expect(filmReads(reads)).toEqual({ films: 1, filmsAlt: 1, userFilms: 0 });
    expect([...reads.keys()].filter((k) => /^query:(films|filmsAlt|userFilms)$/.test(k))).toEqual([]);
  });

  it("the own-event form's catalog lists every live film by key and title, the unnamed and the user's own", async () => {
    const db = await withEvents();
    const films = (await eventCatalog(db)).films!;
    expect(films.map((f) => f.title).sort()).toEqual([
      'Live in a',
      'Live in b',
      'My own film',
      'Nobody parties for this one',
    ]);
    expect(films.every((f) => Object.keys(f).sort().join() === 'key,title')).toBe(true);
  });
});
