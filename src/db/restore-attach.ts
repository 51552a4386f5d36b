// The database's side of attaching a restore's saved events (core/feed/attach-saved.ts): which
// feeds are here, and which of them list an event id.
import { attachSaved, DEFAULT_FEED_ID, feedIdOf, type Attached } from '../core/feed/index.ts';
import { USER_FEED_ID, type SavedRow } from '../core/rows.ts';
import type { AfterpartyDb } from './database.ts';
import { liveByKey } from './feed-slots.ts';

export async function attachRestored(db: AfterpartyDb, saved: SavedRow[], feedUrls: string[]): Promise<Attached> {
  const feeds = await db.feeds.toArray();
  // The built-in feed is every browser's, loaded or not yet.
  const present = new Set([USER_FEED_ID, DEFAULT_FEED_ID, ...feeds.map((f) => f.id)]);
  const addressIds = new Set(feedUrls.map(feedIdOf).filter((id): id is string => id !== null));
  const subscribed = feeds.filter((f) => !f.builtIn).map((f) => f.id);
  const oldIds = saved
    .map((row) => row.eventKey.split('/'))
    .filter(([feedId]) => feedId !== undefined && !present.has(feedId) && !addressIds.has(feedId))
    .map((parts) => parts.slice(1).join('/'));
  const candidates = subscribed.flatMap((feedId) => oldIds.map((eventId) => `${feedId}/${eventId}`));
  const listed = await liveByKey(db, 'events', candidates);
  return attachSaved(saved, {
    present,
    addressIds,
    listing: (eventId) => subscribed.filter((feedId) => listed.has(`${feedId}/${eventId}`)),
  });
}
