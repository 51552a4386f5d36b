// "Clear the cache" in options: the embedded listings come back at once and the subscribed
// feeds are fetched again right away, through the sync engine's "Sync now".
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { createFeedSync } from '../../src/background/feed-sync/engine.ts';
import { schedule } from '../../src/db/queries.ts';
import { freshDb } from '../db/fake-db.ts';
import { conditional, startFeedServer, type FeedServer } from './feed-sync/feed-server.ts';
import { TWO_EVENTS } from './feed-sync/fixtures.ts';
import { withTitles } from './with-titles.ts';

let server: FeedServer;
beforeEach(async () => {
  server = await startFeedServer();
});
afterEach(async () => {
  await server.close();
});

describe('clearCache', () => {
  it('refills the subscribed feeds without waiting for their next alarm', async () => {
    let requests = 0;
    const serve = conditional(() => TWO_EVENTS);
    server.on('/feed.json', (req, res) => {
      requests += 1;
      serve(req, res);
    });
    const db = freshDb();
    await loadDefaultFeed(db);
    let settled = () => undefined as void;
    const sync = createFeedSync(withTitles({ db, fetch, clock: Date.now, onSettled: () => settled() }));
    const handlers = createHandlers(withTitles({ db, ready: async () => undefined, sync }));
    const feed = await sync.addFeed(server.url());
    const titles = async () =>
      (await schedule(db)).events
        .filter((e) => e.feedId === feed.id)
        .map((e) => e.title)
        .sort();
    expect(await titles()).toEqual(['Fugitive Pieces party', 'Sponsor lounge']);
    expect(requests).toBe(1);

    const refilled = new Promise<void>((done) => (settled = done));
    expect(await route(handlers, { type: 'clearCache', params: {} }, { extensionPage: true })).toEqual({ result: {} });
    // Right after the reply: the embedded listings are back, the feed is being fetched.
    expect((await schedule(db)).events.some((e) => e.feedId !== feed.id)).toBe(true);
    await refilled;
    expect(requests).toBe(2);
    expect(await titles()).toEqual(['Fugitive Pieces party', 'Sponsor lounge']);
    expect(await db.feeds.get(feed.id)).toMatchObject({ eventCount: 2, lastError: null });
  });

  it('still clears where no sync engine runs', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const handlers = createHandlers(withTitles({ db, ready: async () => undefined }));
    expect(await handlers.clearCache({})).toEqual({});
    expect((await schedule(db)).events.length).toBeGreaterThan(10);
  });
});
