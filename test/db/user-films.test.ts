import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { openDatabase } from '../../src/db/database.ts';
import { eventsOfListedFilms, eventsWithContext } from '../../src/db/plan.ts';
import { eventCatalog, listingsFor, liveFilm, liveFilms, schedule } from '../../src/db/queries.ts';
import { addUserEvent, listUserEvents } from '../../src/db/user-events.ts';
import { addUserFilm, FilmInUseError, listUserFilms, removeUserFilm } from '../../src/db/user-films.ts';
import { checkUserFilmInput, type UserFilmInput } from '../../src/core/user-film-input.ts';
import { userEventInput } from './user-event-input.ts';
import { freshDb } from './fake-db.ts';

const lost: UserFilmInput = { title: 'A Film Nobody Lists', aliases: ['Nobody Lists'], year: 2026, directors: [] };

const screening = (films: string[]) =>
  userEventInput(films, {
    title: 'A Film Nobody Lists at the Lightbox',
    venue: { name: 'Lightbox', address: null },
    access: 'ticketed',
  });

async function loaded() {
  const db = freshDb();
  await loadDefaultFeed(db);
  return db;
}

describe("the user's own films", () => {
  it('are stored under the feed id "user" and read with the live films', async () => {
    const db = await loaded();
    const feedFilms = (await liveFilms(db)).length;
    const { film, added } = await addUserFilm(db, lost, { newId: () => 'f1', now: () => new Date('2026-09-01Z') });
    expect(added).toBe(true);
    expect(film).toEqual({
      ...lost,
      id: 'f1',
      key: 'user/f1',
      feedId: 'user',
      createdAt: '2026-09-01T00:00:00.000Z',
      updatedAt: '2026-09-01T00:00:00.000Z',
    });
    const films = await liveFilms(db);
    expect(films).toHaveLength(feedFilms + 1);
    expect(films.map((f) => f.key)).toContain('default/fugitive-pieces');
    expect(await liveFilm(db, 'user/f1')).toEqual(film);
    // The own-event form picks it; the schedule names it once an event is for it.
    expect((await eventCatalog(db)).films).toContainEqual({ key: 'user/f1', title: lost.title });
    expect((await schedule(db)).films.map((f) => f.key)).not.toContain('user/f1');
    await addUserEvent(db, screening(['user/f1']));
    expect((await schedule(db)).films.map((f) => f.key)).toContain('user/f1');
  });

  it('the same title again hands back the film already added, not a second one', async () => {
    const db = await loaded();
    const first = await addUserFilm(db, lost, { newId: () => 'f1' });
    const again = await addUserFilm(db, { ...lost, title: 'a film nobody LISTS', aliases: [] }, { newId: () => 'f2' });
    expect(again).toEqual({ film: first.film, added: false });
    // A different year is a different film (a remake).
    const remake = await addUserFilm(db, { ...lost, year: 1990 }, { newId: () => 'f3' });
    expect(remake.added).toBe(true);
    expect((await listUserFilms(db)).map((f) => f.key).sort()).toEqual(['user/f1', 'user/f3']);
  });

  it('can be named by an own event, which then shows in that film’s listing, the plan and the card scope', async () => {
    const db = await loaded();
    await addUserFilm(db, lost, { newId: () => 'f1' });
    const event = await addUserEvent(db, screening(['user/f1']), { newId: () => 'e1' });
    expect(event.filmKeys).toEqual(['user/f1']);
    const { listings } = await listingsFor(db, ['user/f1']);
    expect(listings.map((l) => [l.film.title, l.events.map((e) => e.key)])).toEqual([[lost.title, ['user/e1']]]);
    expect((await eventsWithContext(db, ['user/e1'])).films.map((f) => f.key)).toEqual(['user/f1']);
    expect([...(await eventsOfListedFilms(db, ['user/e1']))]).toEqual(['user/e1']);
  });

  it('an event naming a film not added is stored without it (positive control: the same event once the film is added)', async () => {
    const db = await loaded();
    expect((await addUserEvent(db, screening(['user/f1']), { newId: () => 'e0' })).filmKeys).toEqual([]);
    await addUserFilm(db, lost, { newId: () => 'f1' });
    expect((await addUserEvent(db, screening(['user/f1']), { newId: () => 'e1' })).filmKeys).toEqual(['user/f1']);
  });

  it('a film that own events name is removed only when asked to untie it from them, which keeps the events', async () => {
    const db = await loaded();
    await addUserFilm(db, lost, { newId: () => 'f1' });
    await addUserEvent(db, screening(['user/f1', 'default/fugitive-pieces']), { newId: () => 'e1' });
    const refused = removeUserFilm(db, 'user/f1', { untie: false });
    await expect(refused).rejects.toThrow(FilmInUseError);
    await expect(refused).rejects.toThrow(/One of your events names “A Film Nobody Lists”/);
    expect(await listUserFilms(db)).toHaveLength(1);
    expect((await listUserEvents(db))[0]!.filmKeys).toEqual(['user/f1', 'default/fugitive-pieces']);

    const done = await removeUserFilm(db, 'user/f1', { untie: true }, { now: () => new Date('2026-09-02Z') });
    expect(done).toEqual({ removed: true, untied: 1 });
    expect(await listUserFilms(db)).toEqual([]);
    const [kept] = await listUserEvents(db);
    expect(kept).toMatchObject({
      key: 'user/e1',
      films: ['default/fugitive-pieces'],
      filmKeys: ['default/fugitive-pieces'],
      updatedAt: '2026-09-02T00:00:00.000Z',
    });
    expect((await liveFilms(db)).map((f) => f.key)).not.toContain('user/f1');
  });

  it('a film no event names is removed at once; an unknown key removes nothing', async () => {
    const db = await loaded();
    await addUserFilm(db, lost, { newId: () => 'f1' });
    expect(await removeUserFilm(db, 'user/nope', { untie: false })).toEqual({ removed: false, untied: 0 });
    expect(await listUserFilms(db)).toHaveLength(1);
    expect(await removeUserFilm(db, 'user/f1', { untie: false })).toEqual({ removed: true, untied: 0 });
    expect(await listUserFilms(db)).toEqual([]);
  });

  it('are checked like a feed’s films: text cleaned, and a bad year is refused with the reason', () => {
    expect(checkUserFilmInput({ title: ' Lost\u202e Film ', aliases: ['LF', 'LF'], year: 2026 })).toEqual({
      title: 'Lost Film',
      aliases: ['LF'],
      year: 2026,
      directors: [],
    });
    expect(checkUserFilmInput({ title: 'Lost Film', year: 12 })).toMatch(/year must be a whole number from 1870/);
    expect(checkUserFilmInput({ title: '' })).toMatch(/title is empty/);
    expect(checkUserFilmInput('Lost Film')).toBe('the film must be an object');
  });
});

describe('schema v5', () => {
  it("opens a version 4 database with the user's events intact and an empty films table", async () => {
    const name = `upgrade-v5-${Date.now()}`;
    // The v4 schema as shipped, written here as it was so the upgrade is real.
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(1).stores({
      feeds: 'id',
      festivals: 'key, feedId',
      films: 'key, feedId',
      events: 'key, feedId, *filmKeys, start',
      saved: 'eventKey',
    });
    old.version(2).stores({ corrections: 'id, filmKey, site', userEvents: 'key, start, *filmKeys' });
    old.version(3).stores({ settings: 'id' });
    old.version(4).stores({
      festivalsAlt: 'key, feedId',
      filmsAlt: 'key, feedId',
      eventsAlt: 'key, feedId, *filmKeys, start',
      stageJobs: 'feedId',
      leases: 'name',
    });
    const own = { key: 'user/u1', id: 'u1', feedId: 'user', title: 'Karaoke', filmKeys: [], start: null };
    await old.table('userEvents').put(own);
    old.close();

    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(8);
    expect(await db.userEvents.toArray()).toEqual([own]);
    expect(await db.userFilms.count()).toBe(0);
    db.close();
  });
});
