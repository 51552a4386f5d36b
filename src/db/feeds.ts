// The feeds table: one row per subscription (and the built-in feed), with its sync state. The
// rows each feed lists are written by feed-store.ts and feed-stage.ts.
import type { AfterpartyDb, FeedRow } from './database.ts';
import { clearSlot, syncStateOf } from './feed-slots.ts';
import type { FeedSyncState, SyncReason } from './feed-sync-state.ts';
import { snapshotSaved } from './saved-snapshots.ts';

export async function getFeed(db: AfterpartyDb, id: string): Promise<FeedRow | undefined> {
  return db.feeds.get(id);
}

export async function listFeeds(db: AfterpartyDb): Promise<FeedRow[]> {
  return db.feeds.toArray();
}

export async function feedWithUrl(db: AfterpartyDb, url: string): Promise<FeedRow | undefined> {
  return (await db.feeds.toArray()).find((feed) => feed.url === url);
}

/**
 * Stores a new feed under `id`, or answers null when that id is taken: ids come from the
 * address (core/feed/feed-id.ts), so a taken id is the same feed, never one to overwrite.
 */
export async function insertFeed(db: AfterpartyDb, id: string, row: Omit<FeedRow, 'id'>): Promise<FeedRow | null> {
  return db.transaction('rw', db.feeds, async () => {
    if (await db.feeds.get(id)) return null;
    const feed = { ...row, id };
    await db.feeds.put(feed);
    return feed;
  });
}

/** Keeps the cached listings and records why the latest load failed (a missing feed stays missing). */
export async function recordFeedError(db: AfterpartyDb, id: string, reason: SyncReason): Promise<void> {
  await db.feeds.update(id, { lastError: reason });
}

/** Updates a feed's sync state without touching its listings. */
export async function updateSyncState(
  db: AfterpartyDb,
  id: string,
  patch: Partial<FeedSyncState>,
  row: Partial<FeedRow> = {},
): Promise<void> {
  await db.transaction('rw', db.feeds, async () => {
    const feed = await db.feeds.get(id);
    if (!feed) return;
    await db.feeds.put({ ...feed, ...row, sync: { ...syncStateOf(feed), ...patch } });
  });
}

/**
 * Removes a feed: its row goes first, in one small transaction, so its films and events
 * vanish from every reader at once; the rows themselves are then deleted in chunks. The
 * user's saved events, notes and corrections are left as they are, each saved event with
 * its last listing written on it first (saved-snapshots.ts).
 */
export async function removeFeed(db: AfterpartyDb, id: string): Promise<void> {
  await snapshotSaved(db, id);
  await db.transaction('rw', [db.feeds, db.stageJobs], async () => {
    await db.feeds.delete(id);
    await db.stageJobs.delete(id);
  });
  await clearSlot(db, id, 'a');
  await clearSlot(db, id, 'b');
}
