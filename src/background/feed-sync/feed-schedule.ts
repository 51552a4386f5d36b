// The schedule part of a sync: when each feed is tried next, written on its row as sync state
// after every attempt, and which feeds are due. Times are milliseconds since the epoch.
import { syncStateOf, type FeedRow, type FeedSyncState } from '../../db/index.ts';
import { backoffMinutes, refreshPeriod } from './backoff.ts';
import type { FeedDocument } from './feed-document.ts';
import type { Validators } from './fetch-feed.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const after = (now: number, minutes: number) => iso(now + minutes * 60_000);

/**
 * After a failure: backs off when it `counts`; a feed that merely kept its old data (it
 * suddenly listed no events) is tried again after its usual period.
 */
export function failedState(
  state: FeedSyncState,
  now: number,
  random: () => number,
  counts: boolean,
): Partial<FeedSyncState> {
  const failures = counts ? state.failures + 1 : state.failures;
  const wait = counts ? backoffMinutes(failures, random) : refreshPeriod(state.refreshMinutes);
  return { failures, lastAttempt: iso(now), nextAttempt: after(now, wait) };
}

/** After a 304 or the same body again. */
export function unchangedState(state: FeedSyncState, now: number): Partial<FeedSyncState> {
  return {
    failures: 0,
    warning: null,
    lastAttempt: iso(now),
    nextAttempt: after(now, refreshPeriod(state.refreshMinutes)),
  };
}

/** What a stored body is known by next time: its validators and hashes (feed-document.ts). */
export interface BodyStamp extends Validators {
  contentHash: string;
  catalogHash: string | null;
}

/** After a new body was stored: its stamp, and the feed's own refresh period. */
export function storedState(doc: FeedDocument, stamp: BodyStamp, now: number): Partial<FeedSyncState> {
  return {
    catalogHash: stamp.catalogHash,
    kind: doc.kind,
    etag: stamp.etag,
    lastModified: stamp.lastModified,
    contentHash: stamp.contentHash,
    failures: 0,
    lastAttempt: iso(now),
    nextAttempt: after(now, refreshPeriod(doc.refreshMinutes)),
    refreshMinutes: doc.refreshMinutes,
    warning: null,
  };
}

/** An enabled feed whose refresh period or back-off has run out. */
export function isDue(feed: FeedRow, now: number): boolean {
  const state = syncStateOf(feed);
  return state.enabled && (!state.nextAttempt || Date.parse(state.nextAttempt) <= now);
}

/** When the next automatic sync is due, or null when no feed is subscribed and enabled. */
export function nextDue(feeds: FeedRow[], now: number): number | null {
  const times = feeds
    .filter((f) => f.url && syncStateOf(f).enabled)
    .map((f) => Date.parse(syncStateOf(f).nextAttempt ?? '') || now);
  return times.length > 0 ? Math.min(...times) : null;
}
