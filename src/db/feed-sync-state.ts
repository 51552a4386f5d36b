// Per-feed sync bookkeeping, stored on the feed's row (FeedRow.sync) and in two small tables.
// Kept apart from database.ts so the schema file stays a list of tables.

export type FeedKind = 'json' | 'ical';

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
  warning: string | null;
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
