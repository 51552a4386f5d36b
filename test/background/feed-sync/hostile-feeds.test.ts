// A feed turned hostile after it was subscribed: a calendar that asks for endless work, a
// downgrade to plain http. Each fails the sync with its reason in words, keeps the last good
// data, and leaves the feed backed off even if the worker were stopped mid-parse.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedStatus } from '../../../src/background/handlers/feeds.ts';
import { createFeedSync } from '../../../src/background/feed-sync/engine.ts';
import { titleBytes } from '../../../src/core/matching/index.ts';
import type { FeedRow } from '../../../src/db/index.ts';
import { schedule } from '../../../src/db/queries.ts';
import { freshDb } from '../../db/fake-db.ts';
import { startFeedServer, type FeedServer, type Route } from './feed-server.ts';
import { ICS, jsonFeed, TWO_EVENTS } from './fixtures.ts';
import { refusal, said } from './said.ts';
import { withTitles } from '../with-titles.ts';

let server: FeedServer;
const start = Date.parse('2007-09-06T12:00:00Z');

beforeEach(async () => {
  server = await startFeedServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const serve =
  (body: string, type: string): Route =>
  (_, res) =>
    res.writeHead(200, { 'content-type': type }).end(body);

const HOSTILE_ICS = ICS.replace(
  'END:VCALENDAR',
  'BEGIN:VEVENT\r\nUID:never\r\nDTSTART:20070906T100000Z\r\nRRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\nEND:VEVENT\r\n' +
    'BEGIN:VEVENT\r\nUID:long\r\nDTSTART:20070906T100000Z\r\nDURATION:P999999999999999999W\r\nEND:VEVENT\r\nEND:VCALENDAR',
);

describe('a calendar that asks for endless work', () => {
  it('fails the sync in plain words and keeps the last good events', async () => {
    const db = freshDb();
    let now = start;
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => now, random: () => 0.5 }));
    server.on('/cal.ics', serve(ICS, 'text/calendar'));
    const feed = await sync.addFeed(server.url('/cal.ics'));
    const before = (await schedule(db)).events;
    expect(before.length).toBeGreaterThan(0); // positive control: the clean calendar was read

    server.on('/cal.ics', serve(HOSTILE_ICS, 'text/calendar'));
    now += 2 * 3600_000;
    const [outcome] = await sync.syncNow();
    expect(outcome).toMatchObject({ status: 'failed', reason: { code: 'too-complex', part: 'steps' } });
    expect(said(outcome?.reason)).toMatch(/^This calendar asks for more work to read than Afterparty allows/);
    expect((await schedule(db)).events).toEqual(before);
    const row = await db.feeds.get(feed.id);
    expect(row?.lastError).toEqual(outcome?.reason);
    expect(Date.parse(row?.sync?.nextAttempt ?? '')).toBeGreaterThan(now + 14 * 60_000);
  });

  it('moves the next attempt forward before parsing, so a worker stopped mid-parse does not retry at once', async () => {
    const db = freshDb();
    let now = start;
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => now, random: () => 0.5 }));
    server.on('/feed.json', serve(TWO_EVENTS, 'application/json'));
    const feed = await sync.addFeed(server.url());
    const changed = TWO_EVENTS.replace('Sponsor lounge', 'Sponsor lounge, moved');
    server.on('/feed.json', serve(changed, 'application/json'));
    now += 2 * 3600_000; // past the feed's next attempt: it is due

    // What a worker stopped during the parse would leave: the row as it stands when parsing starts.
    const parse = JSON.parse;
    const atParse: { row?: Promise<FeedRow | undefined> } = {};
    vi.spyOn(JSON, 'parse').mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
      if (text === changed && !atParse.row) atParse.row = db.feeds.get(feed.id);
      return parse(text, reviver) as unknown;
    });
    const [outcome] = await sync.syncDue();
    expect(outcome?.status).toBe('updated');
    expect(atParse.row).toBeDefined();
    const row = await atParse.row;
    expect(row?.sync?.lastAttempt).toBe(new Date(now).toISOString());
    expect(Date.parse(row?.sync?.nextAttempt ?? '')).toBeGreaterThanOrEqual(now + 15 * 60_000);
    // The finished sync then writes its own schedule.
    expect((await db.feeds.get(feed.id))?.sync?.failures).toBe(0);
  });
});

describe('https only', () => {
  const body = (text: string, url: string) => {
    const response = new Response(text, { headers: { 'content-type': 'text/calendar' } });
    Object.defineProperty(response, 'url', { value: url });
    return response;
  };

  it('refuses a plain http feed outside a dev build, loopback included', async () => {
    const sync = createFeedSync(withTitles({ db: freshDb(), fetch, clock: () => start, allowLoopbackHttp: false }));
    server.on('/cal.ics', serve(ICS, 'text/calendar'));
    expect(await refusal(sync.addFeed(server.url('/cal.ics')))).toMatch(/only over a secure connection/);
    expect(await refusal(sync.addFeed('http://feeds.example/cal.ics'))).toMatch(/only over a secure connection/);
    expect(server.requests).toEqual([]);
  });

  it('a dev build allows loopback http, and only loopback', async () => {
    const sync = createFeedSync(withTitles({ db: freshDb(), fetch, clock: () => start, allowLoopbackHttp: true }));
    expect(await refusal(sync.addFeed('http://feeds.example/cal.ics'))).toMatch(/only over a secure connection/);
    server.on('/cal.ics', serve(ICS, 'text/calendar'));
    expect((await sync.addFeed(server.url('/cal.ics'))).eventCount).toBeGreaterThan(0);
  });

  it('an https feed redirected to http fails in plain words, the last good data kept', async () => {
    const db = freshDb();
    let final = 'https://feeds.example/cal.ics';
    const fake = (async () => body(ICS, final)) as typeof fetch;
    const sync = createFeedSync(withTitles({ db, fetch: fake, clock: () => start, allowLoopbackHttp: false }));
    const feed = await sync.addFeed('https://feeds.example/cal.ics');
    const before = (await schedule(db)).events;
    expect(before.length).toBeGreaterThan(0);

    final = 'http://feeds.example/cal.ics';
    const [outcome] = await sync.syncNow();
    expect(outcome?.reason).toEqual({ code: 'redirected', to: 'http://feeds.example' });
    expect(said(outcome?.reason)).toMatch(/sent Afterparty on to http:\/\/feeds\.example/);
    expect((await schedule(db)).events).toEqual(before);
    expect((await db.feeds.get(feed.id))?.lastError).toEqual(outcome?.reason);
  });

  it('a redirect to another site is refused; one within the site is followed', async () => {
    let final = 'https://elsewhere.example/cal.ics';
    const fake = (async () => body(ICS, final)) as typeof fetch;
    const sync = createFeedSync(
      withTitles({ db: freshDb(), fetch: fake, clock: () => start, allowLoopbackHttp: false }),
    );
    expect(await refusal(sync.addFeed('https://feeds.example/cal.ics'))).toMatch(/on to https:\/\/elsewhere\.example/);
    final = 'https://feeds.example/moved/cal.ics';
    expect((await sync.addFeed('https://feeds.example/cal.ics')).eventCount).toBeGreaterThan(0);
  });
});

describe('a feed of too many titles', () => {
  it('is partly left out of the title index and says so on its status; a feed back within the cap loses the warning', async () => {
    const db = freshDb();
    const films = Array.from({ length: 6 }, (_, i) => ({ id: `f${i}`, title: `Film number ${i}` }));
    const sync = createFeedSync(
      withTitles({
        db,
        fetch,
        clock: () => start,
        titleLimits: { bytes: 4 * titleBytes({ title: 'Film number 0', aliases: [] }) },
      }),
    );
    server.on('/feed.json', serve(jsonFeed([{ id: 'a', title: 'Party' }], films), 'application/json'));
    const feed = await sync.addFeed(server.url());
    const status = feedStatus((await db.feeds.get(feed.id))!);
    expect(status.warning).toMatch(/more film titles than a page can look for; only the first 4 are looked for/);
    expect(status.lastError).toBeNull();

    server.on('/feed.json', serve(jsonFeed([{ id: 'a', title: 'Party' }], films.slice(0, 2)), 'application/json'));
    await sync.syncNow();
    expect(feedStatus((await db.feeds.get(feed.id))!).warning).toBeNull();
  });
});
