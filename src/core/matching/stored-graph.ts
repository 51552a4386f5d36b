// A graph of plain data written so that structured clone (IndexedDB, postMessage) reads it back
// fast: typed arrays as they are, strings in one table, a table of many small records of one
// shape (the title names) as columns, and lists of those records as offsets into the table.
// Generic over fields, so a field added to a record or to an index class is carried without a
// change here; a class not registered, a function or a symbol is refused, never dropped.
//
// Why not the graph as it is: structured clone reads an object per object, and 100,000 films
// make about a million small objects (names, their word and film arrays, the trie's lists),
// which took longer to read back than compiling them again.

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
  | { k: 'f'; v: Float64Array }
  | { k: 'b'; v: Uint8Array }
  | { k: 's'; v: Int32Array }
  | { k: 'ss'; at: Int32Array; v: Int32Array; frozenEmpty: boolean }
  | { k: 'g'; v: Encoded[] };

export interface EncodedGraph {
  strings: string[];
  records: RecordColumns;
  root: Encoded;
}

export interface GraphKinds {
  /** Classes whose instances may appear, by a stable name (not `constructor.name`, which minifiers change). */
  classes: Readonly<Record<string, { prototype: object }>>;
  /** Objects not stored but supplied again when read (the built-in word lists), by name. */
  externals: ReadonlyMap<object, string>;
}

const isPrimitive = (v: unknown): boolean =>
  v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol');

class Encoder {
  readonly strings: string[] = [];
  private readonly stringIds = new Map<string, number>();
  private readonly refs = new Map<object, number>();
  private readonly recordIds = new Map<object, number>();
  private readonly classNames = new Map<object, string>();

  constructor(
    private readonly records: readonly object[],
    private readonly kinds: GraphKinds,
  ) {
    records.forEach((r, i) => this.recordIds.set(r, i));
    for (const [name, cls] of Object.entries(kinds.classes)) this.classNames.set(cls.prototype, name);
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

  /** Many lists of records (a trie's names by node): offsets and ids, `undefined` kept apart from []. */
  private recordLists(lists: readonly (readonly object[] | undefined)[]) {
    const at = new Int32Array(lists.length + 1);
    const none = new Uint8Array(lists.length);
    let total = 0;
    for (let i = 0; i < lists.length; i++) total += lists[i]?.length ?? 0;
    const ids = new Int32Array(total);
    let n = 0;
    for (let i = 0; i < lists.length; i++) {
      const list = lists[i];
      if (list === undefined) none[i] = 1;
      else for (const r of list) ids[n++] = this.recordIds.get(r)!;
      at[i + 1] = n;
    }
    return { at, none, ids };
  }

  table(): RecordColumns {
    const keys: string[] = [];
    const seen = new Set<string>();
    for (const r of this.records)
      for (const k of Object.keys(r))
        if (!seen.has(k)) {
          seen.add(k);
          keys.push(k);
        }
    const columns = keys.map((key) => this.column(this.records.map((r) => (r as Record<string, unknown>)[key])));
    return { count: this.records.length, keys, columns };
  }

  private column(values: unknown[]): Column {
    const n = values.length;
    if (values.every((v) => typeof v === 'number')) {
      const ints = values.every((v) => (v as number) === ((v as number) | 0) && !Object.is(v, -0));
      return ints
        ? { k: 'i', v: Int32Array.from(values as number[]) }
        : { k: 'f', v: Float64Array.from(values as number[]) };
    }
    if (values.every((v) => typeof v === 'boolean')) return { k: 'b', v: Uint8Array.from(values, (v) => (v ? 1 : 0)) };
    if (values.every((v) => typeof v === 'string'))
      return { k: 's', v: Int32Array.from(values, (v) => this.string(v as string)) };
    if (values.every((v) => Array.isArray(v) && v.every((s) => typeof s === 'string'))) {
      const lists = values as string[][];
      const at = new Int32Array(n + 1);
      let total = 0;
      for (let i = 0; i < n; i++) at[i + 1] = total += lists[i]!.length;
      const v = new Int32Array(total);
      let w = 0;
      for (const list of lists) for (const s of list) v[w++] = this.string(s);
      // Empty lists frozen (a name's gaps when it has none, NO_GAPS) come back as one frozen list, not one each.
      const frozenEmpty = lists.every((list) => list.length > 0 || Object.isFrozen(list));
      return { k: 'ss', at, v, frozenEmpty };
    }
    return { k: 'g', v: values.map((x) => this.value(x)) };
  }

  private ref(v: object): number {
    const id = this.refs.size;
    this.refs.set(v, id);
    return id;
  }

  value(v: unknown): Encoded {
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
    if (Array.isArray(o)) return this.array(o);
    if (o instanceof Map) return this.map(o);
    if (o instanceof Set) {
      const i = this.ref(o);
      const items = [...o];
      return items.every(isPrimitive) ? { t: 'sp', i, v: items } : { t: 's', i, v: items.map((x) => this.value(x)) };
    }
    const proto = Object.getPrototypeOf(o) as object | null;
    if (proto === Object.prototype || proto === null)
      return { t: 'o', i: this.ref(o), p: proto === null, f: this.fields(o) };
    const name = this.classNames.get(proto);
    if (name === undefined) {
      const shown = (o as { constructor?: { name?: string } }).constructor?.name ?? 'an object';
      throw new Error(`stored graph: ${shown} is not a registered class`);
    }
    return { t: 'c', i: this.ref(o), c: name, f: this.fields(o) };
  }

  private fields(o: object): Record<string, Encoded> {
    const out: Record<string, Encoded> = {};
    for (const key of Object.keys(o)) out[key] = this.value((o as Record<string, unknown>)[key]);
    return out;
  }

  private array(a: unknown[]): Encoded {
    const i = this.ref(a);
    if (a.length > 0 && this.isRecordList(a)) return { t: 'rl', i, v: this.recordList(a) };
    let lists = a.length > 0;
    let primitives = true;
    for (let k = 0; k < a.length && (lists || primitives); k++) {
      const x = a[k];
      if (!(x === undefined || this.isRecordList(x))) lists = false;
      if (!(x === undefined || isPrimitive(x))) primitives = false;
    }
    if (primitives) return { t: 'ap', i, v: this.primitives(a) };
    if (lists) return { t: 'll', i, ...this.recordLists(a as (object[] | undefined)[]) };
    return { t: 'a', i, v: a.map((x) => this.value(x)) };
  }

  /**
   * Primitives as they are, or, all strings, their numbers in the string table (a film's key is
   * then one string however many tables name it), or, all small integers, an Int32Array.
   */
  private primitives(values: readonly unknown[]): Encoded {
    let strings = values.length > 0;
    let ints = values.length > 0;
    for (let k = 0; k < values.length && (strings || ints); k++) {
      const v = values[k];
      if (typeof v !== 'string') strings = false;
      if (typeof v !== 'number' || v !== (v | 0) || Object.is(v, -0) || !(k in values)) ints = false;
    }
    if (strings) return { t: 'ps', v: Int32Array.from(values as string[], (s) => this.string(s)) };
    if (ints) return { t: 'pi', v: Int32Array.from(values as number[]) };
    return values;
  }

  private map(m: Map<unknown, unknown>): Encoded {
    const i = this.ref(m);
    const keys = [...m.keys()];
    const values = [...m.values()];
    const plainKeys = keys.every(isPrimitive);
    if (plainKeys && values.every(isPrimitive))
      return { t: 'mp', i, k: this.primitives(keys), v: this.primitives(values) };
    if (plainKeys && values.length > 0 && values.every((x) => this.isRecordList(x)))
      return { t: 'ml', i, k: keys, ...this.recordLists(values as object[][]) };
    return { t: 'm', i, k: keys.map((x) => this.value(x)), v: values.map((x) => this.value(x)) };
  }
}

/** `root` as an EncodedGraph; `records` are the many small objects of one shape, referenced from anywhere in it. */
export function encodeGraph(root: unknown, records: readonly object[], kinds: GraphKinds): EncodedGraph {
  const encoder = new Encoder(records, kinds);
  // The records first: a field of theirs may hold a node the root refers to again.
  const table = encoder.table();
  const encoded = encoder.value(root);
  return { strings: encoder.strings, records: table, root: encoded };
}

/** What a damaged stored graph throws: the caller rebuilds. */
export class DamagedGraph extends Error {}

const fail = (what: string): never => {
  throw new DamagedGraph(`stored graph: ${what}`);
};

const int32s = (v: unknown): Int32Array => (v instanceof Int32Array ? v : fail('an offset table is not an Int32Array'));

const FROZEN_EMPTY: readonly never[] = Object.freeze([]);

class Decoder {
  readonly records: Record<string, unknown>[];
  private readonly refs: unknown[] = [];

  constructor(
    private readonly graph: EncodedGraph,
    private readonly kinds: { classes: GraphKinds['classes']; externals: ReadonlyMap<string, object> },
  ) {
    const table = graph.records;
    if (!Array.isArray(graph.strings) || typeof table !== 'object' || table === null) fail('no string or record table');
    const count = table.count;
    if (!Number.isInteger(count) || count < 0 || !Array.isArray(table.keys) || !Array.isArray(table.columns))
      fail('a bad record table');
    this.records = Array.from({ length: count }, () => ({}));
  }

  private string(id: number): string {
    const s = this.graph.strings[id];
    return typeof s === 'string' ? s : fail(`no string ${id}`);
  }

  private record(id: number): Record<string, unknown> {
    return this.records[id] ?? fail(`no record ${id}`);
  }

  /** Column by column, so that every record gets its fields in one order (one hidden class). */
  fillRecords(): void {
    const { keys, columns, count } = this.graph.records;
    const records = this.records;
    keys.forEach((key, c) => {
      const col = columns[c] as Column | undefined;
      if (typeof key !== 'string' || !col) return fail('a bad column');
      const sized = (n: number) => (n === count ? undefined : fail(`column ${key} has ${n} values for ${count}`));
      switch (col.k) {
        case 'i':
        case 'f':
          sized(col.v.length);
          for (let i = 0; i < count; i++) records[i]![key] = col.v[i];
          return;
        case 'b':
          sized(col.v.length);
          for (let i = 0; i < count; i++) records[i]![key] = col.v[i] === 1;
          return;
        case 's':
          sized(col.v.length);
          for (let i = 0; i < count; i++) records[i]![key] = this.string(col.v[i]!);
          return;
        case 'ss': {
          const at = int32s(col.at);
          const v = int32s(col.v);
          sized(at.length - 1);
          if (at[count] !== v.length) fail(`column ${key}'s offsets do not end at its values`);
          for (let i = 0; i < count; i++) {
            const from = at[i]!;
            const to = at[i + 1]!;
            if (to < from) fail(`column ${key}'s offsets go back`);
            if (to === from && col.frozenEmpty) {
              records[i]![key] = FROZEN_EMPTY;
              continue;
            }
            const list = new Array<string>(to - from);
            for (let k = from; k < to; k++) list[k - from] = this.string(v[k]!);
            records[i]![key] = list;
          }
          return;
        }
        case 'g':
          sized(col.v.length);
          for (let i = 0; i < count; i++) records[i]![key] = this.value(col.v[i]);
          return;
        default:
          return fail(`column ${key} is of no known kind`);
      }
    });
  }

  private recordList(ids: unknown): Record<string, unknown>[] {
    const v = int32s(ids);
    const list = new Array<Record<string, unknown>>(v.length);
    for (let k = 0; k < v.length; k++) list[k] = this.record(v[k]!);
    return list;
  }

  private recordLists(node: { at: unknown; none: unknown; ids: unknown }): (Record<string, unknown>[] | undefined)[] {
    const at = int32s(node.at);
    const ids = int32s(node.ids);
    const none = node.none instanceof Uint8Array ? node.none : fail('no list of missing lists');
    const n = at.length - 1;
    if (none.length !== n || at[n] !== ids.length) fail('lists of records out of step');
    const out = new Array<Record<string, unknown>[] | undefined>(n);
    for (let i = 0; i < n; i++) {
      if (none[i] === 1) continue;
      const from = at[i]!;
      const to = at[i + 1]!;
      const list = new Array<Record<string, unknown>>(Math.max(0, to - from));
      for (let k = from; k < to; k++) list[k - from] = this.record(ids[k]!);
      out[i] = list;
    }
    return out;
  }

  /** What Encoder.primitives wrote, as an array. */
  private primitives(e: unknown): unknown[] {
    if (Array.isArray(e)) return e;
    const node = e as { t?: unknown; v?: unknown };
    const v = int32s(node?.v);
    if (node.t === 'pi') return Array.from(v);
    if (node.t !== 'ps') return fail('not a list of primitives');
    const out = new Array<string>(v.length);
    for (let k = 0; k < v.length; k++) out[k] = this.string(v[k]!);
    return out;
  }

  private keep<T>(i: unknown, v: T): T {
    if (typeof i !== 'number') fail('a node without its number');
    this.refs[i as number] = v;
    return v;
  }

  value(e: Encoded): unknown {
    if (isPrimitive(e) || e === undefined || ArrayBuffer.isView(e)) return e;
    const node = e as Record<string, unknown> & { t?: unknown; i?: unknown; v?: unknown; k?: unknown };
    switch (node.t) {
      case 'x':
        return this.kinds.externals.get(node.n as string) ?? fail(`no external ${String(node.n)}`);
      case 'n':
        return this.record(node.i as number);
      case 'r':
        return (node.i as number) in this.refs ? this.refs[node.i as number] : fail(`no node ${String(node.i)}`);
      case 'wm':
        return new WeakMap();
      case 'ws':
        return new WeakSet();
      case 'rl':
        return this.keep(node.i, this.recordList(node.v));
      case 'll':
        return this.keep(node.i, this.recordLists(node as never));
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
        const lists = this.recordLists(node as never);
        if (lists.length !== keys.length) fail('keys and lists out of step');
        const out = this.keep(node.i, new Map<unknown, unknown>());
        for (let k = 0; k < keys.length; k++) out.set(keys[k], lists[k]);
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
        return this.fill(this.keep(node.i, node.p === true ? Object.create(null) : {}), node.f);
      case 'c': {
        const cls = this.kinds.classes[node.c as string] ?? fail(`no class ${String(node.c)}`);
        return this.fill(this.keep(node.i, Object.create(cls.prototype) as object), node.f);
      }
      default:
        return fail(`a node of no known kind (${String(node.t)})`);
    }
  }

  private fill<T extends object>(target: T, fields: unknown): T {
    if (typeof fields !== 'object' || fields === null) fail('an object without fields');
    for (const key of Object.keys(fields as object))
      (target as Record<string, unknown>)[key] = this.value((fields as Record<string, unknown>)[key]);
    return target;
  }
}

/** The graph `encodeGraph` stored; throws DamagedGraph when it is not one. */
export function decodeGraph(
  graph: EncodedGraph,
  kinds: { classes: GraphKinds['classes']; externals: ReadonlyMap<string, object> },
): { root: unknown; records: Record<string, unknown>[] } {
  if (typeof graph !== 'object' || graph === null) fail('not a stored graph');
  const decoder = new Decoder(graph, kinds);
  decoder.fillRecords();
  return { root: decoder.value(graph.root), records: decoder.records };
}
