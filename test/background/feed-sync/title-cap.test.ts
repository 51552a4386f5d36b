// recordTitleCap after a sync: the feed rows' title costs tell a catalog within the budget
// without reading every film; one past it, or a feed row without the sum, is read to find the cut.
import { describe, expect, it } from 'vitest';
import { recordTitleCap } from '../../../src/background/feed-sync/title-cap.ts';
import { titleBytes } from '../../../src/core/matching/index.ts';
import type { FilmRow } from '../../../src/core/rows.ts';
import type { AfterpartyDb, FeedRow } from '../../../src/db/database.ts';
import { DEFAULT_SYNC_STATE } from '../../../src/db/feed-sync-state.ts';
import { freshDb } from '../../db/fake-db.ts';
import { countRowReads } from '../../db/row-reads.ts';
import { feedRow } from '../feed-row.ts';

const film = (feedId: string, i: number): FilmRow => ({
  key: `${feedId}/f${i}`,
  feedId,
  id: `f${i}`,
  title: `Film number ${i}`,
  aliases: [],
  year: null,
  directors: [],
});
const EACH = titleBytes(film('x', 0));

async function catalog(withSums: boolean): Promise<AfterpartyDb> {
  const db = freshDb();
  const feeds: FeedRow[] = ['fa', 'fb'].map((id) => ({
    ...feedRow(id, `https://example.org/${id}.json`),
    id,
    filmCount: 3,
    ...(withSums ? { titleBytes: 3 * EACH } : {}),
    sync: { ...DEFAULT_SYNC_STATE, enabled: true, slot: 'a' },
  }));
  await db.feeds.bulkPut(feeds);
  await db.films.bulkPut([0, 1, 2].flatMap((i) => [film('fa', i), film('fb', i)]));
  return db;
}

const filmRows = (reads: Map<string, number>) =>
  [...reads].filter(([what]) => /^rows:(films|filmsAlt)$/.test(what)).reduce((n, [, count]) => n + count, 0);
const warningOf = async (db: AfterpartyDb, id: string) => (await db.feeds.get(id))?.sync?.warning ?? null;

describe('recordTitleCap', () => {
  it("tells a catalog within the budget from the feed rows' sums, reading no film, and clears a warning", async () => {
    const db = await catalog(true);
    await db.feeds.update('fb', {
      sync: { ...DEFAULT_SYNC_STATE, warning: { code: 'titles-capped', kept: 4, limit: 'titles' } },
    });
    const reads = await countRowReads(db);
    await recordTitleCap(db, { bytes: 6 * EACH });
    expect(filmRows(reads)).toBe(0);
    expect(await warningOf(db, 'fb')).toBeNull();
  });

  it('reads the films to find the cut past the budget, and names the feed left partly out', async () => {
    const db = await catalog(true);
    const reads = await countRowReads(db);
    await recordTitleCap(db, { bytes: 4 * EACH });
    expect(filmRows(reads)).toBe(6);
    expect(await warningOf(db, 'fa')).toBeNull();
    expect(await warningOf(db, 'fb')).toEqual({ code: 'titles-capped', kept: 4, limit: 'titles' });
  });

  it('reads the films when a feed row has no sum (stored before it was kept), and finds the same', async () => {
    const db = await catalog(false);
    const reads = await countRowReads(db);
    await recordTitleCap(db, { bytes: 6 * EACH });
    expect(filmRows(reads)).toBe(6);
    expect(await warningOf(db, 'fb')).toBeNull();
  });
});
