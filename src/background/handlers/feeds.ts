import type { AfterpartyDb } from '../../db/database.ts';
import type { FeedMessages } from '../../messages/feeds.ts';
import type { HandlersFor } from './types.ts';

export function feedHandlers({ db, ready }: { db: AfterpartyDb; ready: () => Promise<void> }): HandlersFor<FeedMessages> {
  return {
    async getFeeds() {
      await ready();
      const feeds = await db.feeds.toArray();
      return {
        feeds: feeds.map(({ id, title, builtIn, eventCount, filmCount, lastSync, lastError, problems }) => ({
          id,
          title,
          builtIn,
          eventCount,
          filmCount,
          lastSync,
          lastError,
          problems,
        })),
      };
    },
  };
}
