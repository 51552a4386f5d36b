// One feed's sync, its parts in order: the request (fetch-feed.ts), the document
// (feed-document.ts), the store (store-feed.ts), and the schedule written after every attempt
// (feed-schedule.ts). Every way it can fail comes back as a reason code on the outcome.
import {
  dropStageJob,
  stageJobOf,
  syncStateOf,
  updateSyncState,
  type AfterpartyDb,
  type FeedRow,
  type FeedSyncState,
  type StageJobRow,
  type SyncReason,
} from '../../db/index.ts';
import { catalogHash, readBody, type FilmCatalog } from './feed-document.ts';
import { failedState, unchangedState } from './feed-schedule.ts';
import { fetchFeed, validatorsFor, type FetchLimits } from './fetch-feed.ts';
import type { createFeedStore } from './store-feed.ts';

export type SyncStatus = 'updated' | 'unchanged' | 'failed' | 'busy' | 'skipped';

export interface SyncOutcome {
  feedId: string;
  status: SyncStatus;
  /** Feed rows put or deleted. */
  written: number;
  /** HTTP requests made. */
  requests: number;
  reason?: SyncReason;
}

/** What a feed's sync needs, made once by createFeedSync. */
export interface SyncContext {
  db: AfterpartyDb;
  clock: () => number;
  random: () => number;
  limits: FetchLimits;
  rows: ReturnType<typeof createFeedStore>;
  /** The film catalog iCalendar events are tied to, as it is now. */
  catalog: () => Promise<FilmCatalog>;
}

/** Records a failure on the feed's row (its cached listings stay) and backs off when it `counts`. */
export async function recordFailure(
  ctx: SyncContext,
  feed: FeedRow,
  reason: SyncReason,
  counts = true,
): Promise<SyncOutcome> {
  const state = failedState(syncStateOf(feed), ctx.clock(), ctx.random, counts);
  await updateSyncState(ctx.db, feed.id, state, { lastError: reason });
  return { feedId: feed.id, status: 'failed', written: 0, requests: 1, reason };
}

async function unchanged(ctx: SyncContext, feed: FeedRow, patch: Partial<FeedSyncState> = {}): Promise<SyncOutcome> {
  const now = ctx.clock();
  const state = { ...unchangedState(syncStateOf(feed), now), ...patch };
  await updateSyncState(ctx.db, feed.id, state, { lastSync: new Date(now).toISOString(), lastError: null });
  return { feedId: feed.id, status: 'unchanged', written: 0, requests: 1 };
}

/**
 * Written before a body is parsed, as if this attempt failed: a worker stopped mid-parse (by the
 * browser, or by a feed that costs too much) leaves the feed backed off, not due at once on
 * every restart. Whatever the attempt ends in then writes its own schedule.
 */
async function postpone(ctx: SyncContext, feed: FeedRow): Promise<void> {
  await updateSyncState(ctx.db, feed.id, failedState(syncStateOf(feed), ctx.clock(), ctx.random, true));
}

/** Finishes the staging a stopped worker left, from the body it stored: no request. */
async function resume(ctx: SyncContext, feed: FeedRow, job: StageJobRow): Promise<SyncOutcome> {
  await postpone(ctx, feed);
  const type = job.kind === 'ical' ? 'text/calendar' : 'application/json';
  const { doc, catalogHash } = await readBody(job.body, type, ctx.catalog, feed.title);
  if (!doc.ok) {
    await dropStageJob(ctx.db, feed.id);
    return recordFailure(ctx, feed, doc.reason);
  }
  const written = await ctx.rows.resume(job, feed, doc, catalogHash);
  return { feedId: feed.id, status: 'updated', written, requests: 0 };
}

export async function syncFeed(ctx: SyncContext, feed: FeedRow): Promise<SyncOutcome> {
  if (!feed.url) return { feedId: feed.id, status: 'skipped', written: 0, requests: 0 };
  const job = await stageJobOf(ctx.db, feed.id);
  if (job) return resume(ctx, feed, job);
  const state = syncStateOf(feed);
  const stale = state.kind === 'ical' && state.catalogHash !== (await catalogHash((await ctx.catalog()).sources));
  const download = await fetchFeed(feed.url, validatorsFor(state, stale), ctx.limits);
  if (download.status === 'failed') return recordFailure(ctx, feed, download.reason);
  if (download.status === 'not-modified') return unchanged(ctx, feed);
  await postpone(ctx, feed);
  const fallbackTitle = new URL(feed.url).hostname;
  const { doc, ...hashes } = await readBody(download.text, download.contentType, ctx.catalog, fallbackTitle);
  const { etag, lastModified } = download;
  if (hashes.contentHash === state.contentHash)
    return unchanged(ctx, feed, { etag, lastModified, catalogHash: hashes.catalogHash });
  if (!doc.ok) return recordFailure(ctx, feed, doc.reason);
  if (doc.feed.events.length === 0 && feed.eventCount > 0) {
    const warning: SyncReason = { code: 'no-events', kept: feed.eventCount };
    await updateSyncState(ctx.db, feed.id, { warning }, {});
    return recordFailure(ctx, feed, warning, false);
  }
  const written = await ctx.rows.store(feed, doc, { body: download.text, etag, lastModified, ...hashes });
  return { feedId: feed.id, status: 'updated', written, requests: 1 };
}
