// Where the worker keeps its stored matcher's bytes (stored-matcher.ts): a file in the
// extension's origin private file system (OPFS, `navigator.storage.getDirectory()`, in
// Chromium's MV3 service worker and in Firefox's event page alike), else, where the browser
// gives none, the one row of the database's `matcherIndex` table (db/matcher-index.ts).
//
// Why a file: IndexedDB read a 12-17 MB row back in 350-960 ms in Chromium, and the row could
// not be read before the whole database had opened (540 ms at 100,000 films). A file is read
// in one go, beside the database's open, and `createWritable` replaces it only when closed,
// so a write cut short leaves the file before it, never half of one.
import { dropMatcherIndex, readMatcherIndex, writeMatcherIndex, type AfterpartyDb } from '../db/index.ts';

const FILE = 'matcher-index.bin';

/** The bytes' store: which one, read (null when nothing is stored), write, drop. */
export interface IndexBytes {
  where(): Promise<'file' | 'database'>;
  read(): Promise<ArrayBuffer | null>;
  write(bytes: ArrayBuffer, print: string): Promise<void>;
  drop(): Promise<void>;
}

/** The origin's private directory, or null where there is none (no API, or refused: a private window). */
function privateDirectory(): Promise<FileSystemDirectoryHandle | null> {
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageManager> } }).navigator?.storage;
  if (typeof storage?.getDirectory !== 'function') return Promise.resolve(null);
  return storage.getDirectory().catch(() => null);
}

const isNotFound = (error: unknown): boolean => error instanceof DOMException && error.name === 'NotFoundError';

export function indexBytes(db: AfterpartyDb, directory = privateDirectory): IndexBytes {
  let dir: Promise<FileSystemDirectoryHandle | null> | null = null;
  const opened = () => (dir ??= directory());
  return {
    async where() {
      return (await opened()) ? 'file' : 'database';
    },
    async read() {
      const d = await opened();
      if (!d) {
        const row = await readMatcherIndex(db);
        return row ? (row.stored instanceof ArrayBuffer ? row.stored : new ArrayBuffer(0)) : null;
      }
      let handle: FileSystemFileHandle;
      try {
        handle = await d.getFileHandle(FILE);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      return (await handle.getFile()).arrayBuffer();
    },
    async write(bytes, print) {
      const d = await opened();
      if (!d) return writeMatcherIndex(db, { print, stored: bytes, bytes: bytes.byteLength });
      const handle = await d.getFileHandle(FILE, { create: true });
      const writable = await handle.createWritable();
      try {
        await writable.write(bytes);
        await writable.close();
      } catch (error) {
        await writable.abort().catch(() => undefined);
        throw error;
      }
    },
    async drop() {
      // Both: a profile whose browser gave a directory only later (or an older release's row).
      const d = await opened();
      await Promise.all([
        dropMatcherIndex(db),
        d?.removeEntry(FILE).catch((error: unknown) => {
          if (!isNotFound(error)) throw error;
        }),
      ]);
    },
  };
}
