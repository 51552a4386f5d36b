// The ledger and the status as device sync reads and writes them, kept in IndexedDB.
// Releases before kept them in storage.local, which content scripts can read and write: the
// first use in a worker's life copies what is found there (once: a row already in IndexedDB is
// kept) and then deletes the keys, so nothing is lost and a later page write there is never read.
import { readDeviceSyncRow, seedDeviceSyncRows, writeDeviceSyncRow, type AfterpartyDb } from '../../db/index.ts';

/** The storage.local calls the move needs; tests pass a memory area. */
export interface LegacyArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

export function deviceSyncStore(db: AfterpartyDb, legacy: LegacyArea, keys: string[]) {
  let moved: Promise<void> | null = null;
  const move = () =>
    (moved ??= (async () => {
      const old = await legacy.get(keys);
      // Even with nothing to move: the move is then done, and a value planted later is not taken.
      await seedDeviceSyncRows(db, old);
      if (Object.keys(old).length > 0) await legacy.remove(keys);
    })().catch((error: unknown) => {
      moved = null;
      throw error;
    }));
  return {
    async read(key: string): Promise<unknown> {
      await move();
      return readDeviceSyncRow(db, key);
    },
    async write(key: string, value: unknown): Promise<void> {
      await move();
      await writeDeviceSyncRow(db, key, value);
    },
  };
}
