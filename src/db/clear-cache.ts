// "Clear the cache" on the options page: the listings go, the subscriptions and the user's data stay.
import type { AfterpartyDb } from './database.ts';
import { syncStateOf } from './feed-slots.ts';

/**
 * Empties the listings cache (festivals, films, events, in both slots, and any staging job) and
 * forgets what each feed last fetched (validators, hash, back-off), so everything is fetched again;
 * subscriptions and the user's tables are kept. The built-in feed's row goes too (the clearCache
 * handler loads the embedded listings again).
 */
export async function clearCache(db: AfterpartyDb): Promise<void> {
  const rows = [db.festivals, db.films, db.events, db.festivalsAlt, db.filmsAlt, db.eventsAlt];
  await db.transaction('rw', [db.feeds, db.stageJobs, ...rows], async () => {
    await Promise.all([...rows, db.stageJobs].map((table) => table.clear()));
    await db.feeds.filter((feed) => feed.builtIn).delete();
    await db.feeds.toCollection().modify((feed) => {
      feed.lastSync = null;
      feed.eventCount = 0;
      feed.filmCount = 0;
      feed.titleBytes = 0;
      const state = syncStateOf(feed);
      // A conditional request or an unchanged hash would write nothing and leave the cache empty.
      feed.sync = {
        ...state,
        slot: 'a',
        etag: null,
        lastModified: null,
        contentHash: null,
        failures: 0,
        nextAttempt: null,
        warning: null,
      };
    });
  });
}
