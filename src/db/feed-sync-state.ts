// Per-feed sync bookkeeping, stored on the feed's row (FeedRow.sync) and in two small tables.
// Kept apart from database.ts so the schema file stays a list of tables.

export type FeedKind = 'json' | 'ical';

/**
 * Why a sync failed or kept old data, as a code: the words are chosen where they are shown, in
 * the language of the moment (src/background/handlers/sync-reason.ts).
 */
export type SyncReason =
  | { code: 'http-status'; status: number }
  | { code: 'timeout'; seconds: number }
  | { code: 'unreachable' }
  | { code: 'too-large'; maxBytes: number }
  | { code: 'truncated' }
  /** A web page where a feed was expected. */
  | { code: 'html' }
  /** Refused by the feed or iCalendar parser, whose words are `detail`. */
  | { code: 'not-a-feed'; detail: string }
  /** The feed suddenly lists no events; the `kept` events of the last good sync stay. */
  | { code: 'no-events'; kept: number }
  | { code: 'bad-url' }
  /** A feed address over plain http (only loopback ones are allowed, and only in a --dev build). */
  | { code: 'insecure-url' }
  /** The request was redirected to `to` (an origin): another site, or plain http. */
  | { code: 'redirected'; to: string }
  /** The calendar needs more work to read than its budget allows (src/core/ical/budget.ts). */
  | { code: 'too-complex'; part: 'steps' | 'components' | 'depth' }
  /** A warning: the feed's titles were left out of the title index past `limit` (titles or characters). */
  | { code: 'titles-capped'; kept: number; limit: 'titles' | 'characters' }
  | { code: 'duplicate' }
  | { code: 'built-in' }
  /** Another sync holds the lease. */
  | { code: 'busy' }
  | { code: 'storage-quota' }
  | { code: 'storage-unavailable' }
  | { code: 'storage-blocked' }
  /** Anything else, with the error's own message. */
  | { code: 'error'; message: string };

/** A reason as stored: rows written before reasons had codes hold plain words. */
export type StoredReason = SyncReason | string;

/** Which set of row tables holds a feed's live generation: `a` (films…) or `b` (filmsAlt…). */
export type Slot = 'a' | 'b';

export interface FeedSyncState {
  kind: FeedKind;
  enabled: boolean;
  slot: Slot;
  /** Bumped on every switch; staging jobs name the generation they build. */
  generation: number;
  etag: string | null;
  lastModified: string | null;
  /** Hash of the last body stored: the same body again writes nothing. */
  contentHash: string | null;
  /** iCalendar: hash of the film catalog its events were matched against (a new one means match again). */
  catalogHash?: string | null;
  /** Consecutive failures, for the back-off. */
  failures: number;
  /** No automatic attempt before this ISO time (back-off, or the feed's refresh period). */
  nextAttempt: string | null;
  lastAttempt: string | null;
  /** The feed's own refresh period (REFRESH-INTERVAL, X-PUBLISHED-TTL), in minutes. */
  refreshMinutes: number | null;
  /** Kept data with a caveat, e.g. the feed suddenly listed no events. */
  warning: StoredReason | null;
}

export const DEFAULT_SYNC_STATE: FeedSyncState = {
  kind: 'json',
  enabled: true,
  slot: 'a',
  generation: 1,
  etag: null,
  lastModified: null,
  contentHash: null,
  failures: 0,
  nextAttempt: null,
  lastAttempt: null,
  refreshMinutes: null,
  warning: null,
};

/** A large feed being written into the idle slot in chunks; survives a stopped worker. */
export interface StageJobRow {
  feedId: string;
  generation: number;
  slot: Slot;
  /** The body being staged, so a resumed job needs no network. */
  body: string;
  kind: FeedKind;
  contentHash: string;
  etag: string | null;
  lastModified: string | null;
  /** 'clear': emptying the idle slot; 'write': rows before `cursor` are written. */
  phase: 'clear' | 'write';
  cursor: number;
  startedAt: string;
}

/** Single-flight across worker restarts: whoever holds an unexpired lease syncs. */
export interface LeaseRow {
  name: string;
  owner: string;
  expires: number;
}
