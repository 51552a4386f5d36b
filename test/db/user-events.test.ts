import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { makeBackup, restoreBackup } from '../../src/db/backup.ts';
import { listingsFor, schedule } from '../../src/db/queries.ts';
import { addUserEvent, deleteUserEvent, listUserEvents, updateUserEvent } from '../../src/db/user-events.ts';
import { checkUserEventInput, inputFromDraft, type UserEventInput } from '../../src/core/user-event-input.ts';
import { freshDb } from './fake-db.ts';
import { withTitles } from '../background/with-titles.ts';

const dinner: UserEventInput = {
  kind: 'dinner',
  title: 'Dinner with the Fugitive Pieces crew',
  films: ['default/fugitive-pieces', 'default/no-such-film'],
  festival: 'default/tiff-2007',
  start: '2007-09-07T20:00:00-04:00',
  end: null,
  timeZone: 'America/Toronto',
  venue: { name: 'Bymark', address: '66 Wellington St W' },
  host: 'A publicist',
  access: 'invite',
  url: 'https://example.com/invite',
  description: 'Bring the invitation.',
  source: null,
  cancelled: false,
  moved: false,
};

async function loaded() {
  const db = freshDb();
  await loadDefaultFeed(db);
  return db;
}

describe("the user's own events", () => {
  it('are stored under the feed id "user", linked only to films the catalog knows', async () => {
    const db = await loaded();
    const event = await addUserEvent(db, dinner, { newId: () => 'd1', now: () => new Date('2007-09-01T10:00:00Z') });
    expect(event).toMatchObject({
      key: 'user/d1',
      id: 'd1',
      feedId: 'user',
      films: ['default/fugitive-pieces'],
      filmKeys: ['default/fugitive-pieces'],
      festival: 'default/tiff-2007',
      createdAt: '2007-09-01T10:00:00.000Z',
    });
    expect(await listUserEvents(db)).toEqual([event]);
  });

  it('appear in the schedule and in the film listings beside feed events, in the festival zone', async () => {
    const db = await loaded();
    await addUserEvent(db, dinner, { newId: () => 'd1' });
    const all = await schedule(db);
    expect(all.events.filter((e) => e.feedId === 'user').map((e) => e.title)).toEqual([dinner.title]);
    expect(all.events.length).toBeGreaterThan(10);
    const { listings, festivals } = await listingsFor(db, ['default/fugitive-pieces']);
    expect(listings[0]!.events.map((e) => e.key)).toEqual(
      expect.arrayContaining(['user/d1', 'default/fugitive-pieces-rosedale']),
    );
    expect(festivals.map((f) => f.key)).toContain('default/tiff-2007');
  });

  it('are edited and deleted, and a deleted event leaves the saved plan', async () => {
    const db = await loaded();
    await addUserEvent(db, dinner, { newId: () => 'd1', now: () => new Date('2007-09-01T10:00:00Z') });
    const edited = await updateUserEvent(
      db,
      'user/d1',
      { ...dinner, title: 'Dinner moved to Joso’s', moved: true },
      { now: () => new Date('2007-09-02T10:00:00Z') },
    );
    expect(edited).toMatchObject({
      title: 'Dinner moved to Joso’s',
      moved: true,
      createdAt: '2007-09-01T10:00:00.000Z',
      updatedAt: '2007-09-02T10:00:00.000Z',
    });
    await db.saved.put({ eventKey: 'user/d1', status: 'going', savedAt: '2007-09-02T11:00:00Z' });
    expect(await deleteUserEvent(db, 'user/d1')).toBe(true);
    expect(await db.userEvents.count()).toBe(0);
    expect(await db.saved.count()).toBe(0);
    await expect(updateUserEvent(db, 'user/d1', dinner)).rejects.toThrow(/no longer exists/);
  });

  it('are never touched by loading a feed again', async () => {
    const db = await loaded();
    await addUserEvent(db, dinner, { newId: () => 'd1' });
    await loadDefaultFeed(db);
    expect((await listUserEvents(db)).map((e) => e.key)).toEqual(['user/d1']);
  });

  it('go into the backup and come back from it', async () => {
    const db = await loaded();
    const event = await addUserEvent(db, { ...dinner, moved: true }, { newId: () => 'd1' });
    const backup = JSON.parse(JSON.stringify(await makeBackup(db)));
    await deleteUserEvent(db, 'user/d1');
    const other = await loaded();
    await restoreBackup(other, backup);
    expect(await listUserEvents(other)).toEqual([event]);
  });
});

describe('messages for own events', () => {
  it('are refused from content scripts and accepted from extension pages', async () => {
    const db = await loaded();
    const handlers = createHandlers(withTitles({ db, ready: async () => {} }));
    const message = { type: 'addUserEvent', params: { event: dinner } };
    expect(await route(handlers, message, { extensionPage: false })).toEqual({
      error: "addUserEvent is accepted only from Afterparty's own pages",
    });
    expect(
      await route(handlers, { type: 'deleteUserEvent', params: { key: 'user/x' } }, { extensionPage: false }),
    ).toHaveProperty('error');
    const reply = await route(handlers, message, { extensionPage: true });
    expect(reply).toHaveProperty('result.event.feedId', 'user');
    expect(await db.userEvents.count()).toBe(1);
  });

  it('check the event like a feed event: no local times, http(s) links only, a title', () => {
    expect(checkUserEventInput({ ...dinner, start: '2007-09-07T20:00' })).toMatch(/no UTC offset/);
    expect(checkUserEventInput({ ...dinner, title: '  ' })).toMatch(/title is empty/);
    expect(checkUserEventInput({ ...dinner, url: 'javascript:alert(1)' })).toMatchObject({ url: null });
    expect(checkUserEventInput({ ...dinner, kind: 'rave', timeZone: 'Mars/Olympus' })).toMatchObject({
      kind: 'other',
      timeZone: null,
    });
    expect(checkUserEventInput('nope')).toBe('the event must be an object');
  });

  it('only touch keys of the user feed', async () => {
    const db = await loaded();
    const handlers = createHandlers(withTitles({ db, ready: async () => {} }));
    const reply = await route(
      handlers,
      { type: 'deleteUserEvent', params: { key: 'default/ypf-wicked' } },
      { extensionPage: true },
    );
    expect(reply).toEqual({ error: 'deleteUserEvent: key must be one of your own events ("user/…")' });
    expect(await db.events.get('default/ypf-wicked')).toBeDefined();
  });
});

describe('an event found on a page, added as your own', () => {
  it('keeps its page as source, reads zone-less times locally and carries cancelled/moved', async () => {
    const { eventsOf } = await import('../core/page-events/jsonld-fixtures.ts');
    const [floating] = eventsOf('floating.html');
    const input = inputFromDraft(floating!, 'Europe/Paris');
    expect(input).toMatchObject({
      start: '2031-06-20T21:30:00+02:00',
      end: '2031-06-20T23:45:00+02:00',
      timeZone: 'Europe/Paris',
      source: { url: 'https://publisher.example/floating.html' },
    });
    expect(checkUserEventInput(input)).toMatchObject({ start: '2031-06-20T21:30:00+02:00' });
    const [, , cancelled, moved] = eventsOf('festival-graph.html');
    expect(inputFromDraft(cancelled!, 'UTC')).toMatchObject({
      cancelled: true,
      moved: false,
      start: '2008-09-08T18:00:00-04:00',
      timeZone: null,
    });
    const db = await loaded();
    const stored = await addUserEvent(db, checkUserEventInput(inputFromDraft(moved!, 'UTC')) as UserEventInput);
    expect(stored).toMatchObject({ moved: true, films: ['default/jcvd'], festival: 'default/tiff-2008' });
  });
});

describe('own events in the calendar export', () => {
  it('are written as VEVENTs in their festival zone, like feed events', async () => {
    const { exportIcs } = await import('../../src/core/ical/export.ts');
    const { timeZoneResolver } = await import('../../src/core/time/time-zones.ts');
    const db = await loaded();
    await addUserEvent(db, dinner, { newId: () => 'd1' });
    const { events, festivals } = await schedule(db);
    const own = events.filter((e) => e.feedId === 'user');
    const zoneOf = timeZoneResolver(festivals);
    expect(own.map(zoneOf)).toEqual(['America/Toronto']);
    const { ics, skipped } = exportIcs(
      own.map((event) => ({ event, timeZone: zoneOf(event) })),
      Date.UTC(2007, 8, 1),
    );
    expect(skipped).toEqual([]);
    expect(ics).toContain('UID:user/d1@afterparty');
    expect(ics).toContain('SUMMARY:Dinner with the Fugitive Pieces crew');
    expect(ics).toContain('DTSTART;TZID=America/Toronto:20070907T200000');
  });
});
