// The sync engine: keeps every subscribed feed current in IndexedDB. Its dependencies are
// arguments (createSync({db, fetch, clock})) so tests run it against a real local HTTP
// server, a fake clock and a real Dexie on fake-indexeddb.
import type { TitleSource } from '../../core/matching/index.ts';
import type { AfterpartyDb, FeedRow } from '../../db/database.ts';
import { clearSlot, syncStateOf } from '../../db/feed-slots.ts';
import { abandonStage, beginStage, stageChunk, switchToStaged } from '../../db/feed-stage.ts';
import {
  countChanges,
  feedRows,
  patchFor,
  removeFeed,
  replaceFeed,
  rowCount,
  updateSyncState,
  type FeedRows,
} from '../../db/feed-store.ts';
import { DEFAULT_SYNC_STATE, type FeedSyncState, type StageJobRow } from '../../db/feed-sync-state.ts';
import { liveFilms } from '../../db/queries.ts';
import { t } from '../../browser/i18n.ts';
import { backoffMinutes, refreshPeriod } from './backoff.ts';
import { readDocument, type ReadDocument } from './feed-document.ts';
import { FEED_MAX_BYTES, FEED_TIMEOUT_MS, fetchFeed, type Download } from './fetch-feed.ts';
import { acquireLease, LEASE_MS, withLease, type LockApi } from './lease.ts';
import { describeError, isQuotaError } from './storage-fault.ts';

export interface SyncDeps {
  db: AfterpartyDb;
  fetch: typeof fetch;
  /** Milliseconds since the epoch. */
  clock: () => number;
  random?: () => number;
  /** Who holds the lease: one id per worker life. */
  owner?: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Above this many changed rows a feed is staged in chunks rather than written at once. */
  stageThreshold?: number;
  chunkSize?: number;
  leaseMs?: number;
  /** `navigator.locks` where it exists: released by the browser when the worker stops. */
  locks?: LockApi;
  /** Called after anything that may move the next due time (the scheduler re-sets its alarm). */
  onSettled?: () => void;
}

export type SyncStatus = 'updated' | 'unchanged' | 'failed' | 'busy' | 'skipped';

export interface SyncOutcome {
  feedId: string;
  status: SyncStatus;
  /** Feed rows put or deleted. */
  written: number;
  /** HTTP requests made. */
  requests: number;
  error?: string;
}

export type Sync = ReturnType<typeof createSync>;

export function createSync(deps: SyncDeps) {
  const { db, clock } = deps;
  const random = deps.random ?? Math.random;
  const owner = deps.owner ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const limits = {
    fetch: deps.fetch,
    timeoutMs: deps.timeoutMs ?? FEED_TIMEOUT_MS,
    maxBytes: deps.maxBytes ?? FEED_MAX_BYTES,
  };
  const stageThreshold = deps.stageThreshold ?? 5_000;
  const chunkSize = deps.chunkSize ?? 2_000;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const iso = () => new Date(clock()).toISOString();

  // One sync at a time in this worker: a second waits for the first.
  let chain: Promise<unknown> = Promise.resolve();
  let busy = 0;
  let fault: string | null = null;

  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    busy += 1;
    const run = chain.then(work).finally(() => {
      busy -= 1;
      deps.onSettled?.();
    });
    chain = run.catch(() => undefined);
    return run;
  }

  /** Across workers: runs `work` under the lease, or reports that another sync holds it. */
  function leased<T>(work: () => Promise<T>, busyResult: () => T): Promise<T> {
    return withLease({ db, owner, clock, ms: leaseMs, locks: deps.locks }, work, busyResult);
  }

  async function filmsForMatching(): Promise<TitleSource[]> {
    const films = await liveFilms(db);
    return films.map((f) => ({ id: f.key, title: f.title, aliases: f.aliases, year: f.year, directors: f.directors }));
  }

  async function hash(text: string): Promise<string> {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  const catalogOf = (films: TitleSource[]) =>
    films.map((f) => `${f.id}\u0000${f.title}\u0000${f.aliases.join('\u0001')}`).join('\n');

  /** The film catalog an iCalendar feed's events were matched against. */
  async function catalogHash(): Promise<string> {
    return hash(catalogOf(await filmsForMatching()));
  }

  async function read(
    text: string,
    contentType: string,
    fallbackTitle: string,
  ): Promise<{ doc: ReadDocument; contentHash: string; catalogHash: string | null }> {
    const films = await filmsForMatching();
    const doc = readDocument(text, contentType, () => films, fallbackTitle);
    // An iCalendar feed's links depend on the films of the other feeds: they are part of its content.
    const ical = doc.ok && doc.kind === 'ical';
    const catalog = ical ? catalogOf(films) : '';
    return { doc, contentHash: await hash(`${text}\u0000${catalog}`), catalogHash: ical ? await hash(catalog) : null };
  }

  async function fail(feed: FeedRow, error: string, counts = true): Promise<SyncOutcome> {
    const state = syncStateOf(feed);
    const failures = counts ? state.failures + 1 : state.failures;
    const wait = counts ? backoffMinutes(failures, random) : refreshPeriod(state.refreshMinutes);
    await updateSyncState(
      db,
      feed.id,
      { failures, lastAttempt: iso(), nextAttempt: new Date(clock() + wait * 60_000).toISOString() },
      { lastError: error },
    );
    return { feedId: feed.id, status: 'failed', written: 0, requests: 1, error };
  }

  function successPatch(
    doc: Extract<ReadDocument, { ok: true }>,
    download: { etag: string | null; lastModified: string | null },
    contentHash: string,
    catalogHash: string | null,
  ): Partial<FeedSyncState> {
    return {
      catalogHash,
      kind: doc.kind,
      etag: download.etag,
      lastModified: download.lastModified,
      contentHash,
      failures: 0,
      lastAttempt: iso(),
      nextAttempt: new Date(clock() + refreshPeriod(doc.refreshMinutes) * 60_000).toISOString(),
      refreshMinutes: doc.refreshMinutes,
      warning: null,
    };
  }

  async function unchanged(feed: FeedRow, patch: Partial<FeedSyncState> = {}): Promise<SyncOutcome> {
    const state = syncStateOf(feed);
    await updateSyncState(
      db,
      feed.id,
      {
        failures: 0,
        warning: null,
        lastAttempt: iso(),
        nextAttempt: new Date(clock() + refreshPeriod(state.refreshMinutes) * 60_000).toISOString(),
        ...patch,
      },
      { lastSync: iso(), lastError: null },
    );
    return { feedId: feed.id, status: 'unchanged', written: 0, requests: 1 };
  }

  async function runStage(
    job: StageJobRow,
    rows: FeedRows,
    feed: FeedRow,
    doc: Extract<ReadDocument, { ok: true }>,
    catalog: string | null,
  ): Promise<number> {
    let current: StageJobRow | null = job;
    try {
      while (current) {
        current = await stageChunk(db, current, rows, chunkSize);
        await acquireLease(db, owner, clock(), leaseMs, !!deps.locks);
      }
    } catch (error) {
      // A full disk will not empty itself: resuming would only fill it again. Free what the job
      // took (its body, the half-filled idle slot); the next sync downloads afresh.
      if (isQuotaError(error)) await abandonStage(db, job, chunkSize).catch(() => undefined);
      throw error;
    }
    const liveSlot = syncStateOf(await db.feeds.get(feed.id)).slot;
    await switchToStaged(
      db,
      job,
      {
        id: feed.id,
        url: feed.url,
        builtIn: feed.builtIn,
        lastSync: iso(),
        lastError: null,
        ...patchFor(doc.feed, doc.problems, rows),
      },
      successPatch(doc, job, job.contentHash, catalog),
    );
    // The old generation is invisible now; free its space in small steps.
    await clearSlot(db, feed.id, liveSlot, chunkSize);
    return rowCount(rows);
  }

  async function store(
    feed: FeedRow,
    doc: Extract<ReadDocument, { ok: true }>,
    text: string,
    download: { etag: string | null; lastModified: string | null },
    contentHash: string,
    catalog: string | null,
  ): Promise<number> {
    const rows = feedRows(feed.id, doc.feed, doc.links);
    if (rowCount(rows) > stageThreshold && (await countChanges(db, feed.id, rows)) > stageThreshold) {
      const job = await beginStage(db, {
        feedId: feed.id,
        body: text,
        kind: doc.kind,
        contentHash,
        etag: download.etag,
        lastModified: download.lastModified,
        startedAt: iso(),
      });
      return runStage(job, rows, feed, doc, catalog);
    }
    const meta = { id: feed.id, url: feed.url, builtIn: feed.builtIn, problems: doc.problems };
    const result = await replaceFeed(db, meta, doc.feed, new Date(clock()), {
      links: doc.links,
      sync: successPatch(doc, download, contentHash, catalog),
    });
    return result.written;
  }

  async function resume(feed: FeedRow, job: StageJobRow): Promise<SyncOutcome> {
    const { doc, catalogHash: catalog } = await read(
      job.body,
      job.kind === 'ical' ? 'text/calendar' : 'application/json',
      feed.title,
    );
    if (!doc.ok) {
      await db.stageJobs.delete(feed.id);
      return fail(feed, doc.error);
    }
    const written = await runStage(job, feedRows(feed.id, doc.feed, doc.links), feed, doc, catalog);
    return { feedId: feed.id, status: 'updated', written, requests: 0 };
  }

  async function syncOne(feed: FeedRow): Promise<SyncOutcome> {
    if (!feed.url) return { feedId: feed.id, status: 'skipped', written: 0, requests: 0 };
    const job = await db.stageJobs.get(feed.id);
    if (job) return resume(feed, job);
    const state = syncStateOf(feed);
    // Validators only once something is stored: a 304 must never stand for data we lack. Nor
    // for an iCalendar feed whose events were tied to a film catalog that has changed since
    // (a feed added or updated): its unchanged body must be matched again.
    const stale = state.kind === 'ical' && state.catalogHash !== (await catalogHash());
    const validators =
      state.contentHash && !stale
        ? { etag: state.etag, lastModified: state.lastModified }
        : { etag: null, lastModified: null };
    const download: Download = await fetchFeed(feed.url, validators, limits);
    if (download.status === 'failed') return fail(feed, download.error);
    if (download.status === 'not-modified') return unchanged(feed);
    const {
      doc,
      contentHash,
      catalogHash: catalog,
    } = await read(download.text, download.contentType, new URL(feed.url).hostname);
    if (contentHash === state.contentHash)
      return unchanged(feed, { etag: download.etag, lastModified: download.lastModified, catalogHash: catalog });
    if (!doc.ok) return fail(feed, doc.error);
    if (doc.feed.events.length === 0 && feed.eventCount > 0) {
      const warning = t('sync_errorNoEvents', feed.eventCount);
      await updateSyncState(db, feed.id, { warning }, {});
      return fail(feed, warning, false);
    }
    const written = await store(feed, doc, download.text, download, contentHash, catalog);
    return { feedId: feed.id, status: 'updated', written, requests: 1 };
  }

  async function guarded(feed: FeedRow): Promise<SyncOutcome> {
    try {
      const outcome = await syncOne(feed);
      fault = null;
      return outcome;
    } catch (error) {
      const words = describeError(error);
      try {
        await fail(feed, words);
        fault = null;
      } catch (second) {
        // The database itself refuses writes: keep the reason in memory for the status line.
        fault = describeError(second);
      }
      return { feedId: feed.id, status: 'failed', written: 0, requests: 1, error: words };
    }
  }

  async function syncFeeds(pick: (feed: FeedRow) => boolean): Promise<SyncOutcome[]> {
    return exclusive(() =>
      leased(
        async () => {
          const jobs = new Set((await db.stageJobs.toArray()).map((j) => j.feedId));
          const feeds = (await db.feeds.toArray()).filter((f) => f.url && (jobs.has(f.id) || pick(f)));
          const out: SyncOutcome[] = [];
          for (const feed of feeds) out.push(await guarded(feed));
          return out;
        },
        () => [{ feedId: '*', status: 'busy' as const, written: 0, requests: 0, error: t('sync_busy') }],
      ),
    );
  }

  return {
    owner,
    /** Feeds whose time has come (refresh period or back-off), and any staging cut short. */
    syncDue(): Promise<SyncOutcome[]> {
      const now = clock();
      return syncFeeds((f) => {
        const s = syncStateOf(f);
        return s.enabled && (!s.nextAttempt || Date.parse(s.nextAttempt) <= now);
      });
    },
    /** "Sync now": every enabled feed, or one, whatever its schedule. */
    syncNow(feedId?: string): Promise<SyncOutcome[]> {
      return syncFeeds((f) => (feedId ? f.id === feedId : syncStateOf(f).enabled));
    },
    /** Fetches a new feed once; refuses it with the reason when it is not a feed. */
    addFeed(rawUrl: string): Promise<FeedRow> {
      return exclusive(async () => {
        let url: URL;
        try {
          url = new URL(rawUrl.trim());
        } catch {
          throw new Error(t('sync_errorBadUrl'));
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(t('sync_errorBadUrl'));
        const href = url.href;
        if ((await db.feeds.toArray()).some((f) => f.url === href)) throw new Error(t('sync_errorDuplicate'));
        const download = await fetchFeed(href, { etag: null, lastModified: null }, limits);
        if (download.status === 'failed') throw new Error(download.error);
        if (download.status !== 'ok') throw new Error(t('sync_errorUnreachable'));
        const {
          doc,
          contentHash,
          catalogHash: catalog,
        } = await read(download.text, download.contentType, url.hostname);
        if (!doc.ok) throw new Error(doc.error);
        const base = `f${clock().toString(36)}${Math.floor(random() * 1e9).toString(36)}`;
        // Never overwrite another feed's row, however the clock and the random draw line up.
        let id = base;
        for (let n = 2; await db.feeds.get(id); n++) id = `${base}-${n}`;
        const feed: FeedRow = {
          id,
          title: doc.feed.title,
          url: href,
          builtIn: false,
          updated: doc.feed.updated,
          lastSync: null,
          lastError: null,
          problems: [],
          eventCount: 0,
          filmCount: 0,
          sync: { ...DEFAULT_SYNC_STATE, kind: doc.kind },
        };
        await db.feeds.put(feed);
        try {
          await leased(
            () => store(feed, doc, download.text, download, contentHash, catalog),
            () => 0,
          );
        } catch (error) {
          // Kept subscribed with the reason shown: the next sync tries to store it again.
          await fail(feed, describeError(error)).catch(() => undefined);
          throw new Error(describeError(error), { cause: error });
        }
        return (await db.feeds.get(id)) as FeedRow;
      });
    },
    removeFeed(id: string): Promise<void> {
      return exclusive(async () => {
        const feed = await db.feeds.get(id);
        if (!feed) return;
        if (feed.builtIn) throw new Error(t('sync_errorRemoveBuiltIn'));
        await removeFeed(db, id);
      });
    },
    async setEnabled(id: string, enabled: boolean): Promise<void> {
      await updateSyncState(db, id, enabled ? { enabled, nextAttempt: null } : { enabled });
    },
    /** When the next automatic sync is due (ms), or null when no feed is subscribed. */
    async nextDue(): Promise<number | null> {
      const times = (await db.feeds.toArray())
        .filter((f) => f.url && syncStateOf(f).enabled)
        .map((f) => Date.parse(syncStateOf(f).nextAttempt ?? '') || clock());
      return times.length > 0 ? Math.min(...times) : null;
    },
    running: () => busy > 0,
    fault: () => fault,
    /** A storage fault seen outside a sync (a blocked upgrade), for the status line. */
    reportFault(words: string | null) {
      fault = words;
    },
  };
}
