// Where the worker keeps its stored matcher's bytes (stored-matcher.ts): a file in the
// extension's origin private file system (OPFS, `navigator.storage.getDirectory()`, in
// Chromium's MV3 service worker and in Firefox's event page alike), else, where the browser
// gives none, the one row of the database's `matcherIndex` table (db/matcher-index.ts).
//
// Why a file: IndexedDB read a 12-17 MB row back in 350-960 ms in Chromium, and the row could
// not be read before the whole database had opened (540 ms at 100,000 films). A file is read
// in one go, beside the database's open, and `createWritable` replaces it only when closed,
// so a write cut short leaves the file before it, never half of one.
//
// Read by need: a packed file ends with a tail the first batch does not need (the warm-up's
// sample, stored-bytes.ts), so `read` reads the head, then the tree alone (`File.slice`), and
// `readTail` the rest from the same File, when it is wanted.
import { PACKED_HEAD, packedSize, tailOf } from '../core/matching/index.ts';
import { dropMatcherIndex, readMatcherIndex, writeMatcherIndex, type AfterpartyDb } from '../db/index.ts';

const FILE = 'matcher-index.bin';

/**
 * The bytes' store: which one, read (null when nothing is stored: the packed tree, or all of it
 * where the tail comes with it), the tail of what `read` read last (null when there is none or
 * it changed meanwhile), write, drop.
 */
export interface IndexBytes {
  where(): Promise<'file' | 'database'>;
  read(): Promise<ArrayBuffer | null>;
  readTail(): Promise<Uint8Array | null>;
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
  /** What `read` read last: all of the row's bytes, or the file and where its tail lies. */
  let last: { bytes: ArrayBuffer } | { file: File; tail: number; size: number } | null = null;
  return {
    async where() {
      return (await opened()) ? 'file' : 'database';
    },
    async read() {
      const d = await opened();
      last = null;
      if (!d) {
        const row = await readMatcherIndex(db);
        const bytes = row ? (row.stored instanceof ArrayBuffer ? row.stored : new ArrayBuffer(0)) : null;
        if (bytes) last = { bytes };
        return bytes;
      }
      let handle: FileSystemFileHandle;
      try {
        handle = await d.getFileHandle(FILE);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      const file = await handle.getFile();
      const size = packedSize(await file.slice(0, PACKED_HEAD).arrayBuffer());
      // Not a head, or sizes the file does not hold: all of it, for unpack to refuse.
      if (!size || size.tree + size.tail !== file.size) return file.arrayBuffer();
      last = { file, tail: size.tree, size: size.tail };
      return file.slice(0, size.tree).arrayBuffer();
    },
    async readTail() {
      const from = last;
      if (!from) return null;
      if ('bytes' in from) return tailOf(from.bytes);
      // A File read after the file was written again is refused by the browser (NotReadableError).
      const bytes = await from.file.slice(from.tail).arrayBuffer();
      return bytes.byteLength === from.size ? new Uint8Array(bytes) : null;
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
