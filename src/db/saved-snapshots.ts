// What a feed's removal leaves of the user's plan: saved rows stay (the same address re-added
// gives the same keys, core/feed/feed-id.ts, so they re-attach), each with the event as last
// listed, so Saved can name what is no longer listed.
import type { SavedRow } from '../core/rows.ts';
import type { AfterpartyDb } from './database.ts';
import { liveByKey } from './feed-slots.ts';

const ofFeed = (db: AfterpartyDb, feedId: string) => db.saved.where('eventKey').startsWith(`${feedId}/`).toArray();

/** How many saved events, and reminders among them, come from a feed: what removing it asks about. */
export async function savedFromFeed(db: AfterpartyDb, feedId: string): Promise<{ saved: number; reminders: number }> {
  const rows = await ofFeed(db, feedId);
  return { saved: rows.length, reminders: rows.filter((row) => row.remind).length };
}

/** Writes on each saved row of a feed its event as listed now; a row whose event is gone keeps what it had. */
export async function snapshotSaved(db: AfterpartyDb, feedId: string): Promise<void> {
  const feed = await db.feeds.get(feedId);
  if (!feed) return;
  const rows = await ofFeed(db, feedId);
  const events = await liveByKey(
    db,
    'events',
    rows.map((row) => row.eventKey),
  );
  const next: SavedRow[] = [];
  for (const row of rows) {
    const event = events.get(row.eventKey);
    if (event) next.push({ ...row, last: { title: event.title, start: event.start, feedTitle: feed.title } });
  }
  await db.saved.bulkPut(next);
}
