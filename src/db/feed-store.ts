import type { Feed } from '../core/model.ts';
import type { EventRow, FestivalRow, FilmRow } from '../messages/index.ts';
import type { AfterpartyDb, FeedRow } from './database.ts';

export function rowKey(feedId: string, id: string): string {
  return `${feedId}/${id}`;
}

export interface FeedMeta {
  id: string;
  url: string | null;
  builtIn: boolean;
  problems: string[];
}

/**
 * Replaces everything a feed contributed in one transaction, so readers see the old
 * listings or the new ones, never a mix. The user's tables are not in the transaction's
 * scope: a feed load cannot touch them.
 */
export async function replaceFeed(db: AfterpartyDb, meta: FeedMeta, feed: Feed, now: Date): Promise<FeedRow> {
  const festivals: FestivalRow[] = feed.festivals.map((f) => ({ ...f, key: rowKey(meta.id, f.id), feedId: meta.id }));
  const films: FilmRow[] = feed.films.map((f) => ({ ...f, key: rowKey(meta.id, f.id), feedId: meta.id }));
  const events: EventRow[] = feed.events.map((e) => ({
    ...e,
    key: rowKey(meta.id, e.id),
    feedId: meta.id,
    filmKeys: e.films.map((id) => rowKey(meta.id, id)),
  }));
  const row: FeedRow = {
    id: meta.id,
    title: feed.title,
    url: meta.url,
    builtIn: meta.builtIn,
    updated: feed.updated,
    lastSync: now.toISOString(),
    lastError: null,
    problems: meta.problems,
    eventCount: events.length,
    filmCount: films.length,
  };
  await db.transaction('rw', [db.feeds, db.festivals, db.films, db.events], async () => {
    await Promise.all([
      db.festivals.where('feedId').equals(meta.id).delete(),
      db.films.where('feedId').equals(meta.id).delete(),
      db.events.where('feedId').equals(meta.id).delete(),
    ]);
    await Promise.all([db.festivals.bulkPut(festivals), db.films.bulkPut(films), db.events.bulkPut(events), db.feeds.put(row)]);
  });
  return row;
}

/** Keeps the cached listings and records why the latest load failed. */
export async function recordFeedError(db: AfterpartyDb, id: string, error: string): Promise<void> {
  await db.feeds.update(id, { lastError: error });
}
