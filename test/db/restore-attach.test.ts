import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { feedIdOf } from '../../src/core/feed/index.ts';
import { parseFeed } from '../../src/core/feed/parse.ts';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../../src/core/backup-format.ts';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { restoreBackup } from '../../src/db/backup.ts';
import { insertFeed } from '../../src/db/feeds.ts';
import { feedRows } from '../../src/db/feed-store.ts';
import { readPlan } from '../../src/db/plan.ts';
import { freshDb } from './fake-db.ts';

const URL_A = 'https://a.example/parties.json';
const URL_B = 'https://b.example/other.json';

const DOC = JSON.stringify({
  afterparty: 1,
  title: 'Parties A',
  festivals: [{ id: 'tiff', name: 'TIFF', timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-15' }],
  films: [],
  events: [
    { id: 'gala', title: 'Gala', kind: 'party', films: [], festival: 'tiff', start: '2007-09-06T22:00:00-04:00' },
  ],
});

/** A browser subscribed to URL_A under its address-made id, with its rows stored. */
async function subscribedHere() {
  const db = freshDb();
  await loadDefaultFeed(db);
  const id = feedIdOf(URL_A) as string;
  const parsed = parseFeed(DOC);
  if (!parsed.ok) throw new Error(parsed.error);
  await insertFeed(db, id, {
    title: 'Parties A',
    url: URL_A,
    builtIn: false,
    updated: null,
    lastSync: null,
    lastError: null,
    problems: [],
    eventCount: 1,
    filmCount: 0,
  });
  const rows = feedRows(id, parsed.feed);
  await db.festivals.bulkPut(rows.festivals);
  await db.events.bulkPut(rows.events);
  return { db, id };
}

const backup = (saved: string[], feeds: string[]) => ({
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  exportedAt: '2026-11-01T00:00:00.000Z',
  saved: saved.map((eventKey) => ({ eventKey, status: 'going', savedAt: '2026-11-01T00:00:00.000Z' })),
  corrections: [],
  userEvents: [],
  userFilms: [],
  settings: DEFAULT_SETTINGS,
  feeds,
});

describe('restoring saved events onto the feeds here', () => {
  it('re-attaches an older backup’s key to the feed here that lists its event, and says what it could not attach', async () => {
    const { db, id } = await subscribedHere();
    const builtIn = (await db.events.where('feedId').equals('default').first())!.key;
    const counts = await restoreBackup(
      db,
      backup(['fl0ld1d/gala', 'fl0ld1d/gone', `${feedIdOf(URL_B)}/x`, builtIn], [URL_A, URL_B]),
    );
    expect(counts).toMatchObject({ saved: 4, savedNotSubscribed: 1, savedNotFound: 1, feedsToSubscribe: [URL_B] });
    const plan = await readPlan(db);
    // The old key now names the feed here; the built-in feed's is a positive control.
    expect(plan.events.map((e) => e.key).sort()).toEqual([builtIn, `${id}/gala`].sort());
    expect(plan.unlisted?.map((u) => u.eventKey).sort()).toEqual(['fl0ld1d/gone', `${feedIdOf(URL_B)}/x`].sort());
  });

  it('attaches a backup of this format as it is, its feed re-added under the same id', async () => {
    const { db, id } = await subscribedHere();
    const counts = await restoreBackup(db, backup([`${id}/gala`], [URL_A]));
    expect(counts).toMatchObject({ saved: 1, savedNotSubscribed: 0, savedNotFound: 0, feedsToSubscribe: [] });
    expect((await readPlan(db)).events.map((e) => e.key)).toEqual([`${id}/gala`]);
  });
});
