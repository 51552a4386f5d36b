// Device sync's ledger and status, one row each in the `settings` table beside the display
// settings and the site lists: only the background opens IndexedDB, so no page can read a
// private feed's address from them or plant a tombstone (storage.local, where they were kept
// before, is open to content scripts). No schema change: `settings` is keyed by any id.
import type { Table } from 'dexie';
import type { AfterpartyDb } from './database.ts';

interface ValueRow {
  id: string;
  value: unknown;
}

const table = (db: AfterpartyDb) => db.table<ValueRow, string>('settings');

/** The row's value; undefined when it was never written. */
export async function readDeviceSyncRow(db: AfterpartyDb, id: string): Promise<unknown> {
  return (await table(db).get(id))?.value;
}

export async function writeDeviceSyncRow(db: AfterpartyDb, id: string, value: unknown): Promise<void> {
  await table(db).put({ id, value });
}

// Set by the first move: a value a page plants in storage.local later (where it still can, as in
// Firefox) is not taken even when its row was never written, as when sync stayed off.
const MOVED = 'deviceSync.moved';

/**
 * The one move from storage.local: writes each value whose row was never written, in one
 * transaction; rows already there are kept, and after the first move nothing is taken.
 */
export async function seedDeviceSyncRows(db: AfterpartyDb, values: Record<string, unknown>): Promise<void> {
  const rows: Table<ValueRow, string> = table(db);
  await db.transaction('rw', rows, async () => {
    if ((await rows.get(MOVED)) !== undefined) return;
    await rows.put({ id: MOVED, value: true });
    for (const [id, value] of Object.entries(values)) {
      if (value !== undefined && (await rows.get(id)) === undefined) await rows.put({ id, value });
    }
  });
}
