// Two devices, each with its own real database (fake-indexeddb), sharing one sync storage area:
// the round that reads, merges, applies and writes, as the worker runs it.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createDeviceSync, type StorageAreaApi } from '../../src/background/device-sync/device-sync.ts';
import type { UserEventRow } from '../../src/core/rows.ts';
import {
  feedWithUrl,
  insertFeed,
  listFeeds,
  removeFeed,
  loadSettings,
  patchSettings,
  readPlan,
  type AfterpartyDb,
} from '../../src/db/index.ts';
import { setSaved } from '../../src/db/plan.ts';
import { listingsFor, liveFilms } from '../../src/db/queries.ts';
import { addUserEvent } from '../../src/db/user-events.ts';
import { addUserFilm, removeUserFilm } from '../../src/db/user-films.ts';
import type { UserEventInput } from '../../src/core/user-event-input.ts';
import { freshDb } from '../db/fake-db.ts';
import { memoryArea } from './memory-area.ts';
import { feedRow } from './feed-row.ts';

let now = Date.UTC(2026, 8, 1);
const clock = () => (now += 1000);

async function device(
  sync: StorageAreaApi,
  permitted = (_url: string) => true,
  remove: (url: string) => Promise<void> = async () => undefined,
) {
  const db = freshDb();
  await loadDefaultFeed(db);
  const added: string[] = [];
  let changes = 0;
  const local = memoryArea();
  let ledgerWrites = 0;
  const count = (id: unknown) => void (id === 'deviceSync.ledger' && (ledgerWrites += 1));
  db.settings.hook('creating', (id) => count(id));
  db.settings.hook('updating', (_mods, id) => count(id));
  const deviceSync = createDeviceSync({
    db,
    sync,
    local,
    clock,
    onChange: () => (changes += 1),
    delayMs: 0,
    feeds: {
      permitted: async (url) => permitted(url),
      remove: async (url) => {
        await remove(url);
        const feed = await feedWithUrl(db, url);
        if (feed) await removeFeed(db, feed.id);
      },
    },
  });
  /** The options page's click on an offered feed: addFeed, which subscribes (here, the feed's row). */
  const subscribe = async (url: string) => {
    added.push(url);
    await insertFeed(db, `f${added.length}`, feedRow(url, url));
  };
  return { db, deviceSync, added, subscribe, local, changes: () => changes, ledgerWrites: () => ledgerWrites };
}

const savedOf = async (db: AfterpartyDb) =>
  Object.fromEntries((await readPlan(db)).saved.map((row) => [row.eventKey, row.status]));

const ownEvent = (id: string, description: string): UserEventRow => ({
  key: `user/${id}`,
  id,
  feedId: 'user',
  kind: 'party',
  title: `Party ${id}`,
  films: [],
  filmKeys: [],
  festival: null,
  start: '2008-09-08T23:00:00-04:00',
  end: null,
  venue: { name: 'A bar on Queen West', address: null },
  host: null,
  access: 'public',
  url: null,
  description,
  source: null,
  cancelled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  timeZone: null,
  moved: false,
});

function inputOf(row: UserEventRow): UserEventInput {
  const { key: _k, id: _i, feedId: _f, filmKeys: _fk, createdAt: _c, updatedAt: _u, invitation: _inv, ...fields } = row;
  return { ...fields, timeZone: row.timeZone ?? null, moved: row.moved ?? false };
}

describe('device sync between two browsers', () => {
  it('carries saves, own events, settings and feed addresses over, and shows them at once', async () => {
    const sync = memoryArea();
    const a = await device(sync);
    const b = await device(sync);
    const [first, second] = await a.db.events.limit(2).toArray();
    await setSaved(a.db, first!.key, 'going');
    await setSaved(a.db, second!.key, 'interested');
    await a.db.userEvents.put(ownEvent('karaoke', 'Bring a song'));
    await patchSettings(a.db, { theme: 'dark' });
    await insertFeed(a.db, 'fx', feedRow('Parties', 'https://example.com/parties.ics'));
    await a.deviceSync.runNow();
    expect(Object.keys(sync.items).length).toBeGreaterThan(0);
    await b.deviceSync.runNow();
    // The own event came with no saved row: Going until the user says otherwise, here as there.
    expect(await savedOf(b.db)).toEqual({
      [first!.key]: 'going',
      [second!.key]: 'interested',
      'user/karaoke': 'going',
    });
    // Every field as it was, but the last change's time, which is the time a noted the change.
    const karaoke = await b.db.userEvents.get('user/karaoke');
    expect(karaoke).toEqual({ ...ownEvent('karaoke', 'Bring a song'), updatedAt: karaoke?.updatedAt });
    expect(Date.parse(karaoke!.updatedAt)).toBeGreaterThan(Date.parse('2026-01-01T00:00:00.000Z'));
    expect((await loadSettings(b.db)).theme).toBe('dark');
    // The feed is offered, never subscribed without a click (issue 26.7); the click subscribes.
    expect((await b.deviceSync.status()).waitingFeeds).toEqual(['https://example.com/parties.ics']);
    expect((await listFeeds(b.db)).map((feed) => feed.url)).not.toContain('https://example.com/parties.ics');
    await b.subscribe('https://example.com/parties.ics');
    await b.deviceSync.runNow();
    expect(b.added).toEqual(['https://example.com/parties.ics']);
    expect((await b.deviceSync.status()).waitingFeeds).toEqual([]);
    expect(b.changes()).toBeGreaterThan(0);
    // Settled: the next rounds write nothing, to sync storage, to the ledger, or to local storage
    // (whose every write reaches every content script).
    const written = () => [sync.writes, a.ledgerWrites(), b.ledgerWrites(), a.local.writes, b.local.writes];
    const writes = written();
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    expect(written()).toEqual(writes);
    // Positive control: a change here is written to sync storage and the ledger; local storage
    // no longer holds the ledger, so it is still not written.
    await patchSettings(a.db, { theme: 'light' });
    await a.deviceSync.runNow();
    expect(sync.writes).toBeGreaterThan(writes[0]!);
    expect(a.ledgerWrites()).toBeGreaterThan(writes[1]!);
    expect(a.local.writes).toBe(writes[3]);
  });

  it('carries an own film and the own event naming it over; a removal untied on one device is untied on the other', async () => {
    const sync = memoryArea();
    const a = await device(sync);
    const b = await device(sync);
    const { film } = await addUserFilm(a.db, {
      title: 'A Film Nobody Lists',
      aliases: ['Nobody'],
      year: 2026,
      directors: [],
    });
    const event = await addUserEvent(a.db, { ...inputOf(ownEvent('late', 'Late show')), films: [film.key] });
    expect(event.filmKeys).toEqual([film.key]);
    await a.deviceSync.runNow();
    expect(JSON.stringify(sync.items)).toContain(`"m:${film.id}"`);
    await b.deviceSync.runNow();
    const there = await b.db.userFilms.get(film.key);
    expect(there).toEqual({ ...film, updatedAt: there?.updatedAt });
    // The other device's card and matcher read it as a film, with the event tied to it.
    const { listings } = await listingsFor(b.db, [film.key]);
    expect(listings.map((l) => [l.film.title, l.events.map((e) => e.key)])).toEqual([[film.title, [event.key]]]);
    expect((await liveFilms(b.db)).map((f) => f.key)).toContain(film.key);

    await removeUserFilm(a.db, film.key, { untie: true });
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    expect(await b.db.userFilms.count()).toBe(0);
    expect((await b.db.userEvents.get(event.key))?.filmKeys).toEqual([]);
    // Positive control: the event itself is still there, on both devices.
    expect((await b.db.userEvents.get(event.key))?.title).toBe(event.title);
    expect(await a.db.userEvents.count()).toBe(1);
  });

  it('refuses an own film from sync storage that fails the checks, and keeps the rest', async () => {
    const sync = memoryArea();
    const a = await device(sync);
    const b = await device(sync);
    await addUserFilm(a.db, { title: 'Good Film', aliases: [], year: null, directors: [] });
    await a.deviceSync.runNow();
    // Another device (or a hostile extension with storage access) wrote a film with a bad year.
    const [key] = Object.keys(sync.items);
    (sync.items[key!] as Record<string, unknown[]>)['m:bad'] = [(now + 60_000).toString(36), { t: 'Bad', y: 12 }];
    await b.deviceSync.runNow();
    expect((await b.db.userFilms.toArray()).map((f) => f.title)).toEqual(['Good Film']);
    expect((await b.deviceSync.status()).skipped.join(' ')).toMatch(/year must be a whole number/);
  });

  it('carries a deletion back, and keeps the reminder switch each device set for itself', async () => {
    const sync = memoryArea();
    const a = await device(sync);
    const b = await device(sync);
    const [event, other] = await a.db.events.limit(2).toArray();
    await setSaved(a.db, event!.key, 'going');
    await setSaved(a.db, other!.key, 'going');
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    await b.db.saved.update(other!.key, { remind: true });
    await setSaved(a.db, event!.key, null);
    await setSaved(a.db, other!.key, 'interested');
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    expect(await savedOf(b.db)).toEqual({ [other!.key]: 'interested' });
    expect((await b.db.saved.get(other!.key))?.remind).toBe(true);
  });

  it('leaves a feed waiting for permission, subscribed nowhere it was not allowed', async () => {
    const sync = memoryArea();
    const a = await device(sync);
    const b = await device(sync, () => false);
    await insertFeed(a.db, 'fx', feedRow('Parties', 'https://example.com/parties.ics'));
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    expect(b.added).toEqual([]);
    expect((await b.deviceSync.status()).waitingFeeds).toEqual(['https://example.com/parties.ics']);
    // b's next round does not take the feed off the other devices.
    await b.deviceSync.runNow();
    expect(JSON.stringify(sync.items)).toContain('f:https://example.com/parties.ics');
    // Nor does it tell the views to re-read once more: nothing changed here (else every round,
    // by bumping the data revision, would start the next one).
    const told = b.changes();
    await b.deviceSync.runNow();
    expect(b.changes()).toBe(told);
    expect((await b.deviceSync.status()).waitingFeeds).toEqual(['https://example.com/parties.ics']);
  });

  it('says what stayed local when an event is too big, and sends the rest', async () => {
    const sync = memoryArea();
    const a = await device(sync);
    await a.db.userEvents.put(ownEvent('long', 'x'.repeat(5_000)));
    await a.db.userEvents.put(ownEvent('huge', 'y'.repeat(9_000)));
    await a.deviceSync.runNow();
    const status = await a.deviceSync.status();
    expect(status.stayedLocal).toEqual([{ kind: 'event', reason: 'too-big', count: 1 }]);
    expect(JSON.stringify(sync.items)).toContain('e:long');
    expect(JSON.stringify(sync.items)).not.toContain('e:huge');
    expect(await a.db.userEvents.get('user/huge')).toBeDefined();
  });

  it('keeps everything when the browser refuses the write, says why, and sends it on the next round', async () => {
    let refusal: string | null = 'QUOTA_BYTES quota exceeded';
    const sync = memoryArea(() => refusal);
    const a = await device(sync);
    const [event] = await a.db.events.limit(1).toArray();
    await setSaved(a.db, event!.key, 'going');
    await a.deviceSync.runNow();
    expect((await a.deviceSync.status()).error).toBe('QUOTA_BYTES quota exceeded');
    expect(await savedOf(a.db)).toEqual({ [event!.key]: 'going' });
    expect(sync.items).toEqual({});
    refusal = null;
    await a.deviceSync.runNow();
    expect((await a.deviceSync.status()).error).toBeNull();
    expect(JSON.stringify(sync.items)).toContain(`v:${event!.key}`);
  });

  it('does nothing while switched off, keeps the data, and merges when switched on again', async () => {
    const sync = memoryArea();
    const a = await device(sync);
    const b = await device(sync);
    await b.deviceSync.setEnabled(false);
    const [event] = await a.db.events.limit(1).toArray();
    await setSaved(a.db, event!.key, 'going');
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    expect(await savedOf(b.db)).toEqual({});
    expect((await b.deviceSync.status()).enabled).toBe(false);
    await b.deviceSync.setEnabled(true);
    expect(await savedOf(b.db)).toEqual({ [event!.key]: 'going' });
  });

  it('runs a round after a message that changed the plan, not after a read or a refusal', async () => {
    const sync = memoryArea();
    const a = await device(sync);
    const [event] = await a.db.events.limit(1).toArray();
    await setSaved(a.db, event!.key, 'going');
    a.deviceSync.after({ type: 'getPlan', params: {} }, { result: {} });
    a.deviceSync.after({ type: 'setSaved', params: {} }, { error: 'refused' });
    await new Promise((done) => setTimeout(done, 50));
    expect(sync.items).toEqual({});
    // Positive control: the same message answered with a result starts a round.
    a.deviceSync.after({ type: 'setSaved', params: {} }, { result: {} });
    await expect.poll(() => JSON.stringify(sync.items)).toContain(`v:${event!.key}`);
  });

  it('tries a feed that failed to unsubscribe again after a while, not on every round', async () => {
    // Subscribing from sync is never tried (issue 26.7): the retry is for unsubscribing.
    const sync = memoryArea();
    const a = await device(sync);
    let tries = 0;
    let failing = false;
    const b = await device(
      sync,
      () => true,
      async () => {
        if (!failing) return;
        tries += 1;
        throw new Error('The feed was not found at this address (HTTP 404).');
      },
    );
    await insertFeed(a.db, 'fx', feedRow('Gone', 'https://example.com/gone.json'));
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    await b.subscribe('https://example.com/gone.json');
    await b.deviceSync.runNow();
    await removeFeed(a.db, 'fx');
    await a.deviceSync.runNow();
    failing = true;
    await b.deviceSync.runNow();
    await b.deviceSync.runNow();
    expect(tries).toBe(1);
    expect((await b.deviceSync.status()).failedFeeds).toEqual([
      { url: 'https://example.com/gone.json', reason: 'The feed was not found at this address (HTTP 404).' },
    ]);
    now += 31 * 60 * 1000;
    await b.deviceSync.runNow();
    expect(tries).toBe(2);
    // Positive control: once it works, the feed is gone here too.
    failing = false;
    now += 31 * 60 * 1000;
    await b.deviceSync.runNow();
    expect((await listFeeds(b.db)).map((feed) => feed.url)).not.toContain('https://example.com/gone.json');
  });
});
