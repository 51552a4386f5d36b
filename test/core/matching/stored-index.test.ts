// The compiled index as the worker stores it (stored-index.ts, stored-graph.ts, packed by
// stored-bytes.ts) and read back:
// the matcher made from it finds exactly what the built one finds; what is not the index that
// was stored (another format, other word lists, a damaged row) is refused, so the worker builds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { films as benchFilms, pageText } from '../../../bench/catalog.ts';
import { defaultLexicon, lexiconFrom, wordLists } from '../../../src/core/matching/index.ts';
import { compileTitles, matcherOf, type CompiledTitles, type TitleSource } from '../../../src/core/matching/matcher.ts';
import { pack, unpack } from '../../../src/core/matching/stored-bytes.ts';
import {
  decodeGraph,
  encodeGraph,
  encodeGraphSteps,
  sharedPrefixes,
  StoredListMap,
  StoredLists,
  type Spans,
} from '../../../src/core/matching/stored-graph.ts';
import {
  readIndex,
  storeIndex,
  storeIndexSteps,
  STORED_INDEX_FORMAT,
  type StoredIndex,
} from '../../../src/core/matching/stored-index.ts';
import { countSlices } from './count-slices.ts';
import { runSteps } from '../../../src/core/matching/run-steps.ts';

const film = (id: string, title: string, aliases: string[] = [], year: number | null = null): TitleSource => ({
  id,
  title,
  aliases,
  year,
  directors: [],
});

/** Stored Spans' offsets where the lists' places are read from: every offset, or where each block of lists begins. */
const startsOf = (spans: Spans): Int32Array => (spans instanceof Int32Array ? spans : spans.base);

/** The stored index as the worker keeps it (one buffer, background/index-file.ts) and reads it back. */
const kept = (stored: StoredIndex): StoredIndex => unpack(pack(stored)) as StoredIndex;

/** Compiles, stores, packs as the worker does, reads back: the built matcher and the one read back. */
function roundTrip(catalog: readonly TitleSource[]) {
  const lexicon = defaultLexicon();
  const compiled = compileTitles(catalog, lexicon);
  const built = matcherOf(compiled);
  const stored = kept(storeIndex(compiled, lexicon, (text) => built.find({ text })));
  const read = readIndex(stored, lexicon);
  if (!read.ok) throw new Error(`not read back: ${read.reason} ${read.detail ?? ''}`);
  const back = matcherOf(read.compiled);
  expect(read.check((text) => back.find({ text }))).toBe(true);
  return { built, back, stored, compiled: read.compiled };
}

const word = fc
  .tuple(fc.constantFrom('zor', 'blax', 'quin', 'tep', 'vard', 'mol', 'krin', 'dak'), fc.constantFrom('a', 'en', 'ith'))
  .map(([a, b]) => a + b);
const piece = fc.oneof(
  word,
  word.map((w) => w[0]!.toUpperCase() + w.slice(1)),
  fc.constantFrom(
    'The',
    'the',
    'of',
    'Crash',
    'Up',
    '1917',
    'M',
    'F***ing',
    'Amélie',
    '“',
    '”',
    ':',
    '-',
    'Léon',
    'Juno',
  ),
);
const name = fc.array(piece, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
const catalog = fc
  .array(
    fc.record({
      title: name,
      aliases: fc.array(name, { maxLength: 2 }),
      year: fc.option(fc.integer({ min: 1900, max: 2030 })),
      directors: fc.array(name, { maxLength: 1 }),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((list) => list.map((f, i) => ({ id: `feed/f${i % 20}`, ...f })));

describe('the stored index', () => {
  it('reads back into a matcher that finds exactly what the built one finds (generated catalogs and texts)', () => {
    fc.assert(
      fc.property(
        catalog,
        fc.array(fc.oneof(piece, fc.constantFrom('.', ',', 'we saw', 'at the', '“', '”')), { maxLength: 60 }),
        fc.array(fc.record({ start: fc.nat(200), end: fc.nat(200) }), { maxLength: 3 }),
        (films, words, marks) => {
          const { built, back } = roundTrip(films);
          // The catalog's own names in the text too, so that there is something to find.
          const text = [...words, ...films.slice(0, 3).map((f) => f.title)].join(' ');
          expect(back.find({ text, marks })).toEqual(built.find({ text, marks }));
          expect(back.size).toBe(built.size);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reads back the bench catalog: the same matches on its prose, typos and shared titles included', () => {
    const films = benchFilms.slice(0, 3_000);
    const { built, back } = roundTrip([
      ...films,
      film('x/a', 'In the Valley of Elah'),
      film('x/b', 'Crash', [], 1996),
      film('x/c', 'Crash', [], 2004),
      film('x/d', 'Young People F***ing'),
    ]);
    const blocks = [
      ...pageText(60_000),
      'We saw In the Vallery of Elah, then Crash (2004) and “Crash”, then Young People F***ing and ‘F***ing’.',
    ];
    let found = 0;
    for (const text of blocks) {
      const expected = built.find({ text });
      found += expected.length;
      expect(back.find({ text })).toEqual(expected);
    }
    expect(found).toBeGreaterThan(100);
  });

  it('carries fields it was not written for: a name’s or the index’s new plain data comes back', () => {
    const lexicon = defaultLexicon();
    const compiled = compileTitles([film('a', 'Fugitive Pieces'), film('b', 'Burn After Reading')], lexicon);
    for (const n of compiled.index.names)
      Object.assign(n, { weight: n.id + 0.5, tag: `t${n.id}`, extra: { on: true } });
    const index = Object.assign({}, compiled.index, { more: new Map([[1, new Set(['x'])]]) });
    const withMore: CompiledTitles = { index, typos: compiled.typos };
    const built = matcherOf(withMore);
    const read = readIndex(kept(storeIndex(withMore, lexicon, (text) => built.find({ text }))), lexicon);
    if (!read.ok) throw new Error(read.reason);
    const names = read.compiled.index.names as unknown as Array<{ weight: number; tag: string; extra: object }>;
    expect(names.map((n) => [n.weight, n.tag, n.extra])).toEqual(
      compiled.index.names.map((n) => [n.id + 0.5, `t${n.id}`, { on: true }]),
    );
    expect((read.compiled.index as typeof index).more).toEqual(new Map([[1, new Set(['x'])]]));
    // The trie's lists hold the very names of the index, not copies.
    const trie = read.compiled.index.trie;
    const listed = Array.from({ length: trie.nodeCount }, (_, node) => trie.namesAt(node) ?? []).flat();
    expect(listed.every((n) => read.compiled.index.names.includes(n))).toBe(true);
  });

  it('refuses to store what it could not read back: a function, or an object of a class it does not know', () => {
    const lexicon = defaultLexicon();
    const compiled = compileTitles([film('a', 'Fugitive Pieces')], lexicon);
    const find = () => [];
    const withFunction = { index: Object.assign({}, compiled.index, { f: () => 1 }), typos: compiled.typos };
    expect(() => storeIndex(withFunction, lexicon, find)).toThrow(/function cannot be stored/);
    class Odd {}
    const withClass = { index: Object.assign({}, compiled.index, { odd: new Odd() }), typos: compiled.typos };
    expect(() => storeIndex(withClass, lexicon, find)).toThrow(/Odd is not a registered class/);
    // Positive control: the index as built is stored.
    expect(storeIndex(compiled, lexicon, find).format).toBe(STORED_INDEX_FORMAT);
  });
});

describe('a stored index that cannot serve is refused', () => {
  const catalogFilms = [film('a', 'Fugitive Pieces'), film('b', 'Burn After Reading'), film('c', 'Crash', [], 2004)];
  const fresh = (): StoredIndex => roundTrip(catalogFilms).stored;

  it('of another format or other word lists', () => {
    const lexicon = defaultLexicon();
    expect(readIndex({ ...fresh(), format: STORED_INDEX_FORMAT + 1 }, lexicon)).toMatchObject({
      ok: false,
      reason: 'format',
    });
    const other = lexiconFrom({ ...wordLists(), common: `${wordLists().common} zorblax` });
    expect(readIndex(fresh(), other)).toMatchObject({ ok: false, reason: 'lexicon' });
    // As many words, one of them another (the minor list's first): told by the hash of the words.
    const [first, ...rest] = wordLists().minor.trim().split(/\s+/);
    const swapped = lexiconFrom({ ...wordLists(), minor: ['zorblax', ...rest].join(' ') });
    expect(swapped.minor.size).toBe(lexicon.minor.size);
    expect(swapped.minor.has(first!)).toBe(false);
    expect(readIndex(fresh(), swapped)).toMatchObject({ ok: false, reason: 'lexicon' });
    // Positive control: the same row, as stored, is read.
    expect(readIndex(fresh(), lexicon).ok).toBe(true);
  });

  it('damaged: not an object, a missing or short table, a string or record that is not there, an unknown node', () => {
    const lexicon = defaultLexicon();
    const damaged = (harm: (s: StoredIndex) => void) => {
      const s = fresh();
      harm(s);
      return readIndex(s, lexicon);
    };
    expect(readIndex(null, lexicon)).toMatchObject({ ok: false, reason: 'damaged' });
    expect(readIndex('x', lexicon)).toMatchObject({ ok: false, reason: 'damaged' });
    expect(damaged((s) => delete (s as Partial<StoredIndex>).probe)).toMatchObject({ ok: false, reason: 'damaged' });
    expect(damaged((s) => (s.graph.strings = s.graph.strings.slice(0, 2)))).toMatchObject({
      ok: false,
      reason: 'damaged',
    });
    expect(damaged((s) => (s.graph.records.count += 5))).toMatchObject({ ok: false, reason: 'damaged' });
    expect(damaged((s) => s.graph.records.columns.pop())).toMatchObject({ ok: false, reason: 'damaged' });
    expect(damaged((s) => (s.graph.root = { t: 'zz' }))).toMatchObject({ ok: false, reason: 'damaged' });
    expect(damaged((s) => (s.graph.root = { t: 'o', i: 0, f: { index: { t: 'r', i: 99 } } }))).toMatchObject({
      ok: false,
      reason: 'damaged',
    });
    expect(damaged((s) => ((s.graph.root as { f: { index: unknown } }).f.index = 3))).toMatchObject({
      ok: false,
      reason: 'damaged',
    });
    // Positive control.
    expect(damaged(() => undefined).ok).toBe(true);
  });

  it('damaged so that it still decodes: the probe finds something else and says so', () => {
    const lexicon = defaultLexicon();
    const s = fresh();
    const read = readIndex(s, lexicon);
    if (!read.ok) throw new Error(read.reason);
    // Every node's end levels wiped: decoded, the right sizes, and finds nothing.
    read.compiled.index.ends.fill(0);
    const back = matcherOf(read.compiled);
    expect(read.check((text) => back.find({ text }))).toBe(false);
    // Positive control: an intact copy passes.
    const intact = readIndex(fresh(), lexicon);
    if (!intact.ok) throw new Error(intact.reason);
    const good = matcherOf(intact.compiled);
    expect(intact.check((text) => good.find({ text }))).toBe(true);
  });
});

describe('the stored index’s probe', () => {
  const probeOf = (catalog: readonly TitleSource[]) => roundTrip(catalog).stored.probe.text;

  it('passes over names with a censored word for the next plain one, and still names the last plain one', () => {
    const plain = benchFilms.slice(0, 40);
    const quoted = (text: string) => text.match(/“[^”]*”/g) ?? [];
    const text = probeOf([film('x/c', 'Young People F***ing'), ...plain, film('x/d', 'Motherf***er')]);
    expect(text).not.toContain('*');
    // As many names as ever: the first of the spread and the last gave way to plain ones beside them.
    expect(quoted(text)).toHaveLength(9);
    // Positive control: the same catalog uncensored names them, as it names every film.
    const uncensored = probeOf([film('x/c', 'Young People Fucking'), ...plain, film('x/d', 'Motherfucker')]);
    expect(quoted(uncensored)).toHaveLength(9);
    expect(uncensored).toContain('“young people fucking”');
    expect(uncensored).toContain('“motherfucker”');
  });

  it('names a censored name when the catalog has nothing else to check with', () => {
    const text = probeOf([film('x/c', 'Young People F***ing')]);
    expect(text).toContain('young people f***ing');
  });
});

describe('the stored index, read lazily and written in slices (issue 28)', () => {
  const catalogFilms = [
    ...benchFilms.slice(0, 400),
    film('x/b', 'Crash', [], 1996),
    film('x/c', 'Crash', [], 2004),
    film('x/d', 'Young People F***ing'),
  ];
  type Graph = StoredIndex['graph'];
  /** A field of the stored index's root node, by path (`index.trie.nextSibling`). */
  const at = (graph: Graph, path: string): Record<string, unknown> => {
    let node = graph.root as { f: Record<string, unknown> };
    for (const key of path.split('.')) node = node.f[key] as { f: Record<string, unknown> };
    return node as unknown as Record<string, unknown>;
  };
  const fresh = (): StoredIndex => roundTrip(catalogFilms).stored;
  const lexicon = defaultLexicon();
  const damaged = (harm: (g: Graph) => void) => {
    const s = fresh();
    harm(s.graph);
    return readIndex(s, lexicon);
  };

  it('is a few typed arrays and one text of strings, not a string or a node per name', () => {
    const { stored } = roundTrip(catalogFilms);
    expect(typeof stored.graph.strings).toBe('string');
    expect((stored.graph.stringAt as { len: unknown }).len).toBeInstanceOf(Uint8Array);
    const names = at(stored.graph, 'index.trie.names');
    expect(names.t).toBe('ll');
    expect(names.ids).toBeInstanceOf(Int32Array);
  });

  it('keeps a prefix its strings share (a film key’s feed id) once, each string without it', () => {
    const feed = 'f0123456789abcdef';
    const keyed = [
      ...benchFilms.slice(0, 300).map((f, i) => ({ ...f, id: `${feed}/${i % 2 ? 'tt' : ''}${f.id}` })),
      film('default/a', 'Juno'),
      film('default/b', 'Up'),
      film('user/own', 'Crash'),
      film('loose', 'Léon'),
    ];
    const { built, back, stored, compiled } = roundTrip(keyed);
    expect(stored.graph.prefixes).toEqual([`${feed}/`, 'default/']);
    expect(stored.graph.strings).not.toContain(feed);
    // A prefix used once ("user/") and a key with none are kept whole.
    expect(stored.graph.strings).toContain('user/own');
    expect(stored.graph.strings).toContain('loose');
    // Read back: every key whole, and the same matches with the same films.
    expect([...compiled.index.filmOrder.keys()].sort()).toEqual(keyed.map((f) => f.id).sort());
    const text = keyed.map((f) => `We saw ${f.title} twice.`).join(' ');
    expect(back.find({ text })).toEqual(built.find({ text }));
    // Positive control: the same catalog keyed without shared prefixes keeps none.
    const bare = roundTrip(keyed.map((f, i) => ({ ...f, id: `k${i}` }))).stored;
    expect(bare.graph.prefixes).toEqual([]);
    expect(bare.graph.strings.length).toBeLessThan(stored.graph.strings.length + keyed.length * 4);
  });

  it('shares at most 255 prefixes, the ones that save the most; a string with another is kept whole', () => {
    const strings = Array.from({ length: 300 }, (_, i) => [`p${i}/a`, `p${i}/b`]).flat();
    strings.push('p7-longer-prefix-than-the-rest/x', 'p7-longer-prefix-than-the-rest/y');
    const { prefixes, prefixOf, rest } = runSteps(sharedPrefixes(strings));
    expect(prefixes).toHaveLength(255);
    expect(prefixes[0]).toBe('p7-longer-prefix-than-the-rest/');
    const whole = rest.map((r, i) => (prefixOf[i] ? prefixes[prefixOf[i]! - 1]! : '') + r);
    expect(whole).toEqual(strings);
    expect(rest.filter((r, i) => r === strings[i]).length).toBe(2 * (301 - 255));
    // In steps: with slices always due, the same table in a slice a string, twice over.
    const sliced = countSlices(sharedPrefixes(strings, { due: () => true, begin: () => undefined }));
    expect(sliced.value).toEqual({ prefixes, prefixOf, rest });
    expect(sliced.slices).toBe(2 * strings.length + 1);
  });

  it('makes no name until it is asked for, and the same object each time after', () => {
    const { compiled } = roundTrip(catalogFilms);
    const index = compiled.index;
    // Deferred: the list of names, the film order and the clues are getters until read.
    for (const key of ['names', 'filmOrder', 'clues'])
      expect(typeof Object.getOwnPropertyDescriptor(index, key)?.get).toBe('function');
    expect(index.trie.names).toBeInstanceOf(StoredLists);
    const node = Array.from({ length: index.trie.nodeCount }, (_, n) => n).find((n) => index.trie.hasNames(n))!;
    const list = index.trie.namesAt(node);
    expect(list).toBeDefined();
    expect(index.trie.namesAt(node)).toBe(list);
    // Positive control: read, they are what was built.
    expect(index.names).toHaveLength(index.nameCount);
    expect(index.names.includes(list![0]!)).toBe(true);
    expect(index.filmOrder.get('x/c')).toBe(401);
  });

  it('makes a list of a map of name lists (the typo index’s names by single word) when its key is first asked for', () => {
    const built = compileTitles(catalogFilms, lexicon).typos.single;
    const words = (list: readonly { words: readonly string[] }[] | undefined) => list?.map((n) => n.words.join(' '));
    const keys = [...built.keys()];
    expect(keys.length).toBeGreaterThan(2);
    // The first key's list names a name that is not there: told when that list is made, not before.
    const s = fresh();
    const node = at(s.graph, 'typos.single') as unknown as { ids: Int32Array; k: unknown[] };
    expect(node.k).toEqual(keys);
    node.ids[0] = 1e6;
    const told: string[] = [];
    const read = readIndex(s, lexicon, (what) => told.push(what));
    if (!read.ok) throw new Error(read.reason);
    const single = read.compiled.typos.single;
    expect(single).toBeInstanceOf(StoredListMap);
    expect(single.size).toBe(built.size);
    const last = keys[keys.length - 1]!;
    expect(words(single.get(last))).toEqual(words(built.get(last)));
    expect(single.get(last)).toBe(single.get(last));
    expect(single.has(keys[0]!)).toBe(true);
    expect(told).toEqual([]);
    expect(single.get(keys[0]!)).toEqual([]);
    expect(told).toEqual([expect.stringContaining('no record 1000000')]);
    expect(single.get('not a key')).toBeUndefined();
    expect(() => single.set('x', [])).toThrow(TypeError);
    // Positive control: intact, every list and the order of keys are the built map's, by each way a Map is read.
    const intact = readIndex(fresh(), lexicon);
    if (!intact.ok) throw new Error(intact.reason);
    const back = intact.compiled.typos.single;
    const asBuilt = (m: ReadonlyMap<string, readonly { words: readonly string[] }[] | undefined>) =>
      [...m].map(([key, list]) => [key, words(list)]);
    expect(asBuilt(back)).toEqual(asBuilt(built));
    expect([...back.keys()]).toEqual(keys);
    expect([...back.values()].map(words)).toEqual([...built.values()].map(words));
    expect([...back.entries()].map(([key]) => key)).toEqual(keys);
    const each: string[] = [];
    back.forEach((_, key) => each.push(key));
    expect(each).toEqual(keys);
  });

  it('written in slices, is the same as written at once', () => {
    const lexiconUsed = defaultLexicon();
    const compiled = compileTitles(catalogFilms, lexiconUsed);
    const built = matcherOf(compiled);
    const find = (text: string) => built.find({ text });
    // The probe's text read once first: the typo caches it fills are then the same in both.
    storeIndex(compiled, lexiconUsed, find);
    const { value, slices } = countSlices(storeIndexSteps(compiled, lexiconUsed, find, 0));
    expect(slices).toBeGreaterThan(3);
    expect(value).toEqual(storeIndex(compiled, lexiconUsed, find));
    // Positive control: the sliced one reads back.
    expect(readIndex(kept(value), lexiconUsed).ok).toBe(true);
  });

  it('damaged in its shape is refused when read, before any match could read it', () => {
    const refused = { ok: false, reason: 'damaged' };
    // Strings: the last end past the text; lists of names whose offsets end past their table.
    expect(
      damaged((g) => (startsOf(g.stringAt)[startsOf(g.stringAt).length - 1] = g.strings.length + 5)),
    ).toMatchObject(refused);
    expect(damaged((g) => (g.stringAt = { len: new Uint8Array(3), base: new Int32Array(2) }))).toMatchObject(refused);
    // Strings' prefixes: numbers out of step with the strings, a list that is not of strings.
    expect(damaged((g) => (g.prefixOf = g.prefixOf.subarray(1)))).toMatchObject(refused);
    expect(damaged((g) => (g.prefixes = [1 as unknown as string]))).toMatchObject(refused);
    expect(damaged((g) => (g.prefixes = undefined as unknown as string[]))).toMatchObject(refused);
    expect(
      damaged((g) => {
        const offsets = startsOf(at(g, 'index.trie.names').at as Spans);
        offsets[offsets.length - 1]! += 1;
      }),
    ).toMatchObject(refused);
    expect(
      damaged((g) => {
        const offsets = startsOf((g.records.columns[1] as { at: Spans }).at);
        offsets[offsets.length - 1]! += 1;
      }),
    ).toMatchObject(refused);
    expect(
      damaged((g) => ((g.records.columns[1] as { at: { len: unknown } }).at.len = new Int32Array(3))),
    ).toMatchObject(refused);
    // Trie children not after their parent (a walk could loop), ranges going back, past the
    // nodes, a word that is no word; the main trie's and the typo tails'.
    type Nodes = { firstChild: Int32Array; edgeWord: Int32Array };
    for (const trie of ['index.trie', 'typos.tails']) {
      const nodes = (g: Graph) => at(g, trie).f as Nodes;
      expect(damaged((g) => (nodes(g).firstChild[2] = 2))).toMatchObject(refused);
      expect(damaged((g) => (nodes(g).firstChild[1] = 0))).toMatchObject(refused);
      expect(damaged((g) => (nodes(g).firstChild[0] = 1e6))).toMatchObject(refused);
      expect(damaged((g) => (nodes(g).firstChild[3] = nodes(g).firstChild[4]! + 1))).toMatchObject(refused);
      expect(damaged((g) => (nodes(g).firstChild[nodes(g).firstChild.length - 1] = 1e6))).toMatchObject(refused);
      expect(damaged((g) => (nodes(g).firstChild = nodes(g).firstChild.subarray(1)))).toMatchObject(refused);
      expect(damaged((g) => (nodes(g).edgeWord[3] = 1e6))).toMatchObject(refused);
      expect(damaged((g) => (nodes(g).edgeWord[3] = -1))).toMatchObject(refused);
      // Positive control: a change that keeps the layout whole (a leaf's word for another) reads.
      expect(
        damaged((g) => {
          const { firstChild, edgeWord } = nodes(g);
          const leaf = firstChild.findIndex((f, i) => i > 0 && f === firstChild[i + 1]);
          edgeWord[leaf] = edgeWord[1]!;
        }).ok,
      ).toBe(true);
    }
    // No edge table is stored: the nodes are the whole trie.
    expect(at(fresh().graph, 'index.trie').f).not.toHaveProperty('slots');
    expect((at(fresh().graph, 'index.trie').f as Nodes).firstChild).toBeInstanceOf(Int32Array);
    // The vocabulary's table full, its offsets past its letters; the typo filter naming no word.
    expect(
      damaged((g) => {
        const f = at(g, 'index.vocabulary').f as { slots: Int32Array };
        for (let i = 1; i < f.slots.length; i += 2) if (f.slots[i] === 0) f.slots[i] = 1;
      }),
    ).toMatchObject(refused);
    expect(damaged((g) => ((at(g, 'index.vocabulary').f as { offsets: Int32Array }).offsets[3] = 1e6))).toMatchObject(
      refused,
    );
    // The typo filter with no free slot (its probes would not end) is refused; a damaged owner
    // is checked where the filter hands it out (typo-filter-stored.test.ts), and reads.
    expect(
      damaged((g) => {
        (at(g, 'typos.filter').f as { owners: Int32Array }).owners.fill(0);
      }),
    ).toMatchObject(refused);
    const ownerDamaged = damaged((g) => {
      const owners = (at(g, 'typos.filter').f as { owners: Int32Array }).owners;
      owners[owners.findIndex((o) => o !== -1)] = 1e6;
    });
    expect(ownerDamaged.ok).toBe(true);
    if (ownerDamaged.ok) {
      const back = matcherOf(ownerDamaged.compiled);
      expect(() => pageText(20_000).forEach((text) => back.find({ text }))).not.toThrow();
    }
    // The list of names, in the table's own order, is stored as its length: another length is refused.
    expect(at(fresh().graph, 'index.names')).toMatchObject({ t: 'rl', all: fresh().graph.records.count });
    expect(damaged((g) => (at(g, 'index.names').all = g.records.count - 1))).toMatchObject(refused);
    // Numbers going by one step (a name's number, the film order) are stored as their rule: a broken rule is refused.
    expect(fresh().graph.records.columns[0]).toMatchObject({ k: 'ir', a: 0, d: 1 });
    expect(at(fresh().graph, 'index.filmOrder').v).toMatchObject({ t: 'pr', d: -1 });
    expect(at(fresh().graph, 'index.filmOrder').k).toMatchObject({ t: 'psr', a: 0, d: 1, n: catalogFilms.length });
    expect(damaged((g) => ((at(g, 'index.filmOrder').k as { d: number }).d = 0.5))).toMatchObject(refused);
    expect(damaged((g) => ((g.records.columns[0] as { a: number }).a = 0.5))).toMatchObject(refused);
    expect(damaged((g) => ((at(g, 'index.filmOrder').v as { n: number }).n = -1))).toMatchObject(refused);
    // Which nodes have no list is a bit a node: of another count, or its bits short, refused.
    const trieNames = at(fresh().graph, 'index.trie.names') as { n: number; none: Uint8Array };
    expect(trieNames.none.length).toBe(Math.ceil(trieNames.n / 8));
    expect(damaged((g) => ((at(g, 'index.trie.names') as { n: number }).n += 8))).toMatchObject(refused);
    expect(damaged((g) => ((at(g, 'index.trie.names') as { n: number }).n = -1))).toMatchObject(refused);
    expect(
      damaged((g) => {
        const names = at(g, 'typos.tails.names') as { none: Uint8Array };
        names.none = names.none.subarray(1);
      }),
    ).toMatchObject(refused);
    // The clues' steps of another kind, their firsts of another length.
    expect(damaged((g) => ((at(g, 'index.clues') as { v: unknown }).v = new Float64Array(3)))).toMatchObject(refused);
    expect(
      damaged((g) => {
        const clues = at(g, 'index.clues') as { f: Int32Array };
        clues.f = clues.f.subarray(1);
      }),
    ).toMatchObject(refused);
    // Positive control.
    expect(damaged(() => undefined).ok).toBe(true);
  });

  /** Every name, list and deferred table made, as pages' matches would make them over time. */
  const makeAll = (compiled: CompiledTitles): void => {
    const { index, typos } = compiled;
    for (const t of [index.trie, typos.tails]) for (let n = 0; n < t.nodeCount; n++) t.namesAt(n);
    for (const name of index.names) void [...name.words, ...name.filmIds];
    void index.filmOrder.size;
    void index.clues.size;
  };
  /** Read back with `harm` done to its stored form and every value made: what onDamage was told. */
  const toldOf = (harm: (g: Graph) => void): string[] => {
    const s = fresh();
    harm(s.graph);
    const told: string[] = [];
    const read = readIndex(s, lexicon, (what) => told.push(what));
    if (!read.ok) throw new Error(`refused: ${read.reason} ${read.detail ?? ''}`);
    const back = matcherOf(read.compiled);
    for (const text of pageText(20_000)) back.find({ text });
    makeAll(read.compiled);
    return told;
  };

  it('damaged inside a table is read, then told once when what it makes is first made, made harmless, never thrown', () => {
    const once = (what: string) => [expect.stringContaining(what)];
    /**
     * Where every block of lists begins, but the first and the last (checked when read), set to
     * `to`: a list made after one of another block is placed from there (one made right after
     * the list before it is placed from that one's end, and is right).
     */
    const misplace = (spans: Spans, to: number): void => {
      const starts = startsOf(spans);
      starts.fill(to, 1, starts.length - 1);
    };
    // Strings placed outside the text: made '' and told once.
    expect(toldOf((g) => misplace(g.stringAt, -1))).toEqual(once('a string out of place'));
    // A string's prefix number past the list of prefixes.
    expect(toldOf((g) => g.prefixOf.fill(200))).toEqual(once('a string of no prefix'));
    // A name list naming a name that is not there; offsets going back inside a table of lists.
    expect(toldOf((g) => ((at(g, 'index.trie.names').ids as Int32Array)[0] = 1e6))).toEqual(once('no record 1000000'));
    expect(
      toldOf((g) => {
        const offsets = startsOf(at(g, 'typos.tails.names').at as Spans);
        misplace(at(g, 'typos.tails.names').at as Spans, offsets[offsets.length - 1]! + 1);
      }),
    ).toEqual(once('a list of records out of place'));
    // A name's string number past the table, and its list's offsets going back.
    expect(toldOf((g) => ((g.records.columns[1] as { v: Int32Array }).v[0] = 1e6))).toEqual(once('no string 1000000'));
    expect(toldOf((g) => misplace((g.records.columns[1] as { at: Spans }).at, -5))).toEqual(
      once('a list of strings out of place'),
    );
    // A deferred map (the film order) naming a string that is not there: empty once read.
    // Its keys are a rule (the films' keys numbered first, in the film order): one past the table.
    const harmOrder = (g: Graph) => ((at(g, 'index.filmOrder').k as { a: number }).a = 1e6);
    expect(toldOf(harmOrder)).toEqual(once('no string 1000000'));
    const lastPast = (g: Graph) => ((at(g, 'index.filmOrder').k as { d: number }).d = 10_000);
    expect(toldOf(lastPast)).toEqual(once(`no string ${10_000 * (catalogFilms.length - 1)}`));
    const s = fresh();
    harmOrder(s.graph);
    const read = readIndex(s, lexicon, () => undefined);
    if (!read.ok) throw new Error(read.reason);
    expect(read.compiled.index.filmOrder.size).toBe(0);
    // A clue list's first past the string table: told when the clues are first read.
    expect(toldOf((g) => ((at(g, 'index.clues') as { f: Int32Array }).f[0] = 1e6))).toEqual(once('no string'));
    // Positive controls: untouched, nothing is told, and the film order is all there.
    expect(toldOf(() => undefined)).toEqual([]);
    const intact = readIndex(fresh(), lexicon);
    if (!intact.ok) throw new Error(intact.reason);
    expect(intact.compiled.index.filmOrder.size).toBe(catalogFilms.length);
  });

  describe('a class’s list of strings read whole (the vocabulary’s words)', () => {
    class Words {
      static readonly storedJoined = ['list'] as const;
      list: string[] = [];
      other: string[] = [];
    }
    const kinds = { classes: { Words }, externals: new Map<object, string>() };
    const none = { classes: { Words }, externals: new Map<string, object>() };
    const of = (list: string[], other: string[] = []) => Object.assign(new Words(), { list, other });
    const fields = (graph: ReturnType<typeof encodeGraph>) =>
      (graph.root as { f: Record<string, { v: { t: string; s?: string; n?: number } }> }).f;
    const back = (graph: ReturnType<typeof encodeGraph>) => decodeGraph(graph, none).root as Words;
    const words = Array.from({ length: 300 }, (_, i) => `wörd ${(i * 7919) % 1000}`);

    it('is kept as one text joined by NUL and read back in one split, whether the table names its strings or not', () => {
      const alone = encodeGraph(of(words), [], kinds);
      expect(fields(alone).list!.v).toMatchObject({ t: 'pj', n: 300 });
      expect(back(alone)).toEqual(of(words));
      expect(back(alone)).toBeInstanceOf(Words);
      const named = encodeGraph({ first: [...words].reverse(), words: of(words) }, [], kinds);
      expect((decodeGraph(named, none).root as { words: Words }).words.list).toEqual(words);
      // Positive controls: a field not named, a list with a NUL and an empty list stay lists of numbers.
      expect(fields(encodeGraph(of(words, words.slice(1)), [], kinds)).other!.v.t).not.toBe('pj');
      const nul = [...words.slice(1), 'a\u0000b'];
      expect(fields(encodeGraph(of(nul), [], kinds)).list!.v.t).not.toBe('pj');
      expect(back(encodeGraph(of(nul), [], kinds)).list).toEqual(nul);
      expect(back(encodeGraph(of([]), [], kinds)).list).toEqual([]);
    });

    it('is joined in slices: a long list yields as its strings are looked over', () => {
      const many = Array.from({ length: 5_000 }, (_, i) => `w${i}`);
      const { value, slices } = countSlices(encodeGraphSteps(of(many), [], kinds, 0));
      expect(fields(value).list!.v).toMatchObject({ t: 'pj', n: 5_000 });
      expect(slices).toBeGreaterThan(3);
      expect(back(value).list).toEqual(many);
    });

    it('refuses a joined list of another length or of no text', () => {
      const graph = encodeGraph(of(words), [], kinds);
      const node = fields(graph).list!.v;
      expect(back(graph).list).toEqual(words);
      node.n = 299;
      expect(() => back(graph)).toThrow(/another length/);
      node.n = 300;
      node.s = 7 as unknown as string;
      expect(() => back(graph)).toThrow(/no text/);
    });
  });

  it('keeps lists of strings (films by clue word) as each list’s first and its steps, in a byte or two when they fit', () => {
    const kinds = { classes: {}, externals: new Map<object, string>() };
    const none = { classes: {}, externals: new Map<string, object>() };
    const ids = Array.from({ length: 40_000 }, (_, i) => `film-${i}`);
    // Numbered first in this order, as the film order numbers the films' keys.
    const withFirst = { ...kinds, stringsFirst: ids };
    for (const [lists, kind] of [
      [[ids.slice(0, 5), [], ids.slice(10, 300).filter((_, i) => i % 3 === 0), [ids[7]!]], Int8Array],
      [[ids.slice(0, 3), [ids[0]!, ids[1000]!, ids[20]!]], Int16Array],
      [[[ids[0]!, ids[39_999]!], ids.slice(5, 9)], Int32Array],
    ] as const) {
      const map = new Map<number, string[]>(lists.map((list, k) => [k * 7, [...list]]));
      const graph = encodeGraph({ map }, [], withFirst);
      const node = (graph.root as { f: { map: { f?: unknown; v: unknown } } }).f.map;
      expect(node.v).toBeInstanceOf(kind);
      expect(node.f === undefined).toBe(kind === Int32Array);
      const { root } = decodeGraph(graph, none);
      expect([...(root as { map: Map<number, string[]> }).map]).toEqual([...map]);
    }
    // The clues of the catalog read back whole, and stored as steps.
    const { stored } = roundTrip(catalogFilms);
    expect(at(stored.graph, 'index.clues')).toHaveProperty('f');
    const intact = readIndex(fresh(), lexicon);
    if (!intact.ok) throw new Error(intact.reason);
    const built = compileTitles(catalogFilms, lexicon);
    expect([...intact.compiled.index.clues]).toEqual([...built.index.clues]);
  });

  it('keeps a column of flags eight to a byte, each read back as it was', () => {
    const kinds = { classes: {}, externals: new Map<object, string>() };
    const none = { classes: {}, externals: new Map<string, object>() };
    type Flagged = { a: boolean; b: boolean };
    for (const count of [1, 7, 8, 9, 17, 1000]) {
      const records: Flagged[] = Array.from({ length: count }, (_, i) => ({ a: i % 3 === 0, b: i % 2 === 1 }));
      const graph = encodeGraph({ all: records }, records, kinds);
      const column = graph.records.columns[0] as { k: string; v: Uint8Array };
      expect(column.k).toBe('b');
      expect(column.v.length).toBe(Math.ceil(count / 8));
      const { root } = decodeGraph(graph, none);
      expect([...(root as { all: Iterable<Flagged> }).all]).toEqual(records);
      // One flag's byte too few, or another kind of array: refused when read.
      const withFirst = (first: unknown) =>
        ({
          ...graph,
          records: { ...graph.records, columns: [first, ...graph.records.columns.slice(1)] },
        }) as typeof graph;
      expect(() => decodeGraph(withFirst({ k: 'b', v: column.v.subarray(1) }), none)).toThrow(/flags/);
      expect(() => decodeGraph(withFirst({ k: 'b', v: new Int32Array(column.v.length) }), none)).toThrow(/flags/);
      // Positive control: the same column put back reads.
      expect(() => decodeGraph(withFirst(column), none)).not.toThrow();
    }
    // The names' own flags at the catalog's size: a bit each.
    const { stored } = roundTrip(catalogFilms);
    const flags = stored.graph.records.columns.filter((c) => (c as { k: string }).k === 'b') as { v: Uint8Array }[];
    expect(flags.length).toBeGreaterThan(0);
    for (const f of flags) expect(f.v.length).toBe(Math.ceil(stored.graph.records.count / 8));
  });

  it('keeps where each list lies as its length in a byte or two and where every 16th begins, every offset past that', () => {
    const { stored } = roundTrip(catalogFilms);
    expect((at(stored.graph, 'index.trie.names').at as { len: unknown }).len).toBeInstanceOf(Uint8Array);
    expect((stored.graph.records.columns[1] as { at: { len: unknown } }).at.len).toBeInstanceOf(Uint8Array);
    const records = Array.from({ length: 70_000 }, (_, n) => ({ n }));
    const kinds = { classes: {}, externals: new Map<object, string>() };
    for (const [longest, kind] of [
      [3, Uint8Array],
      [300, Uint16Array],
      [70_000, Int32Array],
    ] as const) {
      const lists = [records.slice(0, 3), undefined, [], records.slice(5, 5 + longest), ...records.map((r) => [r])];
      const graph = encodeGraph({ lists }, records, kinds);
      const spans = (graph.root as { f: { lists: { at: Spans } } }).f.lists.at;
      expect(spans instanceof Int32Array ? spans : spans.len).toBeInstanceOf(kind);
      const { root } = decodeGraph(graph, { classes: {}, externals: new Map() });
      const back = (root as { lists: StoredLists<{ n: number }> }).lists;
      expect(back.toArray()).toEqual(lists);
      // Made out of order too (each summed from its block's start, not from the list before it).
      const again = (
        decodeGraph(graph, { classes: {}, externals: new Map() }).root as typeof root & {
          lists: StoredLists<{ n: number }>;
        }
      ).lists;
      for (let i = lists.length - 1; i >= 0; i -= 997) expect(again.list(i)).toEqual(lists[i]);
      expect(again.list(3)).toEqual(lists[3]);
    }
  });

  it('a trie whose words are out of order is read, and child() stays within the node’s children', () => {
    type Nodes = { firstChild: Int32Array; edgeWord: Int32Array };
    // The node with most children below the root (the search halves its range), its words reversed.
    const widest = (f: Nodes): number => {
      let best = 1;
      for (let node = 1; node + 1 < f.firstChild.length; node++)
        if (f.firstChild[node + 1]! - f.firstChild[node]! > f.firstChild[best + 1]! - f.firstChild[best]!) best = node;
      return best;
    };
    for (const trie of ['index.trie', 'typos.tails'] as const) {
      const s = fresh();
      const f = at(s.graph, trie).f as Nodes;
      const node = widest(f);
      const [start, end] = [f.firstChild[node]!, f.firstChild[node + 1]!];
      expect(end - start).toBeGreaterThan(8);
      const words = [...f.edgeWord.subarray(start, end)];
      f.edgeWord.subarray(start, end).reverse();
      const read = readIndex(s, lexicon);
      if (!read.ok) throw new Error(read.reason);
      const t = trie === 'index.trie' ? read.compiled.index.trie : read.compiled.typos.tails;
      for (const word of words) {
        const child = t.child(node, word);
        expect(child === -1 || (child >= start && child < end)).toBe(true);
      }
      const back = matcherOf(read.compiled);
      for (const text of pageText(20_000)) back.find({ text });
      // Positive control: in order, every child is found where it is.
      const intact = readIndex(fresh(), lexicon);
      if (!intact.ok) throw new Error(intact.reason);
      const u = trie === 'index.trie' ? intact.compiled.index.trie : intact.compiled.typos.tails;
      words.forEach((word, i) => expect(u.child(node, word)).toBe(start + i));
    }
  });
});

describe('the names’ columns of few strings, kept as palettes', () => {
  const lexicon = defaultLexicon();
  const stored = roundTrip(benchFilms.slice(0, 3_000)).stored;
  const columnOf = (s: StoredIndex, kind: string) =>
    s.graph.records.columns.find((c) => (c as { k: string }).k === kind) as unknown as {
      p: Int32Array;
      v: Uint8Array | Uint16Array;
    };
  const damaged = (harm: (s: StoredIndex) => void) => {
    const s = kept(stored);
    harm(s);
    return readIndex(s, lexicon);
  };
  const refused = { ok: false, reason: 'damaged' };

  it('one byte an index for a few kinds, two for the words of names, nothing for lists always empty', () => {
    const kinds = stored.graph.records.columns.map((c) => (c as { k: string }).k);
    expect(kinds).toContain('sp');
    expect(kinds).toContain('ssp');
    expect(columnOf(stored, 'sp').v).toBeInstanceOf(Uint8Array);
    expect(columnOf(stored, 'sp').p).toHaveLength(256);
    expect(columnOf(stored, 'ssp').v).toBeInstanceOf(Uint16Array);
    // Read back, the matcher finds what the built one finds (roundTrip's probe), and every name's words are there.
    const read = readIndex(kept(stored), lexicon);
    if (!read.ok) throw new Error(read.reason);
    const built = compileTitles(benchFilms.slice(0, 3_000), lexicon);
    expect(read.compiled.index.names.map((n) => n.words.join(' '))).toEqual(
      built.index.names.map((n) => n.words.join(' ')),
    );
  });

  it('refused when the palette names no string; an index past its palette told when its name is made', () => {
    const told: string[] = [];
    const s = kept(stored);
    columnOf(s, 'ssp').v[5] = columnOf(s, 'ssp').p.length;
    const read = readIndex(s, lexicon, (what) => told.push(what));
    if (!read.ok) throw new Error(read.reason);
    expect(told).toEqual([]);
    const words = read.compiled.index.names.map((n) => n.words);
    expect(told).toEqual([expect.stringContaining('no string undefined')]);
    expect(words.flat()).toContain('');
    expect(damaged((s) => (columnOf(s, 'ssp').p[0] = 1e6))).toMatchObject(refused);
    expect(damaged((s) => (columnOf(s, 'sp').p[255] = -1))).toMatchObject(refused);
    expect(
      damaged((s) => {
        const col = columnOf(s, 'sp');
        col.p = col.p.slice(0, 255);
      }),
    ).toMatchObject(refused);
    expect(
      damaged((s) => {
        const col = columnOf(s, 'ssp');
        col.v = new Int32Array(col.v) as unknown as Uint16Array;
      }),
    ).toMatchObject(refused);
    // Positive controls: untouched, and an index changed to another inside its palette.
    expect(damaged(() => undefined).ok).toBe(true);
    expect(damaged((s) => (columnOf(s, 'ssp').v[5] = columnOf(s, 'ssp').p.length - 1)).ok).toBe(true);
  });
});
