// Keeps the user's plan in step with their other signed-in browsers through storage.sync: the
// merge is pure (src/core/device-sync/); this part reads and writes the database (the user's
// tables, and its own ledger and status: device-sync-store.ts), sync storage and the feed
// subscriptions, one round at a time.
import {
  beginCycle,
  canonicalJson,
  endCycle,
  recordsOf,
  rowChangeOf,
  SYNC_LIMITS,
  type RowChange,
  type StayedLocal,
} from '../../core/device-sync/index.ts';
import { changesData, type DeviceSyncStatus } from '../../messages/index.ts';
import { isPlainObject } from '../../core/guards.ts';
import { applySyncChanges, listFeeds, readSyncData, type AfterpartyDb } from '../../db/index.ts';
import { errorText } from '../../core/error-text.ts';
import { DEFAULT_SETTINGS, lowersPrivacy, readSettings } from '../../core/settings.ts';
import { deviceSyncStore } from './device-sync-store.ts';

export interface StorageAreaApi {
  get(keys: null | string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

/**
 * What device sync does with feeds: it never subscribes (a feed another device subscribed to is
 * offered in the options page, and a click subscribes), and unsubscribes as the options page does.
 */
export interface FeedActions {
  /** Whether this browser lets Afterparty fetch from the feed's origin; never asks (no user gesture here). */
  permitted(url: string): Promise<boolean>;
  remove(url: string): Promise<void>;
}

export const LEDGER_KEY = 'deviceSync.ledger';
const FEED_RETRY_MS = 30 * 60 * 1000;
export const STATE_KEY = 'deviceSync.state';

export interface DeviceSyncDeps {
  db: AfterpartyDb;
  sync: StorageAreaApi;
  /** storage.local, where releases before kept the ledger and the status: moved out on first use. */
  local: StorageAreaApi;
  feeds: FeedActions;
  clock?: () => number;
  /** Called after a round wrote other devices' changes here, or its status changed: open views re-read. */
  onChange: () => void;
  /**
   * Local changes close together make one write: two seconds apart at most keeps under
   * storage.sync's sustained rate (MAX_WRITE_OPERATIONS_PER_HOUR 1,800, one every two seconds).
   */
  delayMs?: number;
  /** After a refused write (quota, rate), the next try. */
  retryMs?: number;
}

const EMPTY_STATUS: Omit<DeviceSyncStatus, 'enabled'> = {
  lastSync: null,
  bytes: 0,
  quotaBytes: SYNC_LIMITS.quotaBytes,
  stayedLocal: [],
  waitingFeeds: [],
  allowedFeeds: [],
  offeredSettings: [],
  failedFeeds: [],
  skipped: [],
  refused: [],
  error: null,
};

/** A setting record's value; a deletion is the way back to the default. */
const settingValue = (change: Extract<RowChange, { kind: 'setting' }>): unknown =>
  change.value ?? (DEFAULT_SETTINGS as unknown as Record<string, unknown>)[change.name];

const sameRecords = (a: Map<string, unknown>, b: Map<string, unknown>): boolean =>
  a.size === b.size && [...a].every(([id, value]) => b.has(id) && canonicalJson(b.get(id)) === canonicalJson(value));

function summarize(stayed: StayedLocal[]): DeviceSyncStatus['stayedLocal'] {
  const counts = new Map<string, DeviceSyncStatus['stayedLocal'][number]>();
  for (const { kind, reason, deleted } of stayed) {
    if (deleted) continue;
    const key = `${kind} ${reason}`;
    const entry = counts.get(key) ?? { kind, reason, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

export function createDeviceSync(deps: DeviceSyncDeps) {
  const clock = deps.clock ?? Date.now;
  const delayMs = deps.delayMs ?? 2_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();
  const store = deviceSyncStore(deps.db, deps.local, [LEDGER_KEY, STATE_KEY]);

  async function readState(): Promise<DeviceSyncStatus> {
    const stored = await store.read(STATE_KEY);
    const state = isPlainObject(stored) ? stored : {};
    return { ...EMPTY_STATUS, ...state, enabled: state.enabled !== false } as DeviceSyncStatus;
  }

  async function writeState(state: DeviceSyncStatus): Promise<void> {
    await store.write(STATE_KEY, state);
  }

  // A feed that could not be unsubscribed is tried again after a while, not on every round.
  const failures = new Map<string, { at: number; reason: string }>();

  async function applyFeeds(changes: Extract<RowChange, { kind: 'feed' }>[], status: DeviceSyncStatus) {
    const subscribed = new Set((await listFeeds(deps.db)).map((feed) => feed.url));
    const waiting: string[] = [];
    const allowed: string[] = [];
    const failed: DeviceSyncStatus['failedFeeds'] = [];
    for (const change of changes) {
      if (change.subscribed) {
        if (subscribed.has(change.url)) continue;
        waiting.push(change.url);
        if (await deps.feeds.permitted(change.url)) allowed.push(change.url);
        continue;
      }
      const failure = failures.get(change.url);
      if (failure && clock() - failure.at < FEED_RETRY_MS) {
        failed.push({ url: change.url, reason: failure.reason });
        continue;
      }
      try {
        if (subscribed.has(change.url)) await deps.feeds.remove(change.url);
        failures.delete(change.url);
      } catch (error) {
        failures.set(change.url, { at: clock(), reason: errorText(error) });
        failed.push({ url: change.url, reason: errorText(error) });
      }
    }
    status.waitingFeeds = waiting;
    status.allowedFeeds = allowed;
    status.failedFeeds = failed;
  }

  async function round(): Promise<void> {
    const before = await readState();
    if (!before.enabled) return;
    const status: DeviceSyncStatus = { ...before, skipped: [] };
    const [data, stored, ledger] = await Promise.all([
      readSyncData(deps.db),
      deps.sync.get(null),
      store.read(LEDGER_KEY),
    ]);
    const local = recordsOf(data);
    const start = beginCycle(ledger, local, stored, clock());
    status.skipped = [...start.problems];
    status.refused = start.refused.slice(0, 50);
    const tableChanges: Exclude<RowChange, { kind: 'feed' }>[] = [];
    const feedChanges: Extract<RowChange, { kind: 'feed' }>[] = [];
    status.offeredSettings = [];
    for (const [id, version] of start.toApply) {
      // One record that cannot be read is skipped and said; the others still sync.
      let change: RowChange | string;
      try {
        change = rowChangeOf(id, version.v, version.t);
      } catch (error) {
        change = `${id.slice(0, 80)}: ${errorText(error)}`;
      }
      if (typeof change === 'string') status.skipped.push(change);
      else if (change.kind === 'feed') feedChanges.push(change);
      else if (
        change.kind === 'setting' &&
        lowersPrivacy(readSettings(data.settings), change.name, settingValue(change))
      )
        status.offeredSettings.push({ name: change.name, value: settingValue(change) });
      else tableChanges.push(change);
    }
    if (tableChanges.length > 0) status.skipped.push(...(await applySyncChanges(deps.db, tableChanges)));
    await applyFeeds(feedChanges, status);
    const after = tableChanges.length + feedChanges.length > 0 ? recordsOf(await readSyncData(deps.db)) : local;
    // What the database took, not what was asked: a change it refuses (a newer release's
    // setting, a feed waiting for permission) is asked again each round, and must not make
    // every round tell the views to re-read, which would start the next round.
    const applied = !sameRecords(local, after);
    const end = endCycle(start, after, stored);
    // A settled round writes nothing: only a change is written.
    if (JSON.stringify(end.ledger) !== JSON.stringify(ledger)) await store.write(LEDGER_KEY, end.ledger);
    status.bytes = end.plan.bytes;
    status.stayedLocal = summarize(end.plan.stayedLocal);
    try {
      // One set() is one write operation, whatever it holds; items go before the removals, so a
      // reader between the two sees a record twice (the newer counts), never not at all.
      if (Object.keys(end.set).length > 0) await deps.sync.set(end.set);
      if (end.remove.length > 0) await deps.sync.remove(end.remove);
      status.error = null;
      if (Object.keys(end.set).length + end.remove.length > 0) status.lastSync = new Date(clock()).toISOString();
    } catch (error) {
      status.error = errorText(error);
      setTimeout(schedule, deps.retryMs ?? 60_000);
    }
    const { lastSync: _a, ...was } = before;
    const { lastSync: _b, ...now } = status;
    const changed = JSON.stringify(was) !== JSON.stringify(now);
    // lastSync alone changes on a round that wrote to sync storage.
    if (changed || status.lastSync !== before.lastSync) await writeState(status);
    if (applied || changed) deps.onChange();
  }

  /** Runs a round now, after any running one; resolves when it is done (errors are logged). */
  function runNow(): Promise<void> {
    chain = chain.then(round).catch((error: unknown) => console.warn('Afterparty: device sync failed', error));
    return chain;
  }

  /** A round soon: local changes and remote ones close together make one. */
  function schedule(): void {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void runNow();
    }, delayMs);
  }

  return {
    schedule,
    runNow,
    status: readState,
    /** Turning sync off keeps every record here and in sync storage; turning it on merges again. */
    async setEnabled(enabled: boolean): Promise<DeviceSyncStatus> {
      await chain;
      await writeState({ ...(await readState()), enabled });
      if (enabled) await runNow();
      return readState();
    },
    /**
     * After a message was answered: a round soon when it changed the user's data. Only messages:
     * the data revision is also bumped by feed syncs and by these rounds, and a round that
     * starts one (subscribing a feed) would then start the next.
     */
    after(request: unknown, reply: object): void {
      const type = (request as { type?: unknown } | null)?.type;
      if (typeof type === 'string' && changesData(type) && 'result' in reply) schedule();
    },
    /** storage.onChanged: another device's write (or this one's own, which a round finds settled). */
    onStorageChanged(area: string): void {
      if (area === 'sync') schedule();
    },
  };
}

export type DeviceSync = ReturnType<typeof createDeviceSync>;
