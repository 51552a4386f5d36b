// What a feed row on the options page says of the feed's listings besides counts: the festivals
// it names and the days its events span, read from the feed's live slot.
import type { AfterpartyDb, FeedRow } from './database.ts';
import { slotTables, syncStateOf } from './feed-slots.ts';

export interface FeedSummary {
  festivals: string[];
  /** The first and last day of its events, "YYYY-MM-DD" as the feed dates them; null without dated events. */
  firstDay: string | null;
  lastDay: string | null;
}

export const EMPTY_FEED_SUMMARY: FeedSummary = { festivals: [], firstDay: null, lastDay: null };

const DAY = /^\d{4}-\d{2}-\d{2}/;
/**
 * The days are read from the events themselves, which getFeeds would read on every change the
 * options page hears: a feed of more events than this gives its festivals only (a 12,000-event
 * feed made each read seconds long while it synced).
 */
export const SUMMARY_MAX_EVENTS = 2_000;

export async function feedSummary(db: AfterpartyDb, feed: FeedRow): Promise<FeedSummary> {
  const tables = slotTables(db, syncStateOf(feed).slot);
  const [festivals, events] = await Promise.all([
    tables.festivals.where('feedId').equals(feed.id).toArray(),
    feed.eventCount <= SUMMARY_MAX_EVENTS ? tables.events.where('feedId').equals(feed.id).toArray() : [],
  ]);
  let firstDay: string | null = null;
  let lastDay: string | null = null;
  for (const event of events) {
    const start = DAY.exec(event.start ?? '')?.[0];
    if (!start) continue;
    const end = DAY.exec(event.end ?? '')?.[0];
    const last = end && end > start ? end : start;
    if (firstDay === null || start < firstDay) firstDay = start;
    if (lastDay === null || last > lastDay) lastDay = last;
  }
  const names = [...new Set(festivals.map((f) => f.name))].sort((a, b) => a.localeCompare(b));
  return { festivals: names, firstDay, lastDay };
}
