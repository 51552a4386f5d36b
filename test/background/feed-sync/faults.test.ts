// Every way a feed download goes wrong, against a real HTTP server on 127.0.0.1: each gives
// its message in plain words and loses none of the data of the last good sync.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedSync } from '../../../src/background/feed-sync/engine.ts';
import { schedule } from '../../../src/db/queries.ts';
import { freshDb } from '../../db/fake-db.ts';
import { startFeedServer, type FeedServer, type Route } from './feed-server.ts';
import { jsonFeed, TWO_EVENTS } from './fixtures.ts';
import { said } from './said.ts';
import { withTitles } from '../with-titles.ts';

let server: FeedServer;
let now = Date.parse('2007-09-06T12:00:00Z');

beforeEach(async () => {
  server = await startFeedServer();
});
afterEach(async () => {
  await server.close();
});

const json =
  (body: string): Route =>
  (_, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);

/**
 * Subscribes while the feed is good, then makes it fail with `route` and syncs. The good
 * subscription runs under the default limits: a 500 ms limit there failed the set-up itself
 * on a machine under load; only the failing sync (as a woken worker would make it) has `options`.
 */
async function failWith(route: Route, options: Partial<Parameters<typeof createFeedSync>[0]> = {}) {
  const db = freshDb();
  const deps = { db, fetch, clock: () => now, random: () => 0.5 };
  server.on('/feed.json', json(TWO_EVENTS));
  const feed = await createFeedSync(withTitles(deps)).addFeed(server.url());
  const sync = createFeedSync(withTitles({ ...deps, ...options }));
  const before = await schedule(db);
  server.on('/feed.json', route);
  const [outcome] = await sync.syncNow();
  const after = await schedule(db);
  expect(after.events).toEqual(before.events);
  expect(after.films).toEqual(before.films);
  const row = await db.feeds.get(feed.id);
  expect(row?.eventCount).toBe(2);
  expect(row?.lastError).toEqual(outcome?.reason);
  return { outcome, row, sync, db };
}

describe('a failing feed keeps its last good data and says why', () => {
  it('500', async () => {
    const { outcome, row } = await failWith((_, res) => res.writeHead(500).end('oops'));
    expect(said(outcome?.reason)).toBe("The feed's server had a problem (HTTP 500); Afterparty will try again later.");
    expect(row?.sync?.failures).toBe(1);
  });

  it('404', async () => {
    const { outcome } = await failWith((_, res) => res.writeHead(404).end());
    expect(said(outcome?.reason)).toBe('The feed was not found at this address (HTTP 404). Check the URL.');
  });

  it('timeout', async () => {
    const { outcome } = await failWith(() => undefined, { timeoutMs: 500 });
    expect(said(outcome?.reason)).toBe("The feed's server did not answer within 1 seconds.");
  });

  it('timeout in the middle of the body', async () => {
    const { outcome } = await failWith(
      (_, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(TWO_EVENTS.slice(0, 20));
      },
      { timeoutMs: 500 },
    );
    expect(said(outcome?.reason)).toMatch(/did not answer within/);
  });

  it('connection reset', async () => {
    const { outcome } = await failWith((req) => req.socket.destroy());
    expect(said(outcome?.reason)).toBe(
      "Could not reach the feed's server (offline, or the connection was refused or reset).",
    );
  });

  it('truncated body', async () => {
    const { outcome } = await failWith((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(TWO_EVENTS.length) });
      res.write(TWO_EVENTS.slice(0, 100), () => req.socket.destroy());
    });
    expect(said(outcome?.reason)).toBe('The download was cut off before the end of the feed.');
  });

  it('invalid JSON', async () => {
    const { outcome } = await failWith(json('{"afterparty": 1, "title": "x", "events": [}'));
    expect(said(outcome?.reason)).toMatch(/^This is not valid JSON/);
  });

  it('a calendar cut short: read as far as it goes, and with no event it can place, the last good ones stay', async () => {
    // The import reads what it can (an unclosed calendar is closed); the file ends inside its one
    // VEVENT, which may be cut short and is skipped, so the feed would list nothing, and the
    // empty-feed guard keeps the old events.
    const { outcome } = await failWith((_, res) =>
      res.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\n'),
    );
    expect(said(outcome?.reason)).toMatch(
      /^The feed now lists no events; the 2 events from the last good sync are kept/,
    );
  });

  it('HTML instead of a feed', async () => {
    const { outcome } = await failWith((_, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Log in</title>'),
    );
    expect(said(outcome?.reason)).toBe('This address gives a web page, not a feed.');
  });

  it('HTML sent as JSON', async () => {
    const { outcome } = await failWith(json('<html><body>Log in</body></html>'));
    expect(said(outcome?.reason)).toBe('This is not JSON (it looks like an HTML page)');
  });

  it('oversized body, declared', async () => {
    const big = ' '.repeat(2_000);
    const { outcome } = await failWith(json(big), { maxBytes: 1_000 });
    expect(said(outcome?.reason)).toBe('The feed is larger than 0 MB, which Afterparty does not download.');
  });

  it('oversized body, streamed without a length', async () => {
    const { outcome } = await failWith(
      (_, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < 10; i++) res.write(' '.repeat(500));
        res.end();
      },
      { maxBytes: 1_000 },
    );
    expect(said(outcome?.reason)).toMatch(/^The feed is larger than/);
  });

  it('a feed that shrinks to zero events keeps the old ones and says so', async () => {
    const { outcome, row } = await failWith(json(jsonFeed([])));
    expect(said(outcome?.reason)).toBe(
      'The feed now lists no events; the 2 events from the last good sync are kept until it lists some again.',
    );
    expect(row?.sync?.warning).toEqual(outcome?.reason);
  });
});

describe('answers that are not failures', () => {
  it('304 writes nothing', async () => {
    const db = freshDb();
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => now }));
    server.on('/feed.json', (_, res) =>
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(TWO_EVENTS),
    );
    await sync.addFeed(server.url());
    server.on('/feed.json', (req, res) => res.writeHead(req.headers['if-none-match'] === '"v1"' ? 304 : 500).end());
    const [outcome] = await sync.syncNow();
    expect(outcome).toMatchObject({ status: 'unchanged', written: 0 });
    expect((await schedule(db)).events.length).toBe(2);
  });

  it('a redirect is followed', async () => {
    const db = freshDb();
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => now }));
    server.on('/old.json', (_, res) => res.writeHead(301, { location: '/feed.json' }).end());
    server.on('/feed.json', json(TWO_EVENTS));
    const feed = await sync.addFeed(server.url('/old.json'));
    expect(feed.eventCount).toBe(2);
    expect(server.requests.map((r) => r.path)).toEqual(['/old.json', '/feed.json']);
  });
});

describe('back-off', () => {
  it('spreads even the first retry (15 to 30 minutes), doubles, and stops at 12 hours', async () => {
    const { backoffMinutes } = await import('../../../src/background/feed-sync/backoff.ts');
    expect([0, 0.5, 1].map((r) => backoffMinutes(1, () => r))).toEqual([15, 22.5, 30]);
    expect([0, 1].map((r) => backoffMinutes(2, () => r))).toEqual([30, 60]);
    expect([0, 1].map((r) => backoffMinutes(30, () => r))).toEqual([360, 720]);
    const draws = new Set(Array.from({ length: 50 }, () => backoffMinutes(1, Math.random)));
    expect(draws.size).toBeGreaterThan(40);
  });

  it('waits longer after each failure, with jitter, and never less than 15 minutes', async () => {
    const { sync, db, row } = await failWith((_, res) => res.writeHead(503).end());
    const first = Date.parse(row?.sync?.nextAttempt ?? '') - now;
    expect(first).toBe(22.5 * 60_000);
    now += first;
    await sync.syncDue();
    const second = await db.feeds.get(row?.id ?? '');
    expect(second?.sync?.failures).toBe(2);
    expect(Date.parse(second?.sync?.nextAttempt ?? '') - now).toBe(45 * 60_000);
    // Not due yet: an alarm now makes no request.
    const requests = server.requests.length;
    await sync.syncDue();
    expect(server.requests.length).toBe(requests);
  });

  it('a good sync clears the error and the back-off', async () => {
    const { sync, db, row } = await failWith((_, res) => res.writeHead(500).end());
    server.on('/feed.json', json(jsonFeed([{ id: 'z', title: 'Back again' }])));
    await sync.syncNow();
    const after = await db.feeds.get(row?.id ?? '');
    expect(after).toMatchObject({ lastError: null, eventCount: 1 });
    expect(after?.sync?.failures).toBe(0);
  });
});
