// The ledger and the status moved out of storage.local, which content scripts can read and
// write (issue 26.5): a worker of this release finds them there once, takes them into IndexedDB
// and deletes them there, and its rounds go on from the moved ledger as before.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import {
  createDeviceSync,
  LEDGER_KEY,
  STATE_KEY,
  type StorageAreaApi,
} from '../../src/background/device-sync/device-sync.ts';
import { readDeviceSyncRow, readPlan, type AfterpartyDb } from '../../src/db/index.ts';
import { setSaved } from '../../src/db/plan.ts';
import { freshDb } from '../db/fake-db.ts';
import { memoryArea } from './memory-area.ts';

let now = Date.UTC(2026, 8, 1);
const clock = () => (now += 1000);

/** One worker life: the database persists between lives, the device sync object does not. */
function worker(db: AfterpartyDb, sync: StorageAreaApi, local: StorageAreaApi) {
  return createDeviceSync({
    db,
    sync,
    local,
    clock,
    onChange: () => undefined,
    delayMs: 0,
    feeds: { permitted: async () => false, remove: async () => undefined },
  });
}

describe('device sync state moved out of storage.local', () => {
  it('moves the ledger and the status into IndexedDB on first use, deletes them from local, and syncs on from them', async () => {
    const sync = memoryArea();
    const db = freshDb();
    await loadDefaultFeed(db);
    const [event] = await db.events.limit(1).toArray();
    await setSaved(db, event!.key, 'going');
    await worker(db, sync, memoryArea()).runNow();
    const ledger = await readDeviceSyncRow(db, LEDGER_KEY);
    const state = await readDeviceSyncRow(db, STATE_KEY);
    expect(ledger).toBeDefined();
    expect(JSON.stringify(sync.items)).toContain(event!.key);
    // As an older release left them: in storage.local, nothing in IndexedDB, not moved yet.
    await db.table('settings').bulkDelete([LEDGER_KEY, STATE_KEY, 'deviceSync.moved']);
    const local = memoryArea();
    local.items = { [LEDGER_KEY]: ledger, [STATE_KEY]: state, 'data.revision': 7 };

    const next = worker(db, sync, local);
    expect((await next.status()).lastSync).toBe((state as { lastSync: string }).lastSync);
    expect(await readDeviceSyncRow(db, LEDGER_KEY)).toEqual(ledger);
    expect(await readDeviceSyncRow(db, STATE_KEY)).toEqual(state);
    expect(local.items).toEqual({ 'data.revision': 7 });

    // Only the moved ledger says the save was sent from here: without it, the save still in
    // sync storage would read as another device's and come back.
    await setSaved(db, event!.key, null);
    await next.runNow();
    expect((await readPlan(db)).saved).toEqual([]);
    expect(JSON.stringify(sync.items)).not.toContain(`"${event!.key}"`);
    expect(local.items).toEqual({ 'data.revision': 7 });
  });

  it('keeps what IndexedDB holds over a value a page wrote into local storage since', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const first = memoryArea();
    first.items = { [STATE_KEY]: { enabled: false } };
    expect((await worker(db, memoryArea(), first).status()).enabled).toBe(false);
    // A later worker life finds a planted value: it is deleted, never read.
    const planted = memoryArea();
    planted.items = { [STATE_KEY]: { enabled: true }, [LEDGER_KEY]: { planted: true } };
    expect((await worker(db, memoryArea(), planted).status()).enabled).toBe(false);
    expect(planted.items).toEqual({});
    expect(await readDeviceSyncRow(db, LEDGER_KEY)).toBeUndefined();
  });

  it('takes nothing planted in local storage after a first start that found nothing there', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    expect((await worker(db, memoryArea(), memoryArea()).status()).enabled).toBe(true);
    const planted = memoryArea();
    planted.items = { [STATE_KEY]: { enabled: false } };
    expect((await worker(db, memoryArea(), planted).status()).enabled).toBe(true);
    expect(planted.items).toEqual({});
  });
});
