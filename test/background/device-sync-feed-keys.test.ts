// Saved statuses of a subscribed feed's events, between two browsers that each subscribe to the
// same address through the real add-feed path (a real HTTP server, real Dexie databases): the
// keys agree because the feed id is the address's (src/core/feed/feed-id.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeviceSync, type StorageAreaApi } from '../../src/background/device-sync/device-sync.ts';
import { createFeedSync } from '../../src/background/feed-sync/engine.ts';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { readPlan, setReminder, setSaved } from '../../src/db/plan.ts';
import { freshDb } from '../db/fake-db.ts';
import { conditional, startFeedServer, type FeedServer } from './feed-sync/feed-server.ts';
import { TWO_EVENTS } from './feed-sync/fixtures.ts';
import { withTitles } from './with-titles.ts';

function memoryArea(): StorageAreaApi & { items: Record<string, unknown> } {
  const area = {
    items: {} as Record<string, unknown>,
    async get(keys: null | string | string[]) {
      if (keys === null) return structuredClone(area.items);
      const wanted = typeof keys === 'string' ? [keys] : keys;
      return structuredClone(Object.fromEntries(wanted.filter((k) => k in area.items).map((k) => [k, area.items[k]])));
    },
    async set(items: Record<string, unknown>) {
      Object.assign(area.items, structuredClone(items));
    },
    async remove(keys: string | string[]) {
      for (const key of typeof keys === 'string' ? [keys] : keys) delete area.items[key];
    },
  };
  return area;
}

let server: FeedServer;
let now = Date.parse('2007-09-01T12:00:00Z');
const clock = () => (now += 1000);

beforeEach(async () => {
  server = await startFeedServer();
  server.on(
    '/feed.json',
    conditional(() => TWO_EVENTS),
  );
});
afterEach(async () => {
  await server.close();
});

async function browser(sync: StorageAreaApi) {
  const db = freshDb();
  await loadDefaultFeed(db);
  const feeds = createFeedSync(withTitles({ db, fetch, clock, random: () => 0.5, allowLoopbackHttp: true }));
  const deviceSync = createDeviceSync({
    db,
    sync,
    local: memoryArea(),
    clock,
    onChange: () => undefined,
    delayMs: 0,
    feeds: {
      permitted: async () => true,
      remove: async () => undefined,
    },
  });
  return { db, feeds, deviceSync };
}

const planKeys = async (db: Awaited<ReturnType<typeof browser>>['db']) =>
  (await readPlan(db)).events.map((e) => e.key).sort();

describe('device sync of a subscribed feed', () => {
  it('shows on the other browser the events saved from a feed both subscribe to, by the same keys', async () => {
    const sync = memoryArea();
    const a = await browser(sync);
    const b = await browser(sync);
    const feed = await a.feeds.addFeed(server.url());
    const key = `${feed.id}/a`;
    await setSaved(a.db, key, 'going');
    await setReminder(a.db, key, true);
    // Positive control: an event of the built-in feed, whose id was always the same everywhere.
    const builtIn = (await a.db.events.where('feedId').equals('default').first())!.key;
    await setSaved(a.db, builtIn, 'interested');
    await a.deviceSync.runNow();

    // B is offered the feed A subscribed to (f:<url>); the user's click subscribes, then B takes the saved statuses.
    await b.deviceSync.runNow();
    expect((await b.deviceSync.status()).allowedFeeds).toEqual([feed.url]);
    await b.feeds.addFeed(feed.url!);
    await b.deviceSync.runNow();
    expect((await b.db.feeds.get(feed.id))?.url).toBe(feed.url);
    expect(await planKeys(b.db)).toEqual([builtIn, key].sort());
    const saved = await b.db.saved.get(key);
    expect(saved?.status).toBe('going');
    // The reminder switch is per device: it does not travel.
    expect(saved?.remind).toBeUndefined();
    expect((await a.db.saved.get(key))?.remind).toBe(true);
  });

  it('re-attaches a saved status that arrived before the feed was subscribed here', async () => {
    const sync = memoryArea();
    const a = await browser(sync);
    const feed = await a.feeds.addFeed(server.url());
    await setSaved(a.db, `${feed.id}/b`, 'interested');
    await a.deviceSync.runNow();
    // B has the feed's address turned off for subscription: the status waits for its event.
    const b = await browser(sync);
    const bSync = createDeviceSync({
      db: b.db,
      sync,
      local: memoryArea(),
      clock,
      onChange: () => undefined,
      delayMs: 0,
      feeds: { permitted: async () => false, remove: async () => undefined },
    });
    await bSync.runNow();
    expect(await b.db.saved.get(`${feed.id}/b`)).toMatchObject({ status: 'interested' });
    expect(await planKeys(b.db)).toEqual([]);
    await b.feeds.addFeed(server.url());
    expect(await planKeys(b.db)).toEqual([`${feed.id}/b`]);
  });
});
