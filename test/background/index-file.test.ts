// Where the stored matcher's bytes are kept (index-file.ts): two files of the private file
// system, the packed tree and its tail (the warm-up's sample), so that a wake reads the tree in
// one read with no head read first. The directory here is an in-memory one with the file system
// API's shape (Node has none); the real one is read in Chromium by test/e2e/stored-matcher.test.ts.
import { describe, expect, it } from 'vitest';
import { indexBytes } from '../../src/background/index-file.ts';
import { pack, unpack } from '../../src/core/matching/index.ts';
import { freshDb } from '../db/fake-db.ts';

/** A private directory in memory: files replaced only when a writable is closed, reads counted. */
function memoryDirectory() {
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  const reads: string[] = [];
  const notFound = () => new DOMException('no such file', 'NotFoundError');
  const handle = (name: string) => ({
    async getFile() {
      const bytes = files.get(name);
      if (!bytes) throw notFound();
      const file = new File([bytes], name);
      return {
        size: file.size,
        arrayBuffer: () => (reads.push(name), file.arrayBuffer()),
        slice: (from?: number, to?: number) => {
          const part = file.slice(from, to);
          return { arrayBuffer: () => (reads.push(`${name}[${from ?? 0}:${to ?? ''}]`), part.arrayBuffer()) };
        },
      };
    },
    async createWritable() {
      let pending = new Uint8Array(0);
      return {
        async write(chunk: Uint8Array) {
          pending = new Uint8Array(chunk);
        },
        async close() {
          files.set(name, pending);
        },
        async abort() {},
      };
    },
  });
  const directory = {
    async getFileHandle(name: string, options?: { create?: boolean }) {
      if (!files.has(name) && !options?.create) throw notFound();
      return handle(name);
    },
    async removeEntry(name: string) {
      if (!files.delete(name)) throw notFound();
    },
  } as unknown as FileSystemDirectoryHandle;
  return { files, reads, directory };
}

const tree = { print: 'p', stored: { n: 7, list: Int32Array.of(1, 2, 3) } };
const sample = new TextEncoder().encode('[{"title":"Fugitive Pieces"}]');

describe('the stored matcher’s files', () => {
  const store = () => {
    const memory = memoryDirectory();
    return { ...memory, bytes: indexBytes(freshDb(), () => Promise.resolve(memory.directory)) };
  };

  it('keeps the tree and its tail apart: a wake reads the tree’s file whole, the sample only when asked', async () => {
    const { files, reads, bytes } = store();
    const packed = pack(tree, sample);
    await bytes.write(packed, 'p');
    expect(files.get('matcher-sample.bin')).toEqual(sample);
    expect(files.get('matcher-index.bin')!.byteLength).toBe(packed.byteLength - sample.byteLength);

    const read = await bytes.read();
    expect(reads).toEqual(['matcher-index.bin']);
    expect(unpack(read)).toEqual(tree);
    expect(await bytes.readTail()).toEqual(sample);
    expect(reads).toEqual(['matcher-index.bin', 'matcher-sample.bin']);
  });

  it('a sample of another index is not taken; an older release’s one file gives its own tail', async () => {
    const { files, bytes } = store();
    await bytes.write(pack(tree, sample), 'p');
    files.set('matcher-sample.bin', new TextEncoder().encode('[]'));
    await bytes.read();
    expect(await bytes.readTail()).toBeNull();

    // One file holding the tree and its tail, and no sample's file.
    files.set('matcher-index.bin', new Uint8Array(pack(tree, sample)));
    files.delete('matcher-sample.bin');
    expect(unpack(await bytes.read())).toEqual(tree);
    expect(await bytes.readTail()).toEqual(sample);
  });

  it('drops both files, and reads nothing once dropped', async () => {
    const { files, bytes } = store();
    await bytes.write(pack(tree, sample), 'p');
    expect([...files.keys()].sort()).toEqual(['matcher-index.bin', 'matcher-sample.bin']);
    await bytes.drop();
    expect(files.size).toBe(0);
    expect(await bytes.read()).toBeNull();
    expect(await bytes.readTail()).toBeNull();
    // Positive control: written again, read again.
    await bytes.write(pack(tree, sample), 'p');
    expect(unpack(await bytes.read())).toEqual(tree);
  });
});
