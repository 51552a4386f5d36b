import {
  EMPTY_FEED_SUMMARY,
  feedSummary,
  getFeed,
  listFeeds,
  savedFromFeed,
  syncStateOf,
  type AfterpartyDb,
  type FeedRow,
  type FeedSummary,
  type StoredReason,
} from '../../db/index.ts';
import type { FeedMessages, FeedStatus } from '../../messages/index.ts';
import type { FeedSync } from '../feed-sync/engine.ts';
import { reasonOf } from '../feed-sync/sync-error.ts';
import { describeSyncReason } from './sync-reason.ts';
import type { HandlersFor } from './types.ts';

const describeOrNull = (reason: StoredReason | null) => (reason === null ? null : describeSyncReason(reason));

export function feedStatus(feed: FeedRow, summary: FeedSummary = EMPTY_FEED_SUMMARY): FeedStatus {
  const state = syncStateOf(feed);
  return {
    id: feed.id,
    title: feed.title,
    url: feed.url,
    builtIn: feed.builtIn,
    kind: state.kind,
    enabled: state.enabled,
    eventCount: feed.eventCount,
    filmCount: feed.filmCount,
    lastSync: feed.lastSync,
    lastError: describeOrNull(feed.lastError),
    warning: describeOrNull(state.warning),
    problems: feed.problems,
    festivals: summary.festivals,
    firstDay: summary.firstDay,
    lastDay: summary.lastDay,
  };
}

/** Sync refusals and storage faults reach the page as plain words, not as a code or an IndexedDB error name. */
async function words<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new Error(describeSyncReason(reasonOf(error)), { cause: error });
  }
}

export function feedHandlers({
  db,
  ready,
  sync,
}: {
  db: AfterpartyDb;
  ready: () => Promise<void>;
  sync?: FeedSync;
}): HandlersFor<FeedMessages> {
  const engine = (): FeedSync => {
    if (!sync) throw new Error('Feed sync is not available here');
    return sync;
  };
  const described = async (feed: FeedRow) =>
    feedStatus(feed, await feedSummary(db, feed).catch(() => EMPTY_FEED_SUMMARY));
  const all = async () => Promise.all((await listFeeds(db)).map(described));
  return {
    async getFeeds() {
      await ready();
      return words(async () => ({ feeds: await all() }));
    },
    async addFeed({ url }) {
      return words(async () => ({ feed: await described(await engine().addFeed(url)) }));
    },
    async addFeedOrFind({ url }) {
      return words(async () => {
        const added = await engine().addFeedOrFind(url);
        return 'feed' in added ? { feed: await described(added.feed) } : { found: added.found };
      });
    },
    async getFeedRemoval({ id }) {
      return savedFromFeed(db, id);
    },
    async removeFeed({ id }) {
      await words(() => engine().removeFeed(id));
      return { removed: true };
    },
    async setFeedEnabled({ id, enabled }) {
      return words(async () => {
        await engine().setEnabled(id, enabled);
        const feed = await getFeed(db, id);
        if (!feed) throw new Error('This feed no longer exists');
        return { feed: await described(feed) };
      });
    },
    async syncNow({ id }) {
      return words(async () => {
        const outcomes = await engine().syncNow(id);
        const errors = outcomes.flatMap((o) => (o.reason ? [describeSyncReason(o.reason)] : []));
        const lines = outcomes.map(({ feedId, status, requests, written }) => ({ feedId, status, requests, written }));
        return { feeds: await all(), errors, outcomes: lines };
      });
    },
    async getSyncStatus() {
      const running = sync?.running() ?? false;
      try {
        const feeds = (await listFeeds(db)).filter((f) => f.url && syncStateOf(f).enabled);
        const times = feeds
          .map((f) => f.lastSync)
          .filter((s): s is string => !!s)
          .sort();
        return {
          running,
          feeds: feeds.length,
          failing: feeds.filter((f) => f.lastError).length,
          lastSync: times.at(-1) ?? null,
          fault: describeOrNull(sync?.fault() ?? null),
        };
      } catch (error) {
        return { running, feeds: 0, failing: 0, lastSync: null, fault: describeSyncReason(reasonOf(error)) };
      }
    },
  };
}
