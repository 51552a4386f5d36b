import type { AfterpartyDb } from '../db/database.ts';
import { listingsFor, schedule } from '../db/queries.ts';
import type { MessageName, Params, Result } from '../messages.ts';

export type Handlers = { [N in MessageName]: (params: Params<N>) => Promise<Result<N>> };

/** The background's answers, one per message; the compiler checks none is missing. */
export function createHandlers({ db, ready }: { db: AfterpartyDb; ready: () => Promise<void> }): Handlers {
  return {
    async getTitleIndex() {
      await ready();
      const films = await db.films.toArray();
      return {
        films: films.map((f) => ({ id: f.key, title: f.title, aliases: f.aliases, year: f.year, directors: f.directors })),
      };
    },
    async getListings({ filmKeys }) {
      await ready();
      return listingsFor(db, filmKeys);
    },
    async getSchedule() {
      await ready();
      return schedule(db);
    },
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
