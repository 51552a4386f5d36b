import { describe, expect, it } from 'vitest';
import { titleBytes } from '../../src/core/matching/index.ts';
import type { Feed } from '../../src/core/model.ts';
import { replaceFeed } from '../../src/db/feed-store.ts';
import { recordFeedError } from '../../src/db/feeds.ts';
import { listingsFor, liveFilms, schedule } from '../../src/db/queries.ts';
import { freshDb } from './fake-db.ts';

const feed: Feed = {
  title: 'Test feed',
  updated: null,
  festivals: [{ id: 'tiff', name: 'TIFF', timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-15' }],
  films: [
    { id: 'fp', title: 'Fugitive Pieces', aliases: [], year: 2007, directors: ['Jeremy Podeswa'] },
    { id: 'ypf', title: 'Young People Fucking', aliases: ['YPF'], year: 2007, directors: ['Martin Gero'] },
  ],
  events: [
    {
      id: 'fp-party',
      kind: 'party',
      title: 'Fugitive Pieces party',
      films: ['fp'],
      festival: 'tiff',
      start: '2007-09-06T22:38:00-04:00',
      end: null,
      venue: { name: 'A Rosedale mansion', address: null },
      host: null,
      access: 'invite',
      url: null,
      description: null,
      source: { name: 'diary', url: null },
      cancelled: false,
    },
    {
      id: 'sponsor',
      kind: 'party',
      title: 'Sponsor party',
      films: [],
      festival: 'tiff',
      start: null,
      end: null,
      venue: null,
      host: 'A brand',
      access: 'unknown',
      url: null,
      description: null,
      source: null,
      cancelled: false,
    },
  ],
};

const meta = { id: 'f1', url: null, builtIn: false, problems: [] };

describe('replaceFeed', () => {
  it('stores festivals, films and events under feed-scoped keys', async () => {
    const db = freshDb();
    const { row, written } = await replaceFeed(db, meta, feed, new Date('2026-01-01T00:00:00Z'));
    expect(written).toBe(5);
    expect(row).toMatchObject({
      id: 'f1',
      eventCount: 2,
      filmCount: 2,
      // What its titles cost the title index, for the title cap checked without its films.
      titleBytes: feed.films.reduce((sum, film) => sum + titleBytes(film), 0),
      lastSync: '2026-01-01T00:00:00.000Z',
      lastError: null,
    });
    expect(row.titleBytes).toBe(titleBytes(feed.films[0]!) + titleBytes(feed.films[1]!));
    const { listings, festivals } = await listingsFor(db, ['f1/fp', 'f1/ypf', 'f1/unknown']);
    expect(listings.map((l) => [l.film.title, l.events.map((e) => e.id)])).toEqual([
      ['Fugitive Pieces', ['fp-party']],
      ['Young People Fucking', []],
    ]);
    expect(festivals.map((f) => f.timeZone)).toEqual(['America/Toronto']);
  });

  it("serves each film's events in schedule order, a time note placed by its hint, the undated last", async () => {
    const db = freshDb();
    const party = feed.events[0]!;
    const events = [
      { ...party, id: 'a-undated', title: 'Undated', start: null },
      { ...party, id: 'b-late', title: 'Late', start: '2007-09-07T01:00:00-04:00' },
      { ...party, id: 'c-evening', title: 'Evening', start: '2007-09-06', timeNote: 'after the 9:30 pm gala' },
      { ...party, id: 'd-early', title: 'Early', start: '2007-09-06T18:00:00-04:00' },
    ];
    await replaceFeed(db, meta, { ...feed, events }, new Date());
    const { listings } = await listingsFor(db, ['f1/fp']);
    expect(listings[0]!.events.map((e) => e.id)).toEqual(['d-early', 'c-evening', 'b-late', 'a-undated']);
  });

  it('replaces a feed whole, dropping what the new version no longer has', async () => {
    const db = freshDb();
    await replaceFeed(db, meta, feed, new Date());
    await replaceFeed(db, meta, { ...feed, events: feed.events.slice(1), films: feed.films.slice(1) }, new Date());
    const all = await schedule(db);
    expect(all.events.map((e) => e.key)).toEqual(['f1/sponsor']);
    expect((await liveFilms(db)).map((f) => f.key)).toEqual(['f1/ypf']);
  });

  it('never touches another feed or the user data', async () => {
    const db = freshDb();
    await replaceFeed(db, { ...meta, id: 'other' }, feed, new Date());
    await db.saved.put({ eventKey: 'f1/fp-party', status: 'going', savedAt: '2026-01-01' });
    await replaceFeed(db, meta, feed, new Date());
    await replaceFeed(db, meta, { ...feed, events: [] }, new Date());
    expect(await db.events.where('feedId').equals('other').count()).toBe(2);
    expect(await db.saved.toArray()).toEqual([{ eventKey: 'f1/fp-party', status: 'going', savedAt: '2026-01-01' }]);
  });

  it('keeps the cached data when a later load fails', async () => {
    const db = freshDb();
    await replaceFeed(db, meta, feed, new Date());
    const reason = { code: 'not-a-feed', detail: 'This is not JSON' } as const;
    await recordFeedError(db, 'f1', reason);
    expect(await db.feeds.get('f1')).toMatchObject({ lastError: reason, eventCount: 2 });
    expect(await db.events.count()).toBe(2);
  });
});
