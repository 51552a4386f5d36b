import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_ID, loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from './with-titles.ts';

const fromPage = { extensionPage: true };

async function setup() {
  const db = freshDb();
  const handlers = createHandlers(
    withTitles({
      db,
      ready: async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db))),
    }),
  );
  return { db, handlers };
}

describe('background messages on the default feed', () => {
  it('loads the default feed on first use and serves its films', async () => {
    const { db, handlers } = await setup();
    const reply = await route(handlers, { type: 'getSchedule', params: {} }, fromPage);
    expect('result' in reply).toBe(true);
    if (!('result' in reply)) return;
    const { films } = reply.result as { films: Array<{ key: string; title: string }> };
    expect(films.map((f) => f.title)).toContain('Fugitive Pieces');
    expect(films.every((f) => f.key.startsWith(`${DEFAULT_FEED_ID}/`))).toBe(true);
    expect((await db.feeds.get(DEFAULT_FEED_ID))?.problems).toEqual([]);
  });

  it('answers listings for the films asked, with their festivals', async () => {
    const { handlers } = await setup();
    const { filmKeys } = await handlers.findFilms({ text: 'Fugitive Pieces' });
    expect(filmKeys).toHaveLength(1);
    const { listings, festivals } = await handlers.getListings({ filmKeys });
    expect(listings[0]?.events.some((e) => e.kind === 'party')).toBe(true);
    expect(festivals.every((f) => f.timeZone === 'America/Toronto')).toBe(true);
  });

  it('answers the schedule and the feed status', async () => {
    const { handlers } = await setup();
    const all = await handlers.getSchedule({});
    expect(all.events.length).toBeGreaterThan(10);
    expect(all.festivals.map((f) => f.id).sort()).toEqual(['tiff-2007', 'tiff-2008', 'tiff-2010']);
    const { feeds } = await handlers.getFeeds({});
    expect(feeds).toEqual([
      expect.objectContaining({ id: DEFAULT_FEED_ID, builtIn: true, eventCount: all.events.length }),
    ]);
  });

  it('turns refused and failing requests into {error}', async () => {
    const { handlers } = await setup();
    expect(await route(handlers, { type: 'nope' }, fromPage)).toEqual({ error: 'unknown message type "nope"' });
    const failing = { ...handlers, getSchedule: async () => Promise.reject(new Error('disk full')) };
    expect(await route(failing, { type: 'getSchedule', params: {} }, fromPage)).toEqual({ error: 'disk full' });
  });

  it('refuses a document that is not a feed and keeps what was cached', async () => {
    const { db } = await setup();
    await loadDefaultFeed(db);
    const before = await db.events.count();
    await expect(loadDefaultFeed(db, new Date(), '<html><body>Not found</body></html>')).rejects.toThrow(/refused/);
    expect(await db.events.count()).toBe(before);
    const { feeds } = await createHandlers(withTitles({ db, ready: async () => undefined })).getFeeds({});
    expect(feeds.find((f) => f.id === DEFAULT_FEED_ID)?.lastError).toMatch(/HTML|JSON/);
  });
});
