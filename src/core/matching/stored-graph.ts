// A graph of plain data written so that structured clone (IndexedDB, postMessage) reads it back
// as little more than a copy of bytes: typed arrays as they are, every string in one text with
// its ends in a typed array, a table of many small records of one shape (the title names) as
// columns, and lists of those records as offsets into the table. Generic over fields, so a field
// added to a record or to an index class is carried without a change here; a class not
// registered, a function or a symbol is refused, never dropped.
//
// Read back, nothing big is made until it is used: a record is an object only once something
// asks for it, a list of record lists (a trie's names by node) makes a node's list when that
// node is asked, and a plain object's field holding a big map or list of records is decoded
// the first time it is read. What the graph's shape rests on (kinds, lengths, the ends of
// offset tables) is checked when the graph is read; the numbers inside a table (a string's
// number, a record's, an offset) are checked when what they make is first made, so that a wake
// does not read every table once: a bad one then makes a harmless value (an empty string or
// list) and is told to the reader once (OnDamage), who drops the stored form. Nothing made later
// throws.
//
// Why: structured clone reads an object per object and the decoding made one per name, list
// and string; 100,000 films were about a million of them, which took longer to read back than
// compiling them again, and then hundreds of milliseconds more with 100,000 name objects.
import { runSteps, type Steps } from './run-steps.ts';

/** What joins a list of strings kept as one text (GraphClass.storedJoined). */
const JOIN = '\u0000';

/** One encoded value: a primitive or typed array as it is, anything else a tagged node. */
export type Encoded = unknown;

/** A table of records of one shape, stored column by column. */
export interface RecordColumns {
  count: number;
  keys: string[];
  columns: Column[];
}

type Column =
  | { k: 'i'; v: Int32Array }
  /** Integers `a`, `a + d`, `a + 2d`...: a record's number, stored as the rule, not the numbers. */
  | { k: 'ir'; a: number; d: number }
  | { k: 'f'; v: Float64Array }
  /** Flags, eight a byte (bitAt): a name's three were a byte each (0.29 MB, 100k films). */
  | { k: 'b'; v: Uint8Array }
  | { k: 's'; v: Int32Array }
  /** Strings of a few kinds (a name's role): `v` indexes the palette `p` of string ids (see palette). */
  | { k: 'sp'; p: Int32Array; v: Uint8Array | Uint16Array }
  | { k: 'ss'; at: Spans; v: Int32Array; frozenEmpty: boolean }
  /** Lists of strings from a palette (a name's words: 2,296 distinct words in 272,642 at 100,000 films). */
  | { k: 'ssp'; at: Spans; p: Int32Array; v: Uint8Array | Uint16Array; frozenEmpty: boolean }
  /** Lists of strings, every one empty (a field no name fills today). */
  | { k: 'se'; frozenEmpty: boolean }
  | { k: 'g'; v: Encoded[] };

/**
 * Where each of many lists lies in one table of values, as stored: each list's length in one
 * byte (or two, a list being longer than 255) and where every SPAN_STEP-th list begins, a
 * quarter of the bytes of every offset (`Int32Array`, count + 1, kept for a list longer than
 * 65,535). A list's place is summed from its block's start when it is made (SpanTable), which
 * is only when a match first reaches it.
 */
export type Spans = Int32Array | { len: Uint8Array | Uint16Array; base: Int32Array };

// 16, not 64: a wake makes thousands of strings at once (the vocabulary's), each summed from
// its block's start in code not yet compiled; at 64 the decoding and the probe took 10-15 ms
// more CPU at 100,000 films. The starts cost a byte a list at 16.
const SPAN_STEP = 16;

/** `at` (count + 1 offsets) as Spans. */
function spansOf(at: Int32Array): Spans {
  const count = at.length - 1;
  let longest = 0;
  for (let i = 0; i < count; i++) longest = Math.max(longest, at[i + 1]! - at[i]!);
  if (longest > 0xffff) return at;
  const len = longest <= 0xff ? new Uint8Array(count) : new Uint16Array(count);
  for (let i = 0; i < count; i++) len[i] = at[i + 1]! - at[i]!;
  const base = new Int32Array(Math.ceil(count / SPAN_STEP) + 1);
  for (let b = 0; b < base.length; b++) base[b] = at[Math.min(b * SPAN_STEP, count)]!;
  return { len, base };
}

/** The most prefixes a string table shares (their numbers are bytes, 0 for none). */
const MOST_PREFIXES = 255;

/**
 * The strings' shared prefixes, each up to and with a string's first "/", and each string
 * without its own: a film's key is its feed's id, "/" and the feed's own id, so at 100,000
 * films the feeds' 18-character ids were 1.8 of the 7.8 MB a wake reads. The prefixes that
 * save the most are kept, up to MOST_PREFIXES; a string with another keeps it whole. In steps
 * of `slices` (at once without): at 100,000 films it is tens of milliseconds of work.
 */
export function* sharedPrefixes(
  strings: readonly string[],
  slices: Pick<Slices, 'due' | 'begin'> | null = null,
): Steps<{ prefixes: string[]; prefixOf: Uint8Array; rest: string[] }> {
  const slashes = new Int32Array(strings.length);
  const uses = new Map<string, number>();
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    const slash = (slashes[i] = s.indexOf('/'));
    if (slash > 0) {
      const prefix = s.slice(0, slash + 1);
      uses.set(prefix, (uses.get(prefix) ?? 0) + 1);
    }
    if (slices?.due()) {
      yield;
      slices.begin();
    }
  }
  const prefixes = [...uses]
    .filter(([, n]) => n > 1)
    .sort((a, b) => b[1] * b[0].length - a[1] * a[0].length || (a[0] < b[0] ? -1 : 1))
    .slice(0, MOST_PREFIXES)
    .map(([prefix]) => prefix);
  const numbers = new Map(prefixes.map((prefix, i) => [prefix, i + 1]));
  const prefixOf = new Uint8Array(strings.length);
  const rest = new Array<string>(strings.length);
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    const slash = slashes[i]!;
    const n = slash > 0 ? numbers.get(s.slice(0, slash + 1)) : undefined;
    if (n === undefined) rest[i] = s;
    else {
      prefixOf[i] = n;
      rest[i] = s.slice(slash + 1);
    }
    if (slices?.due()) {
      yield;
      slices.begin();
    }
  }
  return { prefixes, prefixOf, rest };
}

export interface EncodedGraph {
  /**
   * Every string of the graph end to end, less its shared prefix; where string `i` lies:
   * `stringAt` (Spans); its prefix: `prefixes[prefixOf[i] - 1]`, none when 0.
   */
  strings: string;
  stringAt: Spans;
  prefixes: string[];
  prefixOf: Uint8Array;
  records: RecordColumns;
  root: Encoded;
}

/**
 * A class whose instances may appear. `storedWithout` names fields left out of the stored form
 * (tables cheaper to make again than to read: a trie's edge table); an instance read back is
 * then given its `revive()` to make them, once its stored fields are in.
 */
export interface GraphClass {
  prototype: object;
  storedWithout?: readonly string[];
  /**
   * Fields holding a list of strings made whole on every read (the vocabulary's words), stored
   * as one text joined by NUL and read back in one split: as numbers in the string table, each
   * string is made by a call of ours (2-4 ms for 2,400 words on a wake, before the first find,
   * and a real catalog has tens of thousands). Their strings may be in the table as well, for
   * the tables that name them: a few bytes each, against a call each.
   */
  storedJoined?: readonly string[];
}

export interface GraphKinds {
  /** Classes whose instances may appear, by a stable name (not `constructor.name`, which minifiers change). */
  classes: Readonly<Record<string, GraphClass>>;
  /** Objects not stored but supplied again when read (the built-in word lists), by name. */
  externals: ReadonlyMap<object, string>;
  /**
   * Strings numbered first, in this order (the films' keys in the film order): a list of them
   * in this order is then stored as its first number and step, not a number each (`psr`).
   */
  stringsFirst?: Iterable<string>;
}

/** Lists by index (a trie's names by node): an array as built, StoredLists as read back. */
export interface ListsByIndex<T> {
  readonly length: number;
  list(i: number): T[] | undefined;
  has(i: number): boolean;
}

const isPrimitive = (v: unknown): boolean =>
  v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol');

/**
 * Tells a long loop when its slice of time is up, so that the encoding can be run in slices
 * (encodeGraphSteps): asked often, it reads the clock once every 1,024 questions.
 */
class Slices {
  private asked = 0;
  private until: number;
  constructor(private readonly sliceMs: number) {
    this.until = sliceMs === Infinity ? Infinity : performance.now() + sliceMs;
  }
  due(): boolean {
    if (this.sliceMs === Infinity || (++this.asked & 1023) !== 0) return false;
    return performance.now() >= this.until;
  }
  begin(): void {
    this.asked = 0;
    this.until = performance.now() + this.sliceMs;
  }
}

class Encoder {
  private readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();
  private readonly refs = new Map<object, number>();
  private readonly recordIds = new Map<object, number>();
  private readonly classNames = new Map<object, string>();
  private readonly omitted = new Map<object, ReadonlySet<string>>();
  private readonly joinedFields = new Map<object, ReadonlySet<string>>();

  constructor(
    private readonly records: readonly object[],
    private readonly kinds: GraphKinds,
    private readonly slices: Slices,
  ) {
    records.forEach((r, i) => this.recordIds.set(r, i));
    for (const first of kinds.stringsFirst ?? []) this.string(first);
    for (const [name, cls] of Object.entries(kinds.classes)) {
      this.classNames.set(cls.prototype, name);
      if (cls.storedWithout) this.omitted.set(cls.prototype, new Set(cls.storedWithout));
      if (cls.storedJoined) this.joinedFields.set(cls.prototype, new Set(cls.storedJoined));
    }
  }

  /** Yields when the slice is up; the caller resumes it in a later task. */
  private *pause(): Steps<void> {
    if (this.slices.due()) {
      yield;
      this.slices.begin();
    }
  }

  string(s: string): number {
    let id = this.stringIds.get(s);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(s);
      this.stringIds.set(s, id);
    }
    return id;
  }

  /** The string table as one text, where its strings lie and their shared prefixes. */
  *stringTable(): Steps<Pick<EncodedGraph, 'strings' | 'stringAt' | 'prefixes' | 'prefixOf'>> {
    const { prefixes, prefixOf, rest } = yield* sharedPrefixes(this.strings, this.slices);
    const at = new Int32Array(rest.length + 1);
    for (let i = 0; i < rest.length; i++) at[i + 1] = at[i]! + rest[i]!.length;
    return { strings: rest.join(''), stringAt: spansOf(at), prefixes, prefixOf };
  }

  isRecord(v: unknown): boolean {
    return typeof v === 'object' && v !== null && this.recordIds.has(v);
  }

  private recordList(list: readonly unknown[]): Int32Array {
    const ids = new Int32Array(list.length);
    for (let i = 0; i < list.length; i++) ids[i] = this.recordIds.get(list[i] as object)!;
    return ids;
  }

  private isRecordList(v: unknown): v is object[] {
    if (!Array.isArray(v)) return false;
    for (const x of v) if (!this.isRecord(x)) return false;
    return true;
  }

  /**
   * Many lists of records (a trie's names by node): offsets and ids, `undefined` kept apart from
   * [] by a bit a list (`none`, eight to a byte: a byte a node was 0.20 MB at 100,000 films).
   */
  private *recordLists(lists: readonly (readonly object[] | undefined)[]): Steps<{
    at: Spans;
    n: number;
    none: Uint8Array;
    ids: Int32Array;
  }> {
    const at = new Int32Array(lists.length + 1);
    const none = new Uint8Array(bitBytes(lists.length));
    let total = 0;
    for (let i = 0; i < lists.length; i++) total += lists[i]?.length ?? 0;
    const ids = new Int32Array(total);
    let n = 0;
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i];
      if (list === undefined) setBit(none, i);
      else for (const r of list) ids[n++] = this.recordIds.get(r)!;
      at[i + 1] = n;
      yield* this.pause();
    }
    return { at: spansOf(at), n: lists.length, none, ids };
  }

  *table(): Steps<RecordColumns> {
    const keys: string[] = [];
    const seen = new Set<string>();
    for (const r of this.records) {
      for (const k of Object.keys(r))
        if (!seen.has(k)) {
          seen.add(k);
          keys.push(k);
        }
      yield* this.pause();
    }
    const columns: Column[] = [];
    for (const key of keys) {
      const values = this.records.map((r) => (r as Record<string, unknown>)[key]);
      yield* this.pause();
      columns.push(yield* this.column(values));
    }
    return { count: this.records.length, keys, columns };
  }

  private *column(values: unknown[]): Steps<Column> {
    const n = values.length;
    if (values.every((v) => typeof v === 'number')) {
      const ints = values.every((v) => (v as number) === ((v as number) | 0) && !Object.is(v, -0));
      if (!ints) return { k: 'f', v: Float64Array.from(values as number[]) };
      const step = progression(values as number[]);
      return step ? { k: 'ir', ...step } : { k: 'i', v: Int32Array.from(values as number[]) };
    }
    if (values.every((v) => typeof v === 'boolean')) {
      const v = new Uint8Array(bitBytes(n));
      for (let i = 0; i < n; i++) if (values[i]) setBit(v, i);
      return { k: 'b', v };
    }
    if (values.every((v) => typeof v === 'string')) {
      const v = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        v[i] = this.string(values[i] as string);
        yield* this.pause();
      }
      const pal = yield* palette(v, () => this.pause());
      return pal ? { k: 'sp', ...pal } : { k: 's', v };
    }
    if (values.every((v) => Array.isArray(v) && v.every((s) => typeof s === 'string'))) {
      const lists = values as string[][];
      const at = new Int32Array(n + 1);
      let total = 0;
      for (let i = 0; i < n; i++) at[i + 1] = total += lists[i]!.length;
      const v = new Int32Array(total);
      let w = 0;
      for (const list of lists) {
        for (const s of list) v[w++] = this.string(s);
        yield* this.pause();
      }
      // Empty lists frozen (a name's gaps when it has none, NO_GAPS) come back as one frozen list, not one each.
      const frozenEmpty = lists.every((list) => list.length > 0 || Object.isFrozen(list));
      if (total === 0) return { k: 'se', frozenEmpty };
      const pal = yield* palette(v, () => this.pause());
      const spans = spansOf(at);
      return pal ? { k: 'ssp', at: spans, ...pal, frozenEmpty } : { k: 'ss', at: spans, v, frozenEmpty };
    }
    const v: Encoded[] = [];
    for (const x of values) v.push(yield* this.value(x));
    return { k: 'g', v };
  }

  private ref(v: object): number {
    const id = this.refs.size;
    this.refs.set(v, id);
    return id;
  }

  *value(v: unknown): Steps<Encoded> {
    if (typeof v === 'function' || typeof v === 'symbol')
      throw new Error(`stored graph: a ${typeof v} cannot be stored`);
    if (isPrimitive(v) || v === undefined) return v;
    const o = v as object;
    if (ArrayBuffer.isView(o)) return o;
    const external = this.kinds.externals.get(o);
    if (external !== undefined) return { t: 'x', n: external };
    const recordId = this.recordIds.get(o);
    if (recordId !== undefined) return { t: 'n', i: recordId };
    const seen = this.refs.get(o);
    if (seen !== undefined) return { t: 'r', i: seen };
    if (o instanceof WeakMap) return { t: 'wm' };
    if (o instanceof WeakSet) return { t: 'ws' };
    // Lists read back and stored again: stored as the arrays they stand for.
    if (o instanceof StoredLists) return yield* this.array(o.toArray(), o);
    if (Array.isArray(o)) return yield* this.array(o, o);
    if (o instanceof Map) return yield* this.map(o);
    if (o instanceof Set) {
      const i = this.ref(o);
      const items = [...o];
      if (items.every(isPrimitive)) return { t: 'sp', i, v: items };
      const out: Encoded[] = [];
      for (const x of items) out.push(yield* this.value(x));
      return { t: 's', i, v: out };
    }
    const proto = Object.getPrototypeOf(o) as object | null;
    if (proto === Object.prototype || proto === null)
      return { t: 'o', i: this.ref(o), p: proto === null, f: yield* this.fields(o) };
    const name = this.classNames.get(proto);
    if (name === undefined) {
      const shown = (o as { constructor?: { name?: string } }).constructor?.name ?? 'an object';
      throw new Error(`stored graph: ${shown} is not a registered class`);
    }
    const i = this.ref(o);
    return { t: 'c', i, c: name, f: yield* this.fields(o, this.omitted.get(proto), this.joinedFields.get(proto)) };
  }

  private *fields(o: object, omit?: ReadonlySet<string>, joined?: ReadonlySet<string>): Steps<Record<string, Encoded>> {
    const out: Record<string, Encoded> = {};
    for (const key of Object.keys(o)) {
      if (omit?.has(key)) continue;
      const v = (o as Record<string, unknown>)[key];
      const text = joined?.has(key) && Array.isArray(v) && !this.refs.has(v) ? yield* this.joined(v) : null;
      out[key] = text ? { t: 'ap', i: this.ref(v as object), v: text } : yield* this.value(v);
    }
    return out;
  }

  private *array(a: unknown[], self: object): Steps<Encoded> {
    const i = this.ref(self);
    if (a.length > 0 && this.isRecordList(a)) {
      const ids = this.recordList(a);
      // The table's own order (the index's list of names): its length says it all, 4 bytes a name less to read.
      if (ids.length === this.records.length && ids.every((id, k) => id === k)) return { t: 'rl', i, all: ids.length };
      return { t: 'rl', i, v: ids };
    }
    let lists = a.length > 0;
    let primitives = true;
    for (let k = 0; k < a.length && (lists || primitives); k++) {
      const x = a[k];
      if (!(x === undefined || this.isRecordList(x))) lists = false;
      if (!(x === undefined || isPrimitive(x))) primitives = false;
      yield* this.pause();
    }
    if (primitives) return { t: 'ap', i, v: yield* this.primitives(a) };
    if (lists) return { t: 'll', i, ...(yield* this.recordLists(a as (object[] | undefined)[])) };
    const out: Encoded[] = [];
    for (const x of a) out.push(yield* this.value(x));
    return { t: 'a', i, v: out };
  }

  /**
   * Primitives as they are, or, all strings, their numbers in the string table (a film's key is
   * then one string however many tables name it), or, all small integers, an Int32Array.
   */
  private *primitives(values: readonly unknown[]): Steps<Encoded> {
    let strings = values.length > 0;
    let ints = values.length > 0;
    for (let k = 0; k < values.length && (strings || ints); k++) {
      const v = values[k];
      if (typeof v !== 'string') strings = false;
      if (typeof v !== 'number' || v !== (v | 0) || Object.is(v, -0) || !(k in values)) ints = false;
    }
    if (strings) {
      const ids = new Int32Array(values.length);
      for (let k = 0; k < values.length; k++) {
        ids[k] = this.string(values[k] as string);
        yield* this.pause();
      }
      const step = progression(ids);
      return step ? { t: 'psr', ...step, n: ids.length } : { t: 'ps', v: ids };
    }
    if (ints) {
      const step = progression(values as number[]);
      return step ? { t: 'pr', ...step, n: values.length } : { t: 'pi', v: Int32Array.from(values as number[]) };
    }
    return values;
  }

  /**
   * A list of strings as one text joined by NUL (GraphClass.storedJoined), or null for a list
   * that is empty, holds something else or a NUL.
   */
  private *joined(values: readonly unknown[]): Steps<Encoded | null> {
    if (values.length === 0) return null;
    for (let k = 0; k < values.length; k++) {
      const v = values[k];
      if (typeof v !== 'string' || v.includes(JOIN) || !(k in values)) return null;
      // Each value asks, as everywhere here: Slices reads the clock once every 1,024 asks.
      yield* this.pause();
    }
    return { t: 'pj', s: values.join(JOIN), n: values.length };
  }

  private *map(m: Map<unknown, unknown>): Steps<Encoded> {
    const i = this.ref(m);
    const keys = [...m.keys()];
    const values = [...m.values()];
    const plainKeys = keys.every(isPrimitive);
    if (plainKeys && values.every(isPrimitive))
      return { t: 'mp', i, k: yield* this.primitives(keys), v: yield* this.primitives(values) };
    if (plainKeys && values.length > 0 && values.every((x) => this.isRecordList(x)))
      return { t: 'ml', i, k: keys, ...(yield* this.recordLists(values as object[][])) };
    // Lists of strings met nowhere else (films sharing a title, by clue word): offsets into one
    // table, not a node each.
    if (
      plainKeys &&
      values.length > 0 &&
      values.every((x) => Array.isArray(x) && !this.refs.has(x) && x.every((s) => typeof s === 'string'))
    ) {
      const lists = values as string[][];
      const at = new Int32Array(lists.length + 1);
      let total = 0;
      for (let k = 0; k < lists.length; k++) at[k + 1] = total += lists[k]!.length;
      const v = new Int32Array(total);
      let w = 0;
      for (const list of lists) {
        for (const s of list) v[w++] = this.string(s);
        yield* this.pause();
      }
      return { t: 'mls', i, k: yield* this.primitives(keys), at, ...stepsWithin(at, v) };
    }
    const k: Encoded[] = [];
    const v: Encoded[] = [];
    for (const x of keys) k.push(yield* this.value(x));
    for (const x of values) v.push(yield* this.value(x));
    return { t: 'm', i, k, v };
  }
}

/**
 * Lists of string numbers (`v`, list k in at[k]..at[k + 1]) as each list's first (`f`) and the
 * steps from one to the next in a byte or two (`v`), when every step fits: the films by clue
 * word follow the film order, in which their keys were numbered (stringsFirst), so their steps
 * are small (0.38 MB of numbers at 100,000 films in a quarter of it). Else `v` as it is.
 */
function stepsWithin(at: Int32Array, v: Int32Array): { v: Int32Array } | { f: Int32Array; v: Int8Array | Int16Array } {
  let widest = 0;
  for (let k = 0; k + 1 < at.length; k++)
    for (let j = at[k]! + 1; j < at[k + 1]!; j++) widest = Math.max(widest, Math.abs(v[j]! - v[j - 1]!));
  if (widest > 0x7fff) return { v };
  const steps = widest <= 0x7f ? new Int8Array(v.length) : new Int16Array(v.length);
  const f = new Int32Array(at.length - 1);
  for (let k = 0; k < f.length; k++) {
    if (at[k]! < at[k + 1]!) f[k] = v[at[k]!]!;
    for (let j = at[k]! + 1; j < at[k + 1]!; j++) steps[j] = v[j]! - v[j - 1]!;
  }
  return { f, v: steps };
}

/** A `mls` node's numbers as stepsWithin wrote them: as they are, or firsts and steps. */
type StringSteps = { v: Int32Array } | { f: Int32Array; steps: Int8Array | Int16Array };

/** A `mls` node's numbers for `lists` lists; refused when its parts are of other kinds or sizes. */
function stringSteps(node: { f?: unknown; v?: unknown }, lists: number): StringSteps {
  if (node.f === undefined) return { v: int32s(node.v) };
  const f = int32s(node.f);
  if (f.length !== lists) fail('lists of strings out of step with their firsts');
  const steps = node.v;
  return steps instanceof Int8Array || steps instanceof Int16Array
    ? { f, steps }
    : fail('lists of strings of no steps');
}

/** How many string numbers `parts` holds. */
function stepsLength(parts: StringSteps): number {
  return 'f' in parts ? parts.steps.length : parts.v.length;
}

/** The string numbers of `parts`, list k in at[k]..at[k + 1] (offsets checked against stepsLength). */
function stepsRead(parts: StringSteps, at: Int32Array): Int32Array {
  if (!('f' in parts)) return parts.v;
  const { f, steps } = parts;
  const v = new Int32Array(steps.length);
  for (let k = 0; k < f.length; k++) {
    const from = at[k]!;
    const to = at[k + 1]!;
    if (from < to) v[from] = f[k]!;
    for (let j = from + 1; j < to; j++) v[j] = v[j - 1]! + steps[j]!;
  }
  return v;
}

// Flags eight to a byte, bit `i & 7` of byte `i >> 3`: the stored flag columns and the record
// lists' `none`, written and read by these three alone.
function bitBytes(count: number): number {
  return (count + 7) >> 3;
}

function setBit(bits: Uint8Array, i: number): void {
  bits[i >> 3]! |= 1 << (i & 7);
}

function bitAt(bits: Uint8Array, i: number): boolean {
  return ((bits[i >> 3]! >> (i & 7)) & 1) === 1;
}

/**
 * Integers that go up or down by one step (a record's number, the film order): their first
 * and step, or null. Three or more, so that a short list stays a list.
 */
function progression(values: ArrayLike<number>): { a: number; d: number } | null {
  if (values.length < 3) return null;
  const a = values[0]!;
  const d = values[1]! - a;
  if (d !== (d | 0) || a + d * (values.length - 1) !== ((a + d * (values.length - 1)) | 0)) return null;
  for (let k = 2; k < values.length; k++) if (values[k] !== a + d * k) return null;
  return { a, d };
}

/**
 * `root` as an EncodedGraph, in steps: each `next()` runs for about `sliceMs` and the last
 * returns the graph, so that a worker can encode 100,000 films between other work.
 * `records` are the many small objects of one shape, referenced from anywhere in it.
 */
export function* encodeGraphSteps(
  root: unknown,
  records: readonly object[],
  kinds: GraphKinds,
  sliceMs = 8,
): Steps<EncodedGraph> {
  const encoder = new Encoder(records, kinds, new Slices(sliceMs));
  // The records first: a field of theirs may hold a node the root refers to again.
  const table = yield* encoder.table();
  const encoded = yield* encoder.value(root);
  return { ...(yield* encoder.stringTable()), records: table, root: encoded };
}

/** `root` as an EncodedGraph, at once. */
export function encodeGraph(root: unknown, records: readonly object[], kinds: GraphKinds): EncodedGraph {
  return runSteps(encodeGraphSteps(root, records, kinds, Infinity));
}

/**
 * String ids of a column as a palette and one or two bytes each, when they are few enough and
 * that is smaller: at 100,000 films the names' columns lose 1.2 of their 3.4 MiB, bytes a woken
 * worker reads no more. A palette of one byte indexes is filled to 256 entries (with its first),
 * so that no index can fall outside it and none needs checking when read back.
 */
function* palette(
  ids: Int32Array,
  pause: () => Steps<void>,
): Steps<{ p: Int32Array; v: Uint8Array | Uint16Array } | null> {
  const at = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    if (!at.has(ids[i]!)) at.set(ids[i]!, at.size);
    if (at.size > 65_536) return null;
    if ((i & 4095) === 0) yield* pause();
  }
  const narrow = at.size <= 256;
  const p = new Int32Array(narrow ? 256 : at.size);
  for (const [id, k] of at) p[k] = id;
  if (narrow) p.fill(p[0]!, at.size);
  if (p.byteLength + ids.length * (narrow ? 1 : 2) >= ids.byteLength) return null;
  const v = narrow ? new Uint8Array(ids.length) : new Uint16Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    v[i] = at.get(ids[i]!)!;
    if ((i & 4095) === 0) yield* pause();
  }
  return { p, v };
}

/** What a damaged stored graph throws: the caller rebuilds. */
export class DamagedGraph extends Error {}

const fail = (what: string): never => {
  throw new DamagedGraph(`stored graph: ${what}`);
};

const int32s = (v: unknown): Int32Array => (v instanceof Int32Array ? v : fail('an offset table is not an Int32Array'));

/** Told of damage found after the graph was read, when a value is first made (see the head of this file). */
export type OnDamage = (what: string) => void;

/** Damage found when a value is made: told once, and the harmless value made instead. */
class Damage {
  private told = false;
  constructor(private readonly tell: OnDamage) {}
  instead<T>(what: string, value: T): T {
    if (!this.told) {
      this.told = true;
      this.tell(`stored graph: ${what}`);
    }
    return value;
  }
}

/** Every number of `ids` in [0, size). */
function inRange(ids: Int32Array, size: number, what: string): void {
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k]!;
    if (id < 0 || id >= size) fail(`no ${what} ${id}`);
  }
}

/**
 * A palette's indexes: one byte each into a palette of 256 (every one inside it by their kind),
 * or two bytes each, checked where read (RecordTable.valueAt: an index past the palette reads
 * no string).
 */
function paletteIndexes(p: unknown, v: unknown, what: string): Uint8Array | Uint16Array {
  const palette = int32s(p);
  if (v instanceof Uint8Array) return palette.length === 256 ? v : fail(`${what}: a palette out of step`);
  if (!(v instanceof Uint16Array)) return fail(`${what}: no palette indexes`);
  return v;
}

/** Offsets of `count` lists into `total` values: from 0, never back, ending at `total`. */
function offsets(at: Int32Array, count: number, total: number, what: string): void {
  offsetEnds(at, count, total, what);
  for (let i = 0; i < count; i++) if (at[i + 1]! < at[i]!) fail(`${what}: offsets go back`);
}

/** Offsets' ends only (one a list and one more, from 0 to `total`): listSpan checks a list's own when it is made. */
function offsetEnds(at: Int32Array, count: number, total: number, what: string): void {
  if (at.length !== count + 1 || at[0] !== 0 || at[count] !== total) fail(`${what}: offsets out of step`);
}

/**
 * Spans read back: where each of `count` lists lies in `total` values. The ends are checked
 * when read (the first list begins at 0, the last ends at `total`); a list's own place when it
 * is made (place).
 */
class SpanTable {
  /** The list placed last: [from, to). */
  from = 0;
  to = 0;
  /** The list after it. */
  private next = -1;
  private readonly at: Int32Array | null;
  private readonly len: Uint8Array | Uint16Array;
  private readonly base: Int32Array;

  constructor(
    spans: unknown,
    count: number,
    private readonly total: number,
    what: string,
  ) {
    if (spans instanceof Int32Array) {
      offsetEnds(spans, count, total, what);
      this.at = spans;
      this.len = new Uint8Array(0);
      this.base = spans;
      return;
    }
    const { len, base } = (spans ?? {}) as { len?: unknown; base?: unknown };
    if (!(len instanceof Uint8Array || len instanceof Uint16Array) || len.length !== count)
      fail(`${what}: lengths out of step`);
    const starts = int32s(base);
    const blocks = Math.ceil(count / SPAN_STEP) + 1;
    if (starts.length !== blocks || starts[0] !== 0 || starts[blocks - 1] !== total)
      fail(`${what}: offsets out of step`);
    this.at = null;
    this.len = len as Uint8Array | Uint16Array;
    this.base = starts;
  }

  /** Places list `i` (of the `count`) at [from, to); false when it lies outside the values or goes back. */
  place(i: number): boolean {
    const at = this.at;
    if (at) {
      this.from = at[i]!;
      this.to = at[i + 1]!;
    } else if (i === this.next) {
      // The list after the one placed last (a table's strings are mostly made in order): no sum.
      this.from = this.to;
      this.to += this.len[i]!;
    } else {
      const len = this.len;
      let from = this.base[Math.floor(i / SPAN_STEP)]!;
      for (let k = i - (i % SPAN_STEP); k < i; k++) from += len[k]!;
      this.from = from;
      this.to = from + len[i]!;
    }
    this.next = i + 1;
    return this.from >= 0 && this.from <= this.to && this.to <= this.total;
  }
}

const FROZEN_EMPTY: readonly never[] = Object.freeze([]);

/**
 * Values made on first use, by number: a slot per number in a typed array, the values packed in
 * the order made. (An Array of 100,000 holes is a dictionary in V8: slow to fill and to read.)
 */
class Made<T> {
  private readonly slot: Int32Array;
  private readonly values: T[] = [];
  constructor(size: number) {
    this.slot = new Int32Array(size);
  }
  get(i: number, make: (i: number) => T): T {
    const s = this.slot[i]!;
    if (s !== 0) return this.values[s - 1]!;
    const v = make(i);
    this.values.push(v);
    this.slot[i] = this.values.length;
    return v;
  }
  set(i: number, v: T): void {
    this.values.push(v);
    this.slot[i] = this.values.length;
  }
}

/**
 * The graph's strings, each made from the one text the first time it is asked for. A string's
 * place is checked when it is made (a place outside the text makes '' instead).
 */
class StringTable {
  readonly size: number;
  private readonly made: Made<string>;
  private readonly spans: SpanTable;
  private readonly prefixes: readonly string[];
  private readonly prefixOf: Uint8Array;
  constructor(
    private readonly text: string,
    at: unknown,
    prefixes: unknown,
    prefixOf: unknown,
    private readonly damage: Damage,
  ) {
    if (typeof text !== 'string') fail('no string table');
    const len = (at as { len?: unknown } | null)?.len;
    this.size = at instanceof Int32Array ? at.length - 1 : ArrayBuffer.isView(len) ? (len as Uint8Array).length : -1;
    if (this.size < 0) fail('strings: no places');
    this.spans = new SpanTable(at, this.size, text.length, 'strings');
    if (!Array.isArray(prefixes) || prefixes.length > MOST_PREFIXES || !prefixes.every((p) => typeof p === 'string'))
      fail('strings: no prefixes');
    if (!(prefixOf instanceof Uint8Array) || prefixOf.length !== this.size) fail('strings: prefixes out of step');
    this.prefixes = prefixes as string[];
    this.prefixOf = prefixOf as Uint8Array;
    this.made = new Made(this.size);
  }
  /** String `id`, checked by the caller to be in range. */
  get(id: number): string {
    return this.made.get(id, this.make);
  }
  /** String `id` read from a table not checked when the graph was read: '' (told) when there is none. */
  at(id: number | undefined): string {
    return (id as number) >= 0 && (id as number) < this.size
      ? this.made.get(id!, this.make)
      : this.damage.instead(`no string ${String(id)}`, '');
  }
  private readonly make = (id: number): string => {
    const spans = this.spans;
    if (!spans.place(id)) return this.damage.instead('a string out of place', '');
    const rest = this.text.slice(spans.from, spans.to);
    const p = this.prefixOf[id]!;
    if (p === 0) return rest;
    const prefix = this.prefixes[p - 1];
    return prefix === undefined ? this.damage.instead('a string of no prefix', '') : prefix + rest;
  };
}

/** Records made from their columns when first asked for, all with their fields in one order. */
class RecordTable {
  readonly count: number;
  private readonly keys: string[];
  private readonly columns: Column[];
  private readonly made: Made<Record<string, unknown>>;
  /** The lists' places of a column of lists, by column. */
  private readonly spans: (SpanTable | null)[];

  constructor(
    table: RecordColumns,
    private readonly strings: StringTable,
    private readonly damage: Damage,
  ) {
    if (typeof table !== 'object' || table === null) fail('no record table');
    const { count, keys, columns } = table;
    if (!Number.isInteger(count) || count < 0 || !Array.isArray(keys) || !Array.isArray(columns))
      fail('a bad record table');
    if (keys.length !== columns.length) fail('record keys and columns out of step');
    this.count = count;
    this.keys = keys;
    this.columns = columns;
    this.made = new Made(count);
    this.spans = columns.map(() => null);
    keys.forEach((key, c) => {
      const col = columns[c] as Column | undefined;
      if (typeof key !== 'string' || typeof col !== 'object' || col === null) return fail('a bad column');
      const sized = (n: unknown) =>
        n === count ? undefined : fail(`column ${key} has ${String(n)} values for ${count}`);
      switch (col.k) {
        case 'i':
          return sized(int32s(col.v).length);
        case 'ir':
          return Number.isInteger(col.a) && Number.isInteger(col.d) ? undefined : fail(`column ${key} of no rule`);
        case 'f':
          return sized(col.v instanceof Float64Array ? col.v.length : fail(`column ${key} is not numbers`));
        case 'b':
          return col.v instanceof Uint8Array && col.v.length === bitBytes(count)
            ? undefined
            : fail(`column ${key} is not ${count} flags`);
        // The string numbers, palette indexes and offsets inside are checked when a record is made (valueAt).
        case 's':
          return sized(int32s(col.v).length);
        // A palette is short (256 at most a byte an index, a few thousand words): checked whole.
        case 'sp':
          sized(paletteIndexes(col.p, col.v, `column ${key}`).length);
          return inRange(col.p, strings.size, 'string');
        case 'ss':
          this.spans[c] = new SpanTable(col.at, count, int32s(col.v).length, `column ${key}`);
          return;
        case 'ssp': {
          const total = paletteIndexes(col.p, col.v, `column ${key}`).length;
          this.spans[c] = new SpanTable(col.at, count, total, `column ${key}`);
          return inRange(col.p, strings.size, 'string');
        }
        case 'se':
          return;
        case 'g':
          return sized(Array.isArray(col.v) ? col.v.length : fail(`column ${key} is not a list`));
        default:
          return fail(`column ${key} is of no known kind`);
      }
    });
  }

  /**
   * With a column of other values (a field no name has today: objects, lists of lists), every
   * record is made now, as empty objects first, so that such a value may refer to any record.
   */
  decodeOthers(decode: (e: Encoded) => unknown): void {
    if (!this.columns.some((col) => col.k === 'g')) return;
    const all: Record<string, unknown>[] = [];
    for (let id = 0; id < this.count; id++) this.made.set(id, (all[id] = {}));
    for (let c = 0; c < this.keys.length; c++) {
      const col = this.columns[c]!;
      const key = this.keys[c]!;
      for (let id = 0; id < this.count; id++)
        all[id]![key] = col.k === 'g' ? decode(col.v[id]) : this.valueAt(col, this.spans[c]!, id);
    }
  }

  /** Record `id`, made on first use; `id` checked by the caller. */
  get(id: number): Record<string, unknown> {
    return this.made.get(id, this.make);
  }

  private readonly make = (id: number): Record<string, unknown> => {
    const record: Record<string, unknown> = {};
    for (let c = 0; c < this.keys.length; c++)
      record[this.keys[c]!] = this.valueAt(this.columns[c]!, this.spans[c]!, id);
    return record;
  };

  /** Field `col` of record `id`; `spans`, the column's lists' places (a column of lists). */
  private valueAt(col: Column, spans: SpanTable, id: number): unknown {
    switch (col.k) {
      case 'i':
      case 'f':
        return col.v[id];
      case 'ir':
        return col.a + col.d * id;
      case 'b':
        return bitAt(col.v, id);
      case 's':
        return this.strings.at(col.v[id]);
      case 'sp':
        // An index past its palette reads undefined, which `at` turns down.
        return this.strings.at(col.p[col.v[id]!]);
      case 'se':
        return col.frozenEmpty ? FROZEN_EMPTY : [];
      case 'ssp': {
        if (!spans.place(id)) return this.damage.instead('a list of strings out of place', []);
        const { from, to } = spans;
        if (to === from && col.frozenEmpty) return FROZEN_EMPTY;
        const list = new Array<string>(to - from);
        for (let k = from; k < to; k++) list[k - from] = this.strings.at(col.p[col.v[k]!]);
        return list;
      }
      case 'ss': {
        if (!spans.place(id)) return this.damage.instead('a list of strings out of place', []);
        const { from, to } = spans;
        if (to === from && col.frozenEmpty) return FROZEN_EMPTY;
        const list = new Array<string>(to - from);
        for (let k = from; k < to; k++) list[k - from] = this.strings.at(col.v[k]);
        return list;
      }
      default:
        // Made in decodeOthers, never here.
        return undefined;
    }
  }
}

/**
 * Lists of records by index (a trie's names by node) as stored: a list is made when its index
 * is first asked for, and is the same array after.
 */
export class StoredLists<T> implements ListsByIndex<T> {
  readonly length: number;
  private readonly made: Made<T[]>;

  /**
   * The offsets' ends checked here; a list's offsets and record numbers when it is made (a bad
   * list is made empty, and told).
   */
  private readonly spans: SpanTable;

  constructor(
    at: Spans,
    count: unknown,
    private readonly none: Uint8Array,
    private readonly ids: Int32Array,
    private readonly record: (id: number) => T,
    private readonly recordCount: number,
    private readonly damage: Damage,
  ) {
    if (!Number.isInteger(count) || (count as number) < 0) fail('lists of records of no count');
    if (!(none instanceof Uint8Array) || none.length !== bitBytes(count as number)) fail('no list of missing lists');
    this.length = count as number;
    this.spans = new SpanTable(at, this.length, int32s(ids).length, 'lists of records');
    this.made = new Made(this.length);
  }

  has(i: number): boolean {
    return i >>> 0 < this.length && !bitAt(this.none, i);
  }

  list(i: number): T[] | undefined {
    if (!this.has(i)) return undefined;
    return this.made.get(i, this.make);
  }

  private readonly make = (i: number): T[] => {
    const spans = this.spans;
    if (!spans.place(i)) return this.damage.instead('a list of records out of place', []);
    const { from, to } = spans;
    const list = new Array<T>(to - from);
    for (let k = from; k < to; k++) {
      const id = this.ids[k]!;
      if (id < 0 || id >= this.recordCount) return this.damage.instead(`no record ${id}`, []);
      list[k - from] = this.record(id);
    }
    return list;
  };

  /** Every list, made now (for storing again, and for tests). */
  toArray(): (T[] | undefined)[] {
    return Array.from({ length: this.length }, (_, i) => this.list(i));
  }
}

/**
 * A map of record lists read back (the typo index's names by single word), a key's list made
 * when that key is first asked for. Made whole, the map was made by the probe's first find on
 * every wake: 386 lists and their 30 names at 100,000 bench films, in cold code (4 ms of CPU in
 * Node once warm, more cold). To its readers a Map: size, has, get and the iterators answer as the
 * map made whole did, a list the same array each time; it is read only.
 */
export class StoredListMap<K, T> extends Map<K, T[] | undefined> {
  constructor(
    private readonly at: ReadonlyMap<K, number>,
    private readonly lists: StoredLists<T>,
  ) {
    super();
  }

  override get size(): number {
    return this.at.size;
  }

  override has(key: K): boolean {
    return this.at.has(key);
  }

  override get(key: K): T[] | undefined {
    const i = this.at.get(key);
    return i === undefined ? undefined : this.lists.list(i);
  }

  override keys(): MapIterator<K> {
    return this.at.keys();
  }

  override *values(): Generator<T[] | undefined, undefined, unknown> {
    for (const i of this.at.values()) yield this.lists.list(i);
    return undefined;
  }

  override *entries(): Generator<[K, T[] | undefined], undefined, unknown> {
    for (const [key, i] of this.at) yield [key, this.lists.list(i)];
    return undefined;
  }

  override [Symbol.iterator](): Generator<[K, T[] | undefined], undefined, unknown> {
    return this.entries();
  }

  override forEach(each: (value: T[] | undefined, key: K, map: Map<K, T[] | undefined>) => void, self?: unknown): void {
    for (const [key, value] of this.entries()) each.call(self, value, key, this);
  }

  override set(): this {
    throw new TypeError('a stored map is read only');
  }

  override delete(): boolean {
    throw new TypeError('a stored map is read only');
  }

  override clear(): void {
    throw new TypeError('a stored map is read only');
  }
}

/** The lists of `lists` by index, whichever form it has. */
export function listAt<T>(lists: ListsByIndex<T> | ReadonlyArray<T[] | undefined>, i: number): T[] | undefined {
  return Array.isArray(lists) ? (lists as ReadonlyArray<T[] | undefined>)[i] : (lists as ListsByIndex<T>).list(i);
}

// Node kinds a plain object's field may hold undecoded until first read: big, and holding no
// node another may refer to.
const DEFERRED = new Set(['rl', 'mp', 'ml', 'mls']);
/** The fields left undecoded, by object: what each will be once read. */
const deferredKinds = new WeakMap<object, Map<string, 'array' | 'map'>>();

/** What `o[key]` is or will be once read, without reading a deferred field. */
export function kindOf(o: object, key: string): 'array' | 'map' | 'other' {
  const deferred = deferredKinds.get(o)?.get(key);
  if (deferred) return deferred;
  const v = (o as Record<string, unknown>)[key];
  return Array.isArray(v) ? 'array' : v instanceof Map ? 'map' : 'other';
}

type Node = Record<string, unknown> & { t?: unknown; i?: unknown; v?: unknown; k?: unknown; all?: unknown };

class Decoder {
  readonly strings: StringTable;
  readonly records: RecordTable;
  private readonly refs: unknown[] = [];
  /** Deferred nodes by number, made when another node refers to them. */
  private readonly pending = new Map<number, () => unknown>();

  private readonly damage: Damage;

  constructor(
    graph: EncodedGraph,
    private readonly kinds: { classes: GraphKinds['classes']; externals: ReadonlyMap<string, object> },
    onDamage: OnDamage,
  ) {
    this.damage = new Damage(onDamage);
    this.strings = new StringTable(graph.strings, graph.stringAt, graph.prefixes, graph.prefixOf, this.damage);
    this.records = new RecordTable(graph.records, this.strings, this.damage);
    this.records.decodeOthers((e) => this.value(e));
  }

  private record = (id: number): Record<string, unknown> => this.records.get(id);

  private recordId(id: unknown): number {
    return typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < this.records.count
      ? id
      : fail(`no record ${String(id)}`);
  }

  private recordList(ids: unknown): Record<string, unknown>[] {
    const v = int32s(ids);
    inRange(v, this.records.count, 'record');
    const list = new Array<Record<string, unknown>>(v.length);
    for (let k = 0; k < v.length; k++) list[k] = this.records.get(v[k]!);
    return list;
  }

  /** Every record in the table's order, `count` checked to be the table's. */
  private everyRecord(count: unknown): Record<string, unknown>[] {
    if (count !== this.records.count) fail('a list of every record of another length');
    const list = new Array<Record<string, unknown>>(this.records.count);
    for (let k = 0; k < list.length; k++) list[k] = this.records.get(k);
    return list;
  }

  private lists(node: Node): StoredLists<Record<string, unknown>> {
    return new StoredLists(
      node.at as Spans,
      node.n,
      node.none as Uint8Array,
      int32s(node.ids),
      this.record,
      this.records.count,
      this.damage,
    );
  }

  /** What Encoder.primitives wrote, checked; `make` false checks only. */
  private primitives(e: unknown, make = true): unknown[] {
    if (Array.isArray(e)) return e;
    const node = e as { t?: unknown; v?: unknown; a?: unknown; d?: unknown; n?: unknown };
    if (node?.t === 'pr' || node?.t === 'psr') {
      const { a, d, n } = node;
      if (!Number.isInteger(a) || !Number.isInteger(d) || !Number.isInteger(n) || (n as number) < 0)
        return fail('a progression of no rule');
      if (!make) return [];
      if (node.t === 'pr') return Array.from({ length: n as number }, (_, k) => (a as number) + (d as number) * k);
      // Strings by number: the first and the last inside the table, so every one between is.
      const last = (a as number) + (d as number) * ((n as number) - 1);
      if ((n as number) > 0) inRange(Int32Array.of(a as number, last), this.strings.size, 'string');
      const out = new Array<string>(n as number);
      for (let k = 0; k < (n as number); k++) out[k] = this.strings.get((a as number) + (d as number) * k);
      return out;
    }
    if (node?.t === 'pj') {
      const { s, n } = node as { s?: unknown; n?: unknown };
      if (typeof s !== 'string' || !Number.isInteger(n) || (n as number) < 1) return fail('a joined list of no text');
      const list = s.split(JOIN);
      return list.length === n ? (make ? list : []) : fail('a joined list of another length');
    }
    const v = int32s(node?.v);
    if (node.t === 'pi') return make ? Array.from(v) : [];
    if (node.t !== 'ps') return fail('not a list of primitives');
    if (!make) return [];
    inRange(v, this.strings.size, 'string');
    const out = new Array<string>(v.length);
    for (let k = 0; k < v.length; k++) out[k] = this.strings.get(v[k]!);
    return out;
  }

  private count(e: unknown): number {
    if (Array.isArray(e)) return e.length;
    const node = e as { t?: unknown; v?: unknown; n?: unknown };
    return node?.t === 'pr' || node?.t === 'psr' || node?.t === 'pj' ? (node.n as number) : int32s(node?.v).length;
  }

  /**
   * Checks now a deferred node's kind and sizes; the numbers inside when it is decoded, where
   * damage makes it empty (fill).
   */
  private check(node: Node): 'array' | 'map' {
    switch (node.t) {
      case 'rl':
        if (node.all !== undefined) {
          if (node.all !== this.records.count) fail('a list of every record of another length');
        } else int32s(node.v);
        return 'array';
      case 'mp':
        this.primitives(node.k, false);
        this.primitives(node.v, false);
        if (this.count(node.k) !== this.count(node.v)) fail('keys and values out of step');
        return 'map';
      case 'ml':
        if (!Array.isArray(node.k) || this.lists(node).length !== node.k.length) fail('keys and lists out of step');
        return 'map';
      default: {
        this.primitives(node.k, false);
        const lists = this.count(node.k);
        offsetEnds(int32s(node.at), lists, stepsLength(stringSteps(node, lists)), 'lists of strings');
        return 'map';
      }
    }
  }

  private keep<T>(i: unknown, v: T): T {
    if (typeof i !== 'number') fail('a node without its number');
    this.refs[i as number] = v;
    return v;
  }

  value(e: Encoded): unknown {
    if (isPrimitive(e) || e === undefined || ArrayBuffer.isView(e)) return e;
    const node = e as Node;
    switch (node.t) {
      case 'x':
        return this.kinds.externals.get(node.n as string) ?? fail(`no external ${String(node.n)}`);
      case 'n':
        return this.records.get(this.recordId(node.i));
      case 'r': {
        const i = node.i as number;
        if (i in this.refs) return this.refs[i];
        const make = this.pending.get(i);
        return make ? make() : fail(`no node ${String(node.i)}`);
      }
      case 'wm':
        return new WeakMap();
      case 'ws':
        return new WeakSet();
      case 'rl':
        return this.keep(node.i, node.all !== undefined ? this.everyRecord(node.all) : this.recordList(node.v));
      case 'll':
        return this.keep(node.i, this.lists(node));
      case 'ap':
        return this.keep(node.i, this.primitives(node.v));
      case 'a': {
        const items = Array.isArray(node.v) ? node.v : fail('not an array');
        const out = this.keep(node.i, new Array<unknown>(items.length));
        for (let k = 0; k < items.length; k++) out[k] = this.value(items[k]);
        return out;
      }
      case 'sp':
        return this.keep(node.i, new Set(Array.isArray(node.v) ? node.v : fail('not an array')));
      case 's': {
        const out = this.keep(node.i, new Set<unknown>());
        for (const x of Array.isArray(node.v) ? node.v : fail('not an array')) out.add(this.value(x));
        return out;
      }
      case 'mp': {
        const keys = this.primitives(node.k);
        const values = this.primitives(node.v);
        if (keys.length !== values.length) fail('keys and values out of step');
        const out = this.keep(node.i, new Map<unknown, unknown>());
        for (let k = 0; k < keys.length; k++) out.set(keys[k], values[k]);
        return out;
      }
      case 'ml': {
        const keys = Array.isArray(node.k) ? node.k : fail('no keys');
        const lists = this.lists(node);
        if (lists.length !== keys.length) fail('keys and lists out of step');
        const at = new Map<unknown, number>();
        for (let k = 0; k < keys.length; k++) at.set(keys[k], k);
        return this.keep(node.i, new StoredListMap(at, lists));
      }
      case 'mls': {
        const keys = this.primitives(node.k);
        const at = int32s(node.at);
        const parts = stringSteps(node, keys.length);
        offsets(at, keys.length, stepsLength(parts), 'lists of strings');
        const v = stepsRead(parts, at);
        inRange(v, this.strings.size, 'string');
        const out = this.keep(node.i, new Map<unknown, string[]>());
        for (let k = 0; k < keys.length; k++) {
          const list = new Array<string>(at[k + 1]! - at[k]!);
          for (let j = at[k]!; j < at[k + 1]!; j++) list[j - at[k]!] = this.strings.get(v[j]!);
          out.set(keys[k], list);
        }
        return out;
      }
      case 'm': {
        const keys = Array.isArray(node.k) ? node.k : fail('no keys');
        const values = Array.isArray(node.v) ? node.v : fail('no values');
        const out = this.keep(node.i, new Map<unknown, unknown>());
        for (let k = 0; k < keys.length; k++) out.set(this.value(keys[k]), this.value(values[k]));
        return out;
      }
      case 'o':
        return this.fill(this.keep(node.i, node.p === true ? Object.create(null) : {}), node.f, true);
      case 'c': {
        const cls = this.kinds.classes[node.c as string] ?? fail(`no class ${String(node.c)}`);
        const out = this.fill(this.keep(node.i, Object.create(cls.prototype) as object), node.f, false);
        if (cls.storedWithout) (out as { revive?: () => void }).revive?.();
        return out;
      }
      default:
        return fail(`a node of no known kind (${String(node.t)})`);
    }
  }

  /**
   * The fields of a node. On a plain object (the index, not a class the matcher reads in its
   * loops, whose shape a getter would change), a big map or list of records is left to be
   * decoded when first read.
   */
  private fill<T extends object>(target: T, fields: unknown, defer: boolean): T {
    if (typeof fields !== 'object' || fields === null) fail('an object without fields');
    for (const key of Object.keys(fields as object)) {
      const e = (fields as Record<string, unknown>)[key];
      const node = e as Node | null;
      if (defer && typeof node === 'object' && node !== null && DEFERRED.has(node.t as string)) {
        const kind = this.check(node);
        let made = false;
        let value: unknown;
        const make = (): unknown => {
          if (!made) {
            try {
              value = this.value(node);
            } catch (error) {
              if (!(error instanceof DamagedGraph)) throw error;
              value = this.damage.instead(error.message, kind === 'map' ? new Map() : []);
            }
            made = true;
          }
          return value;
        };
        if (typeof node.i === 'number') this.pending.set(node.i, make);
        Object.defineProperty(target, key, { get: make, enumerable: true, configurable: true });
        let kinds = deferredKinds.get(target);
        if (!kinds) deferredKinds.set(target, (kinds = new Map()));
        kinds.set(key, kind);
        continue;
      }
      (target as Record<string, unknown>)[key] = this.value(e);
    }
    return target;
  }
}

/**
 * The graph `encodeGraph` stored; throws DamagedGraph when it is not one. Damage found later,
 * when a value is first made, is told to `onDamage` once (see the head of this file).
 */
export function decodeGraph(
  graph: EncodedGraph,
  kinds: { classes: GraphKinds['classes']; externals: ReadonlyMap<string, object> },
  onDamage: OnDamage = () => undefined,
): { root: unknown; recordCount: number } {
  if (typeof graph !== 'object' || graph === null) fail('not a stored graph');
  const decoder = new Decoder(graph, kinds, onDamage);
  return { root: decoder.value(graph.root), recordCount: decoder.records.count };
}
