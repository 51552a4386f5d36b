import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedSync } from '../../../src/background/feed-sync/engine.ts';
import { schedule, listingsFor } from '../../../src/db/queries.ts';
import { loadDefaultFeed } from '../../../src/background/default-feed.ts';
import { addUserFilm } from '../../../src/db/user-films.ts';
import { freshDb } from '../../db/fake-db.ts';
import { conditional, startFeedServer, type FeedServer } from './feed-server.ts';
import { ICS, jsonFeed, TWO_EVENTS } from './fixtures.ts';
import { refusal } from './said.ts';
import { withTitles } from '../with-titles.ts';

let server: FeedServer;
let now: number;
const clock = () => now;

beforeEach(async () => {
  server = await startFeedServer();
  now = Date.parse('2007-09-06T12:00:00Z');
});
afterEach(async () => {
  await server.close();
});

function setup(options: Partial<Parameters<typeof createFeedSync>[0]> = {}) {
  const db = freshDb();
  const sync = createFeedSync(withTitles({ db, fetch, clock, random: () => 0.5, ...options }));
  return { db, sync };
}

describe('subscribing', () => {
  it('adds a JSON feed, stores its rows, and lists it', async () => {
    let body = TWO_EVENTS;
    server.on(
      '/feed.json',
      conditional(() => body),
    );
    const { db, sync } = setup();
    const feed = await sync.addFeed(server.url());
    expect(feed).toMatchObject({ title: 'Sync test feed', eventCount: 2, filmCount: 1, lastError: null });
    expect(feed.sync?.kind).toBe('json');
    const { listings } = await listingsFor(db, [`${feed.id}/fp`]);
    expect(listings[0]?.events.map((e) => e.title)).toEqual(['Fugitive Pieces party']);
    body = jsonFeed([{ id: 'a', title: 'Fugitive Pieces party, moved', film: 'fp' }]);
    const [outcome] = await sync.syncNow();
    expect(outcome).toMatchObject({ status: 'updated', written: 2 });
    expect((await schedule(db)).events.map((e) => e.title)).toEqual(['Fugitive Pieces party, moved']);
  });

  it('refuses an address that is not a feed, with the reason, and stores nothing', async () => {
    server.on('/page.html', (_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Hello'),
    );
    const { db, sync } = setup();
    expect(await refusal(sync.addFeed(server.url('/page.html')))).toBe('This address gives a web page, not a feed.');
    expect(await refusal(sync.addFeed('ftp://example.com/feed'))).toMatch(/https:\/\//);
    expect(await db.feeds.count()).toBe(0);
  });

  it('answers the feeds a web page links to, and subscribes to one', async () => {
    server.on('/page.html', (_, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><head><link rel="alternate" type="application/json" href="/feed.json" title="Parties">' +
            '<link rel="alternate" type="text/calendar" href="http://elsewhere.example/cal.ics"></head>',
        ),
    );
    server.on(
      '/feed.json',
      conditional(() => TWO_EVENTS),
    );
    const { db, sync } = setup();
    const page = server.url('/page.html');
    // The http calendar on another machine is not offered: it would be refused.
    expect(await sync.addFeedOrFind(page)).toEqual({
      found: [{ url: server.url('/feed.json'), title: 'Parties', kind: 'json' }],
    });
    expect(await db.feeds.count()).toBe(0);
    // The plain subscription refuses the page as before (the positive control of the offer).
    expect(await refusal(sync.addFeed(page))).toBe('This address gives a web page, not a feed.');
    const added = await sync.addFeedOrFind(server.url('/feed.json'));
    expect('feed' in added && added.feed.title).toBe('Sync test feed');
  });

  it('refuses a page that links to no feed, with addFeedOrFind as with addFeed', async () => {
    server.on('/page.html', (_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p><a href="/about">About</a>'),
    );
    const { sync } = setup();
    expect(await refusal(sync.addFeedOrFind(server.url('/page.html')))).toBe(
      'This address gives a web page, not a feed.',
    );
  });

  it('refuses the same feed twice', async () => {
    server.on(
      '/feed.json',
      conditional(() => TWO_EVENTS),
    );
    const { sync } = setup();
    await sync.addFeed(server.url());
    expect(await refusal(sync.addFeed(server.url()))).toBe('You already subscribe to this feed.');
  });

  it('removes a feed with its films and events and leaves the user data and other feeds', async () => {
    server.on(
      '/feed.json',
      conditional(() => TWO_EVENTS),
    );
    const { db, sync } = setup();
    await loadDefaultFeed(db);
    const feed = await sync.addFeed(server.url());
    await db.saved.put({ eventKey: `${feed.id}/a`, status: 'going', savedAt: '2007-09-01T00:00:00Z' });
    await db.corrections.put({
      id: 'c1',
      filmKey: `${feed.id}/fp`,
      surface: 'fugitive pieces',
      site: null,
      createdAt: '2007-09-01',
    });
    const before = (await schedule(db)).events.length;
    await sync.removeFeed(feed.id);
    const after = await schedule(db);
    expect(after.events.length).toBe(before - 2);
    expect(after.events.every((e) => e.feedId === 'default')).toBe(true);
    expect(await db.events.where('feedId').equals(feed.id).count()).toBe(0);
    expect(await db.saved.count()).toBe(1);
    expect(await db.corrections.count()).toBe(1);
    expect(await refusal(sync.removeFeed('default'))).toMatch(/switched off/);
  });

  it('hides a switched-off feed and shows it again when switched on', async () => {
    server.on(
      '/feed.json',
      conditional(() => TWO_EVENTS),
    );
    const { db, sync } = setup();
    const feed = await sync.addFeed(server.url());
    await sync.setEnabled(feed.id, false);
    expect((await schedule(db)).events).toEqual([]);
    await sync.setEnabled(feed.id, true);
    expect((await schedule(db)).events.length).toBe(2);
  });
});

describe('iCalendar feeds', () => {
  it('ties calendar events to the films of other feeds and takes the refresh interval', async () => {
    server.on(
      '/cal.ics',
      conditional(() => ICS, 'text/calendar'),
    );
    const { db, sync } = setup();
    await loadDefaultFeed(db);
    const feed = await sync.addFeed(server.url('/cal.ics'));
    expect(feed).toMatchObject({ title: 'Festival parties', eventCount: 1 });
    expect(feed.sync).toMatchObject({ kind: 'ical', refreshMinutes: 30 });
    const { listings } = await listingsFor(db, ['default/fugitive-pieces']);
    const titles = listings.flatMap((l) => l.events.map((e) => e.title));
    expect(titles).toContain('Dinner for Fugitive Pieces');
    const dinner = listings[0]?.events.find((e) => e.feedId === feed.id);
    expect(dinner).toMatchObject({
      kind: 'dinner',
      start: '2007-09-07T20:00:00-04:00',
      venue: { name: 'Josos', address: '202 Davenport Rd, Toronto' },
    });
  });
});

describe('iCalendar feeds and the film catalog', () => {
  it('keeps sending validators while the catalog stands, and matches an unchanged calendar again once a feed brings its film', async () => {
    server.on(
      '/cal.ics',
      conditional(() => ICS, 'text/calendar'),
    );
    const { db, sync } = setup();
    const calendar = await sync.addFeed(server.url('/cal.ics'));
    // No film known yet: the dinner is tied to nothing.
    expect((await schedule(db)).events.find((e) => e.feedId === calendar.id)?.filmKeys).toEqual([]);
    const [again] = await sync.syncNow(calendar.id);
    expect(again).toMatchObject({ status: 'unchanged', written: 0, requests: 1 });
    expect(server.requests.at(-1)?.ifNoneMatch).toMatch(/^"/);
    // A JSON feed brings the film. The calendar has not changed (its server would answer 304),
    // so its next request is unconditional and its events are matched against the new catalog.
    server.on(
      '/films.json',
      conditional(() => TWO_EVENTS),
    );
    const films = await sync.addFeed(server.url('/films.json'));
    const [relinked] = await sync.syncNow(calendar.id);
    expect(server.requests.at(-1)).toMatchObject({ path: '/cal.ics', ifNoneMatch: undefined });
    expect(films.id).not.toBe(calendar.id);
    expect(relinked).toMatchObject({ status: 'updated', written: 1 });
    const dinner = (await schedule(db)).events.find((e) => e.feedId === calendar.id);
    expect(dinner?.filmKeys).toEqual([`${films.id}/fp`]);
    // With the catalog unchanged again, the validators are back.
    const [settled] = await sync.syncNow(calendar.id);
    expect(settled).toMatchObject({ status: 'unchanged', written: 0 });
    expect(server.requests.at(-1)?.ifNoneMatch).toMatch(/^"/);
  });
});

describe("iCalendar feeds and the user's own films", () => {
  it("ties a calendar event to a film the user added, as to a feed's film", async () => {
    server.on(
      '/cal.ics',
      conditional(() => ICS, 'text/calendar'),
    );
    const { db, sync } = setup();
    const calendar = await sync.addFeed(server.url('/cal.ics'));
    expect((await schedule(db)).events.find((e) => e.feedId === calendar.id)?.filmKeys).toEqual([]);
    const { film } = await addUserFilm(db, { title: 'Fugitive Pieces', aliases: [], year: null, directors: [] });
    // The catalog changed: the unchanged calendar is asked again without validators and matched.
    const [relinked] = await sync.syncNow(calendar.id);
    expect(server.requests.at(-1)).toMatchObject({ path: '/cal.ics', ifNoneMatch: undefined });
    expect(relinked).toMatchObject({ status: 'updated', written: 1 });
    const { listings } = await listingsFor(db, [film.key]);
    expect(listings.map((l) => [l.film.title, l.events.map((e) => e.title)])).toEqual([
      ['Fugitive Pieces', ['Dinner for Fugitive Pieces']],
    ]);
  });
});

describe('conditional requests and unchanged feeds', () => {
  it('sends the validators, writes nothing on a 304, and nothing for an identical body', async () => {
    server.on(
      '/feed.json',
      conditional(() => TWO_EVENTS),
    );
    const { db, sync } = setup();
    const feed = await sync.addFeed(server.url());
    now += 60 * 60_000;
    const [second] = await sync.syncNow();
    expect(second).toMatchObject({ status: 'unchanged', written: 0, requests: 1 });
    expect(server.requests.at(-1)?.ifNoneMatch).toMatch(/^"/);
    expect(server.requests.at(-1)?.ifModifiedSince).toBe('Sat, 06 Sep 2007 12:00:00 GMT');
    expect((await db.feeds.get(feed.id))?.lastSync).toBe(new Date(now).toISOString());
    // Same body, no validators from the server: the content hash stops the write.
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(TWO_EVENTS));
    const [third] = await sync.syncNow();
    expect(third).toMatchObject({ status: 'unchanged', written: 0 });
  });

  it('rewrites only the rows that changed', async () => {
    let body = TWO_EVENTS;
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const { sync } = setup();
    await sync.addFeed(server.url());
    body = jsonFeed([
      { id: 'a', title: 'Fugitive Pieces party', film: 'fp' },
      { id: 'b', title: 'Sponsor lounge, renamed' },
      { id: 'c', title: 'New brunch' },
    ]);
    const [outcome] = await sync.syncNow();
    expect(outcome).toMatchObject({ status: 'updated', written: 2 });
  });
});
