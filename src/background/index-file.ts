// Where the worker keeps its stored matcher's bytes (stored-matcher.ts): files in the
// extension's origin private file system (OPFS, `navigator.storage.getDirectory()`, in
// Chromium's MV3 service worker and in Firefox's event page alike), else, where the browser
// gives none, the one row of the database's `matcherIndex` table (db/matcher-index.ts).
//
// Why files: IndexedDB read a 12-17 MB row back in 350-960 ms in Chromium, and the row could
// not be read before the whole database had opened (540 ms at 100,000 films). A file is read
// in one go, beside the database's open, and `createWritable` replaces it only when closed,
// so a write cut short leaves the file before it, never half of one.
//
// Read by need: the packed bytes end with a tail the first batch does not need (the warm-up's
// sample, stored-bytes.ts), kept as a file of its own, so a wake reads the index file whole,
// in one read with no head read before it (a round trip of 2-11 ms on a wake), and `readTail`
// reads the sample's file when it is wanted.
import { packedSize, tailOf } from '../core/matching/index.ts';
import { timed } from './dev-marks.ts';
import { dropMatcherIndex, readMatcherIndex, writeMatcherIndex, type AfterpartyDb } from '../db/index.ts';

const FILE = 'matcher-index.bin';
/** The packed bytes' tail: the warm-up's sample. */
const SAMPLE_FILE = 'matcher-sample.bin';

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

/** `bytes` as the file `name` of `d`, replaced only once the write is whole. */
async function writeFile(d: FileSystemDirectoryHandle, name: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  const handle = await d.getFileHandle(name, { create: true });
  const writable = await handle.createWritable();
  try {
    await writable.write(bytes);
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => undefined);
    throw error;
  }
}

export function indexBytes(db: AfterpartyDb, directory = privateDirectory): IndexBytes {
  let dir: Promise<FileSystemDirectoryHandle | null> | null = null;
  const opened = () => (dir ??= timed('file:dir', directory));
  /** What `read` read last, and the directory its sample is in (none for the database's row, which holds it). */
  let last: { bytes: ArrayBuffer; directory?: FileSystemDirectoryHandle } | null = null;
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
        handle = await timed('file:handle', () => d.getFileHandle(FILE));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      const file = await timed('file:get', () => handle.getFile());
      // The tree alone (an older release's file holds its tail too: unpack takes either).
      const bytes = await timed('file:tree', () => file.arrayBuffer());
      last = { bytes, directory: d };
      return bytes;
    },
    async readTail() {
      const from = last;
      if (!from) return null;
      // In the bytes read: the database's row, or an older release's one file.
      const inBytes = tailOf(from.bytes);
      if (inBytes || !from.directory) return inBytes;
      const size = packedSize(from.bytes);
      let sample: ArrayBuffer;
      try {
        const handle = await from.directory.getFileHandle(SAMPLE_FILE);
        sample = await (await handle.getFile()).arrayBuffer();
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      // Another index's (a write cut short between the two files): not this one's sample.
      return size && sample.byteLength === size.tail ? new Uint8Array(sample) : null;
    },
    async write(bytes, print) {
      const d = await opened();
      if (!d) return writeMatcherIndex(db, { print, stored: bytes, bytes: bytes.byteLength });
      const size = packedSize(bytes);
      const tree = size ? new Uint8Array(bytes, 0, size.tree) : new Uint8Array(bytes);
      // The sample first: an index file is never newer than the sample beside it, and a sample
      // of another index is told by its length (readTail).
      await writeFile(d, SAMPLE_FILE, size ? new Uint8Array(bytes, size.tree, size.tail) : new Uint8Array(0));
      await writeFile(d, FILE, tree);
    },
    async drop() {
      // Both: a profile whose browser gave a directory only later (or an older release's row).
      const d = await opened();
      await Promise.all([
        dropMatcherIndex(db),
        ...[FILE, SAMPLE_FILE].map((name) =>
          d?.removeEntry(name).catch((error: unknown) => {
            if (!isNotFound(error)) throw error;
          }),
        ),
      ]);
    },
  };
}
