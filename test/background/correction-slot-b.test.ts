// "Not this film" for a film whose feed lives in slot b: after a large, staged sync the feed's
// rows are in the `…Alt` tables, and addCorrection must find its films there (issue 10).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { createFeedSync } from '../../src/background/feed-sync/engine.ts';
import { syncStateOf } from '../../src/db/index.ts';
import { freshDb } from '../db/fake-db.ts';
import { startFeedServer, type FeedServer } from './feed-sync/feed-server.ts';
import { jsonFeed } from './feed-sync/fixtures.ts';
import { withTitles } from './with-titles.ts';

let server: FeedServer;
beforeEach(async () => {
  server = await startFeedServer();
});
afterEach(async () => {
  await server.close();
});

const fromPage = { extensionPage: false, pageUrl: 'https://www.cbc.ca/news/a' };
const correct = (filmKey: string) => ({
  type: 'addCorrection',
  params: { filmKey, surface: 'Fugitive Pieces', everywhere: false },
});

describe('addCorrection for a feed in slot b', () => {
  it('stores the correction for a film of a staged feed, and still refuses an unknown film', async () => {
    const events = Array.from({ length: 30 }, (_, i) => ({ id: `e${i}`, title: `Party ${i}`, film: 'fp' }));
    const body = jsonFeed(events);
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const db = freshDb();
    const sync = createFeedSync(withTitles({ db, fetch, clock: Date.now, stageThreshold: 10, chunkSize: 7 }));
    const feed = await sync.addFeed(server.url());
    expect(syncStateOf(feed).slot).toBe('b');
    const handlers = createHandlers(withTitles({ db, ready: async () => undefined, sync }));

    const reply = await route(handlers, correct(`${feed.id}/fp`), fromPage);
    expect(reply).toEqual({
      result: { correction: expect.objectContaining({ filmKey: `${feed.id}/fp`, site: 'www.cbc.ca' }) },
    });
    expect(await route(handlers, correct(`${feed.id}/no-such-film`), fromPage)).toEqual({
      error: `addCorrection: no film "${feed.id}/no-such-film"`,
    });
  });
});
