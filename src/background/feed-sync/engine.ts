// The sync engine: keeps every subscribed feed current in IndexedDB, one sync at a time
// (lease.ts). One feed's sync is sync-feed.ts; subscribing is add-feed.ts. Its dependencies are
// arguments (createFeedSync({db, fetch, clock})) so tests run it against a real local HTTP server,
// a fake clock and a real Dexie on fake-indexeddb. Failures come back as reason codes
// (SyncReason): the words are chosen where they are shown (handlers/sync-reason.ts).
import {
  getFeed,
  listFeeds,
  removeFeed,
  stagedFeedIds,
  syncStateOf,
  updateSyncState,
  type AfterpartyDb,
  type FeedRow,
  type SyncReason,
} from '../../db/index.ts';
import { addFeed } from './add-feed.ts';
import type { FoundFeed } from '../../core/feed/index.ts';
import { isDue, nextDue } from './feed-schedule.ts';
import { FEED_MAX_BYTES, FEED_TIMEOUT_MS } from './fetch-feed.ts';
import { createSingleFlight, LEASE_MS, type LockApi } from './lease.ts';
import { reasonOf, SyncError } from './sync-error.ts';
import { createFeedStore } from './store-feed.ts';
import { recordFailure, syncFeed, type SyncContext, type SyncOutcome } from './sync-feed.ts';
import { recordTitleCap } from './title-cap.ts';
import { filmTie, type TITLE_LIMITS } from '../../core/matching/index.ts';
import type { TitleMatcherCache } from '../title-matcher.ts';

// 5,000 changed rows, in chunks of 2,000. build.mjs sets it: 500 in the development build only,
// so an e2e test can stop the worker mid-staging with hundreds of events. Undefined in Node's tests.
const STAGE_ROWS = Number(process.env.AFTERPARTY_STAGE_ROWS ?? 5_000);

export interface FeedSyncDeps {
  db: AfterpartyDb;
  /** The worker's matcher, which ties a calendar's events to films (src/background/title-matcher.ts). */
  titles: TitleMatcherCache;
  fetch: typeof fetch;
  /** Milliseconds since the epoch. */
  clock: () => number;
  random?: () => number;
  /** Who holds the lease: one id per worker life. */
  owner?: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Loopback http feeds; by default in every build but production (build.mjs defines NODE_ENV). */
  allowLoopbackHttp?: boolean;
  /** The title index's cap, whose cut feeds get a warning (tests lower it). */
  titleLimits?: typeof TITLE_LIMITS;
  /** Above this many changed rows a feed is staged in chunks rather than written at once. */
  stageThreshold?: number;
  chunkSize?: number;
  leaseMs?: number;
  /** `navigator.locks` where it exists: released by the browser when the worker stops. */
  locks?: LockApi;
  /** Called after anything that may move the next due time (the scheduler re-sets its alarm). */
  onSettled?: () => void;
}

export type FeedSync = ReturnType<typeof createFeedSync>;

export function createFeedSync(deps: FeedSyncDeps) {
  const { db, clock } = deps;
  const owner = deps.owner ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const flight = createSingleFlight({
    db,
    owner,
    clock,
    ms: deps.leaseMs ?? LEASE_MS,
    locks: deps.locks,
    onSettled: deps.onSettled,
  });
  const ctx: SyncContext = {
    db,
    clock,
    random: deps.random ?? Math.random,
    limits: {
      fetch: deps.fetch,
      timeoutMs: deps.timeoutMs ?? FEED_TIMEOUT_MS,
      maxBytes: deps.maxBytes ?? FEED_MAX_BYTES,
      allowLoopbackHttp: deps.allowLoopbackHttp ?? process.env.NODE_ENV !== 'production',
    },
    rows: createFeedStore({
      db,
      clock,
      stageThreshold: deps.stageThreshold ?? STAGE_ROWS,
      chunkSize: deps.chunkSize ?? (STAGE_ROWS * 2) / 5,
      renew: flight.renew,
    }),
    // The latest: a feed stored earlier in the same run may have brought films.
    catalog: async () => {
      const { matcher, sources } = await deps.titles.latest();
      return { sources, tie: filmTie(matcher) };
    },
  };
  let fault: SyncReason | null = null;

  async function guarded(feed: FeedRow): Promise<SyncOutcome> {
    try {
      const outcome = await syncFeed(ctx, feed);
      fault = null;
      return outcome;
    } catch (error) {
      const reason = reasonOf(error);
      try {
        await recordFailure(ctx, feed, reason);
        fault = null;
      } catch (second) {
        // The database itself refuses writes: keep the reason in memory for the status line.
        fault = reasonOf(second);
      }
      return { feedId: feed.id, status: 'failed', written: 0, requests: 1, reason };
    }
  }

  function syncFeeds(pick: (feed: FeedRow) => boolean): Promise<SyncOutcome[]> {
    const busy = (): SyncOutcome[] => [
      { feedId: '*', status: 'busy', written: 0, requests: 0, reason: { code: 'busy' } },
    ];
    return flight.exclusive(() =>
      flight.leased(async () => {
        const jobs = await stagedFeedIds(db);
        const feeds = (await listFeeds(db)).filter((f) => f.url && (jobs.has(f.id) || pick(f)));
        const out: SyncOutcome[] = [];
        for (const feed of feeds) out.push(await guarded(feed));
        if (out.some((o) => o.status === 'updated')) await recordTitleCap(db, deps.titleLimits).catch(() => undefined);
        return out;
      }, busy),
    );
  }

  return {
    owner,
    /** Feeds whose time has come (refresh period or back-off), and any staging cut short. */
    syncDue(): Promise<SyncOutcome[]> {
      const now = clock();
      return syncFeeds((f) => isDue(f, now));
    },
    /** "Sync now": every enabled feed, or one, whatever its schedule. */
    syncNow(feedId?: string): Promise<SyncOutcome[]> {
      return syncFeeds((f) => (feedId ? f.id === feedId : syncStateOf(f).enabled));
    },
    /** Fetches a new feed once; refuses it with the reason (a SyncError) when it is not a feed. */
    addFeed: (url: string): Promise<FeedRow> =>
      flight.exclusive(async () => {
        const added = await addFeed(ctx, flight.leased, url);
        if (!('feed' in added)) throw new SyncError({ code: 'html' });
        await recordTitleCap(db, deps.titleLimits).catch(() => undefined);
        return (await getFeed(db, added.feed.id)) ?? added.feed;
      }),
    /** As addFeed; an address that gives a web page answers the feeds it links to, if any. */
    addFeedOrFind: (url: string): Promise<{ feed: FeedRow } | { found: FoundFeed[] }> =>
      flight.exclusive(async () => {
        const added = await addFeed(ctx, flight.leased, url, true);
        if (!('feed' in added)) return added;
        await recordTitleCap(db, deps.titleLimits).catch(() => undefined);
        return { feed: (await getFeed(db, added.feed.id)) ?? added.feed };
      }),
    removeFeed(id: string): Promise<void> {
      return flight.exclusive(async () => {
        const feed = await getFeed(db, id);
        if (!feed) return;
        if (feed.builtIn) throw new SyncError({ code: 'built-in' });
        await removeFeed(db, id);
      });
    },
    async setEnabled(id: string, enabled: boolean): Promise<void> {
      await updateSyncState(db, id, enabled ? { enabled, nextAttempt: null } : { enabled });
    },
    /** When the next automatic sync is due (ms), or null when no feed is subscribed. */
    nextDue: async (): Promise<number | null> => nextDue(await listFeeds(db), clock()),
    running: flight.running,
    fault: (): SyncReason | null => fault,
    /** A storage fault seen outside a sync (a blocked upgrade), for the status line. */
    reportFault(reason: SyncReason | null) {
      fault = reason;
    },
  };
}
