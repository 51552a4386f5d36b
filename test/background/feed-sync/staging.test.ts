// Large feeds: staged in chunks under a new generation, switched in one small write, resumed
// after a stopped worker; and one sync at a time, also across workers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedSync } from '../../../src/background/feed-sync/engine.ts';
import { acquireLease, LOCK_NAME, type LockApi } from '../../../src/background/feed-sync/lease.ts';
import { clearSlotChunk, syncStateOf } from '../../../src/db/feed-slots.ts';
import { beginStage, stageChunk } from '../../../src/db/feed-stage.ts';
import { feedRows } from '../../../src/db/feed-store.ts';
import { parseFeed } from '../../../src/core/feed/parse.ts';
import { schedule } from '../../../src/db/queries.ts';
import { freshDb } from '../../db/fake-db.ts';
import { startFeedServer, type FeedServer } from './feed-server.ts';
import { jsonFeed } from './fixtures.ts';
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

const many = (n: number, label: string) =>
  jsonFeed(Array.from({ length: n }, (_, i) => ({ id: `e${i}`, title: `${label} ${i}` })));

function setup() {
  const db = freshDb();
  const sync = createFeedSync(withTitles({ db, fetch, clock: () => now, stageThreshold: 10, chunkSize: 7 }));
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
    server.on('/feed.json', (_, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(many(30, 'Old')),
    );
    const { db, sync } = setup();
    const feed = await sync.addFeed(server.url());
    // A worker that wrote two chunks of the next generation, then was stopped.
    const body = many(40, 'New');
    const parsed = parseFeed(body);
    if (!parsed.ok) throw new Error(parsed.error);
    let job = await beginStage(db, {
      feedId: feed.id,
      body,
      kind: 'json',
      contentHash: 'h',
      etag: null,
      lastModified: null,
      startedAt: '',
    });
    for (let i = 0; i < 3; i++) job = (await stageChunk(db, job, feedRows(feed.id, parsed.feed), 7)) ?? job;
    expect((await db.stageJobs.get(feed.id))?.cursor).toBeGreaterThan(0);
    const during = await schedule(db);
    expect(during.events).toHaveLength(30);
    expect(during.events.every((e) => e.title.startsWith('Old'))).toBe(true);
    // The next sync, in a new worker, finishes the job from the stored body.
    const requests = server.requests.length;
    const next = createFeedSync(withTitles({ db, fetch, clock: () => now, stageThreshold: 10, chunkSize: 7 }));
    const [outcome] = await next.syncDue();
    expect(outcome).toMatchObject({ status: 'updated', requests: 0 });
    expect(server.requests.length).toBe(requests);
    const after = await schedule(db);
    expect(after.events).toHaveLength(40);
    expect(after.events.every((e) => e.title.startsWith('New'))).toBe(true);
  });
});

describe('clearing a slot', () => {
  it("deletes only the feed's own rows, in chunks, even beside feeds whose ids share its prefix", async () => {
    const db = freshDb();
    const row = (feedId: string, id: string) =>
      ({ key: `${feedId}/${id}`, feedId, id, title: id, kind: 'party', films: [], filmKeys: [] }) as never;
    const ids = Array.from({ length: 10 }, (_, i) => `e${i}`);
    for (const feedId of ['f1', 'f1-2', 'f', 'f10']) await db.events.bulkPut(ids.map((id) => row(feedId, id)));
    expect(await clearSlotChunk(db, 'f1', 'a', 4)).toBe(4);
    expect(await db.events.where('feedId').equals('f1').count()).toBe(6);
    while ((await clearSlotChunk(db, 'f1', 'a', 4)) > 0);
    expect(await db.events.where('feedId').equals('f1').count()).toBe(0);
    for (const other of ['f1-2', 'f', 'f10']) expect(await db.events.where('feedId').equals(other).count()).toBe(10);
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
    expect(skipped).toMatchObject({ status: 'busy', reason: { code: 'busy' } });
    expect(said(skipped?.reason)).toBe('Another sync is already running; it will finish on its own.');
    now += 60_000;
    const [ran] = await sync.syncNow();
    expect(ran?.status).toBe('unchanged');
  });

  // Web Locks (navigator.locks) as the browser keeps them: one holder per name, released when
  // the holder's callback settles, or by the browser when the holder's worker stops.
  function locks(): LockApi & { held: Set<string> } {
    const held = new Set<string>();
    return {
      held,
      async request(name, _options, callback) {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
  }

  it("with Web Locks, a stopped worker's leftover lease does not lock the next worker out", async () => {
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(many(3, 'x')));
    const db = freshDb();
    const manager = locks();
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => now, locks: manager }));
    await sync.addFeed(server.url());
    // The stopped worker's lease row is still unexpired, but its lock went with it.
    expect(await acquireLease(db, 'a-stopped-worker', now)).toBe(true);
    const [ran] = await sync.syncNow();
    expect(ran?.status).toBe('unchanged');
    expect(manager.held.size).toBe(0);
    expect(await db.leases.count()).toBe(0);
  });

  it('with Web Locks, a sync is skipped while a live holder has the lock', async () => {
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(many(3, 'x')));
    const db = freshDb();
    const manager = locks();
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => now, locks: manager }));
    await sync.addFeed(server.url());
    let release = () => {};
    const holding = manager.request(
      LOCK_NAME,
      { ifAvailable: true },
      () => new Promise<void>((done) => (release = done)),
    );
    const [skipped] = await sync.syncNow();
    expect(skipped).toMatchObject({ status: 'busy' });
    release();
    await holding;
    const [ran] = await sync.syncNow();
    expect(ran?.status).toBe('unchanged');
  });
});
