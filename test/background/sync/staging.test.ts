// Large feeds: staged in chunks under a new generation, switched in one small write, resumed
// after a stopped worker; and one sync at a time, also across workers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSync } from '../../../src/background/sync/engine.ts';
import { acquireLease } from '../../../src/background/sync/lease.ts';
import { syncStateOf } from '../../../src/db/feed-slots.ts';
import { beginStage, stageChunk } from '../../../src/db/feed-stage.ts';
import { feedRows } from '../../../src/db/feed-store.ts';
import { parseFeed } from '../../../src/core/feed-parse.ts';
import { schedule } from '../../../src/db/queries.ts';
import { freshDb } from '../../db/fake-db.ts';
import { startFeedServer, type FeedServer } from './feed-server.ts';
import { jsonFeed } from './fixtures.ts';

let server: FeedServer;
let now = Date.parse('2007-09-06T12:00:00Z');

beforeEach(async () => {
  server = await startFeedServer();
});
afterEach(async () => {
  await server.close();
});

const many = (n: number, label: string) => jsonFeed(Array.from({ length: n }, (_, i) => ({ id: `e${i}`, title: `${label} ${i}` })));

function setup() {
  const db = freshDb();
  const sync = createSync({ db, fetch, clock: () => now, stageThreshold: 10, chunkSize: 7 });
  return { db, sync };
}

describe('staged generations', () => {
  it('stages a large feed in the idle slot and switches it in', async () => {
    let body = many(30, 'First');
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const { db, sync } = setup();
    const feed = await sync.addFeed(server.url());
    expect(syncStateOf(feed)).toMatchObject({ slot: 'b', generation: 2 });
    expect((await schedule(db)).events).toHaveLength(30);
    body = many(25, 'Second');
    const [outcome] = await sync.syncNow();
    expect(outcome).toMatchObject({ status: 'updated' });
    const after = await schedule(db);
    expect(after.events.map((e) => e.title).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `Second ${i}`).sort());
    expect(syncStateOf(await db.feeds.get(feed.id))).toMatchObject({ slot: 'a', generation: 3 });
    // The old generation's rows are gone from the idle slot.
    expect(await db.eventsAlt.where('feedId').equals(feed.id).count()).toBe(0);
    expect(await db.stageJobs.count()).toBe(0);
  });

  it('shows the previous generation whole while a staging is cut short, then resumes it without a request', async () => {
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(many(30, 'Old')));
    const { db, sync } = setup();
    const feed = await sync.addFeed(server.url());
    // A worker that wrote two chunks of the next generation, then was stopped.
    const body = many(40, 'New');
    const parsed = parseFeed(body);
    if (!parsed.ok) throw new Error(parsed.error);
    let job = await beginStage(db, { feedId: feed.id, body, kind: 'json', contentHash: 'h', etag: null, lastModified: null, startedAt: '' });
    for (let i = 0; i < 3; i++) job = (await stageChunk(db, job, feedRows(feed.id, parsed.feed), 7)) ?? job;
    expect((await db.stageJobs.get(feed.id))?.cursor).toBeGreaterThan(0);
    const during = await schedule(db);
    expect(during.events).toHaveLength(30);
    expect(during.events.every((e) => e.title.startsWith('Old'))).toBe(true);
    // The next sync, in a new worker, finishes the job from the stored body.
    const requests = server.requests.length;
    const next = createSync({ db, fetch, clock: () => now, stageThreshold: 10, chunkSize: 7 });
    const [outcome] = await next.syncDue();
    expect(outcome).toMatchObject({ status: 'updated', requests: 0 });
    expect(server.requests.length).toBe(requests);
    const after = await schedule(db);
    expect(after.events).toHaveLength(40);
    expect(after.events.every((e) => e.title.startsWith('New'))).toBe(true);
  });
});

describe('one sync at a time', () => {
  it('a second sync in the same worker waits for the first', async () => {
    let inFlight = 0;
    let most = 0;
    server.on('/feed.json', (_, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end(many(3, 'x'));
      }, 50);
    });
    const { sync } = setup();
    await sync.addFeed(server.url());
    const [a, b] = await Promise.all([sync.syncNow(), sync.syncNow()]);
    expect(most).toBe(1);
    expect(a[0]?.status).not.toBe('busy');
    expect(b[0]?.status).not.toBe('busy');
  });

  it('is skipped while another worker holds the lease, and runs once the lease runs out', async () => {
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(many(3, 'x')));
    const { db, sync } = setup();
    await sync.addFeed(server.url());
    expect(await acquireLease(db, 'a-stopped-worker', now)).toBe(true);
    const [skipped] = await sync.syncNow();
    expect(skipped).toMatchObject({ status: 'busy', error: 'Another sync is already running; it will finish on its own.' });
    now += 60_000;
    const [ran] = await sync.syncNow();
    expect(ran?.status).toBe('unchanged');
  });
});
