// A tree of plain data (what stored-graph.ts encodes: plain objects, arrays, numbers, strings,
// typed arrays) packed into one ArrayBuffer, so that it is kept as one file (the worker keeps
// its matcher in the origin's private file system, background/index-file.ts) and read back as
// one read of bytes: no structured clone of strings or objects, typed arrays read back as views
// on the buffer read (no copy), long strings as UTF-8 decoded once each.
//
// Layout: 16 bytes of head ("APX1", the skeleton's length, the data's length, the tail's
// length), the skeleton (JSON of the tree with each typed array, long string, undefined and
// non-JSON number replaced by a marker object), zeros up to a multiple of 8, the data, then the
// tail: bytes that are no part of the tree, read only when wanted (the warm-up's sample, 0.7 MB
// of a 100,000-film file, is read after the page's first batch: packedSize tells where the tree
// ends, and the worker keeps the tail as a file of its own, background/index-file.ts). Every
// marker's place is checked against the data when unpacked: bytes of another kind, or cut
// short, are refused.
//
// Why: IndexedDB read a 12-17 MB row back in 350-960 ms in Chromium on this machine, while
// the same bytes in a file are one read, and a file is read without opening the database.
import { runSteps, type Steps } from './run-steps.ts';

const MAGIC = 0x31585041; // "APX1", little-endian
const HEAD = 16;
/** A string at least this long goes into the data as UTF-8; a shorter one stays in the skeleton. */
const LONG_STRING = 256;
/** Half a surrogate pair alone, which UTF-8 cannot carry (JSON escapes it): such a string stays in the skeleton. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Typed arrays by the number a marker gives them. */
const KINDS = [
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
] as const;
type Kind = (typeof KINDS)[number];
type View = InstanceType<Kind>;

const INT32 = KINDS.indexOf(Int32Array);
/** The kinds an Int32Array is stored as when its values fit, narrowest first, with the values each holds. */
const NARROWER = (
  [
    [Int8Array, -0x80, 0x7f],
    [Uint8Array, 0, 0xff],
    [Int16Array, -0x8000, 0x7fff],
    [Uint16Array, 0, 0xffff],
  ] as const
).map(([k, lo, hi]) => ({ kind: KINDS.indexOf(k), lo, hi }));

/** Bytes that are not a packed tree, or whose markers point outside them. */
export class DamagedBytes extends Error {}

const damaged = (why: string): never => {
  throw new DamagedBytes(why);
};

const align8 = (n: number): number => (n + 7) & ~7;

/** One piece of the data: the bytes and where they go. */
interface Part {
  at: number;
  bytes: Uint8Array;
}

/** Tells a long loop when its slice of time is up (packSteps), reading the clock once every 256 questions. */
class Clock {
  private asked = 0;
  private until: number;
  constructor(private readonly sliceMs: number) {
    this.until = performance.now() + sliceMs;
  }
  due(): boolean {
    if (this.sliceMs === Infinity || (++this.asked & 255) !== 0) return false;
    if (performance.now() < this.until) return false;
    this.until = performance.now() + this.sliceMs;
    return true;
  }
}

/**
 * The narrowest kind that holds every value of `values` (INT32 when none is narrower). A
 * woken worker reads every byte of its stored matcher before its first find, and most of the
 * matcher's Int32Arrays hold word ids (a few thousand words) or small counts.
 */
function* narrowest(values: Int32Array, clock: Clock): Steps<number> {
  let min = 0;
  let max = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (x < min) min = x;
    else if (x > max) max = x;
    // The clock reads the time once every 256 questions: once every 4,096 values.
    if ((i & 15) === 15 && clock.due()) yield;
  }
  return NARROWER.find(({ lo, hi }) => min >= lo && max <= hi)?.kind ?? INT32;
}

/**
 * `tree` packed, in steps of about `sliceMs` (the last returns the bytes), so that a worker packs
 * 12 MB between pages' requests. Throws on what it cannot carry: a function, a symbol, a class
 * instance, a key beginning with "$" (the markers' own).
 */
export function* packSteps(tree: unknown, sliceMs = 8, tail: Uint8Array = new Uint8Array(0)): Steps<ArrayBuffer> {
  const clock = new Clock(sliceMs);
  const parts: Part[] = [];
  let size = 0;
  const place = (bytes: Uint8Array): number => {
    const at = (size = align8(size));
    parts.push({ at, bytes });
    size += bytes.byteLength;
    return at;
  };
  const encoder = new TextEncoder();
  function* skeleton(v: unknown): Steps<unknown> {
    if (clock.due()) yield;
    switch (typeof v) {
      case 'string':
        if (v.length >= LONG_STRING && !LONE_SURROGATE.test(v)) {
          const bytes = encoder.encode(v);
          return { $s: place(bytes), n: bytes.byteLength };
        }
        return v;
      case 'number':
        if (Number.isFinite(v) && !Object.is(v, -0)) return v;
        return { $n: Object.is(v, -0) ? '-0' : String(v) };
      case 'boolean':
        return v;
      case 'undefined':
        return { $u: 0 };
      case 'object': {
        if (v === null) return null;
        if (ArrayBuffer.isView(v)) {
          const kind = KINDS.findIndex((k) => v instanceof k);
          if (kind < 0) throw new Error(`stored bytes: a ${v.constructor.name} cannot be stored`);
          if (v instanceof Int32Array) {
            const narrow = yield* narrowest(v, clock);
            if (narrow !== INT32) {
              const copy = new KINDS[narrow]!(v);
              return { $a: narrow, o: place(new Uint8Array(copy.buffer)), n: v.length, w: INT32 };
            }
          }
          const view = v as View;
          const at = place(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
          return { $a: kind, o: at, n: view.length };
        }
        if (Array.isArray(v)) {
          const out = new Array<unknown>(v.length);
          for (let i = 0; i < v.length; i++) out[i] = yield* skeleton(v[i]);
          return out;
        }
        const proto = Object.getPrototypeOf(v) as object | null;
        if (proto !== Object.prototype && proto !== null) {
          const shown = (v as { constructor?: { name?: string } }).constructor?.name ?? 'an object';
          throw new Error(`stored bytes: ${shown} cannot be stored`);
        }
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(v)) {
          if (key.startsWith('$')) throw new Error(`stored bytes: a key may not begin with $ (${key})`);
          out[key] = yield* skeleton((v as Record<string, unknown>)[key]);
        }
        return out;
      }
      default:
        throw new Error(`stored bytes: a ${typeof v} cannot be stored`);
    }
  }
  const json = encoder.encode(JSON.stringify(yield* skeleton(tree)));
  const dataAt = align8(HEAD + json.byteLength);
  const dataSize = align8(size);
  const out = new ArrayBuffer(dataAt + dataSize + tail.byteLength);
  const head = new DataView(out);
  head.setUint32(0, MAGIC, true);
  head.setUint32(4, json.byteLength, true);
  head.setUint32(8, dataSize, true);
  head.setUint32(12, tail.byteLength, true);
  const bytes = new Uint8Array(out);
  bytes.set(json, HEAD);
  for (const part of parts) {
    bytes.set(part.bytes, dataAt + part.at);
    if (clock.due()) yield;
  }
  new Uint8Array(out, dataAt + dataSize).set(tail);
  return out;
}

/** `tree` packed at once, and `tail` after it. */
export function pack(tree: unknown, tail?: Uint8Array): ArrayBuffer {
  return runSteps(packSteps(tree, Infinity, tail));
}

/** Where a packed tree and its tail lie, from the head (the first HEAD bytes or more); null when that is no head. */
export function packedSize(head: ArrayBuffer): { tree: number; tail: number } | null {
  if (head.byteLength < HEAD) return null;
  const view = new DataView(head, 0, HEAD);
  if (view.getUint32(0, true) !== MAGIC) return null;
  return { tree: align8(HEAD + view.getUint32(4, true)) + view.getUint32(8, true), tail: view.getUint32(12, true) };
}

/** The bytes of a packed head: what a reader reads first to learn packedSize. */
export const PACKED_HEAD = HEAD;

/** The tail packed after the tree, when `buffer` holds all of it; else null (a buffer of the tree alone). */
export function tailOf(buffer: ArrayBuffer): Uint8Array | null {
  const size = packedSize(buffer);
  if (!size || buffer.byteLength !== size.tree + size.tail) return null;
  return new Uint8Array(buffer, size.tree, size.tail);
}

/**
 * The tree `pack` packed. Typed arrays are views on `buffer` (kept alive by them); throws
 * DamagedBytes when `buffer` is not a packed tree or a marker points outside its data. `buffer`
 * holds the tree and its tail, or the tree alone (read up to packedSize).
 */
export function unpack(buffer: unknown): unknown {
  if (!(buffer instanceof ArrayBuffer)) return damaged('not bytes');
  if (buffer.byteLength < HEAD) return damaged('shorter than its head');
  const head = new DataView(buffer, 0, HEAD);
  if (head.getUint32(0, true) !== MAGIC) return damaged('not a packed tree');
  const jsonSize = head.getUint32(4, true);
  const dataSize = head.getUint32(8, true);
  const dataAt = align8(HEAD + jsonSize);
  const tailSize = head.getUint32(12, true);
  if (dataAt + dataSize !== buffer.byteLength && dataAt + dataSize + tailSize !== buffer.byteLength)
    return damaged(`${buffer.byteLength} bytes where the head says ${dataAt + dataSize} (+${tailSize})`);
  let tree: unknown;
  try {
    tree = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(buffer, HEAD, jsonSize)));
  } catch {
    return damaged('a skeleton that is not JSON');
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  /** `count` items of `size` bytes at `o` of the data: inside it, and aligned. */
  const span = (o: unknown, count: unknown, size: number): number => {
    if (!Number.isInteger(o) || !Number.isInteger(count) || (o as number) < 0 || (count as number) < 0)
      return damaged('a marker without its place');
    if ((o as number) % 8 !== 0) return damaged('a marker out of alignment');
    if ((o as number) + (count as number) * size > dataSize) return damaged('a marker past the end of the data');
    return dataAt + (o as number);
  };
  const revive = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = revive(v[i]);
      return v;
    }
    const o = v as Record<string, unknown>;
    if ('$a' in o) {
      const kind: Kind | undefined = KINDS[o.$a as number];
      if (!kind) return damaged(`no kind of typed array ${String(o.$a)}`);
      const view = new kind(buffer, span(o.o, o.n, kind.BYTES_PER_ELEMENT), o.n as number);
      if (!('w' in o)) return view;
      // Stored narrower than it is read: widened by the engine's copy, not a loop of ours.
      if (o.w !== INT32 || !NARROWER.some(({ kind }) => kind === o.$a))
        return damaged(`no widening of ${String(o.$a)}`);
      return new Int32Array(view);
    }
    if ('$s' in o) {
      try {
        return decoder.decode(new Uint8Array(buffer, span(o.$s, o.n, 1), o.n as number));
      } catch (error) {
        if (error instanceof DamagedBytes) throw error;
        return damaged('a string that is not UTF-8');
      }
    }
    if ('$u' in o) return undefined;
    if ('$n' in o) {
      const n = o.$n === '-0' ? -0 : Number(o.$n);
      return Number.isNaN(n) && o.$n !== 'NaN' ? damaged('a number of no known kind') : n;
    }
    for (const key of Object.keys(o)) o[key] = revive(o[key]);
    return o;
  };
  return revive(tree);
}
