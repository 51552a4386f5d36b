// The worker's matcher kept between worker lives (title-matcher.ts, stored-matcher.ts): a new
// cache over the same database is a woken worker. It reads the stored matcher instead of
// compiling, and builds again when the stored one is of another catalog, damaged, or was never
// written because the disk was full.
import type { DBCore } from 'dexie';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_FEED_ID, loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { indexBytes } from '../../src/background/index-file.ts';
import { loadStoredMatcher } from '../../src/background/stored-matcher.ts';
import { catalogPrint, titleMatcherCache, titleSources } from '../../src/background/title-matcher.ts';
import {
  defaultLexicon,
  lexiconPrint,
  pack,
  readIndex,
  STORED_INDEX_FORMAT,
  unpack,
} from '../../src/core/matching/index.ts';
import { addUserFilm, readMatcherIndex, writeMatcherIndex, type AfterpartyDb } from '../../src/db/index.ts';
import { freshDb } from '../db/fake-db.ts';

const readyOf = (db: AfterpartyDb) => async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));

/** A worker's life over `db`: its own cache, as a woken worker starts with. */
const wake = (db: AfterpartyDb) => titleMatcherCache(db, readyOf(db));

/** Until the worker's quiet moment has come and the matcher built in it is written. */
async function stored(titles: ReturnType<typeof wake>, count = 1): Promise<void> {
  for (let i = 0; i < 200 && titles.counts.stored < count; i++) await new Promise((done) => setTimeout(done, 25));
  expect(titles.counts.stored).toBe(count);
}

/** console.warn's lines from now to the end of the test, not printed. */
function quiet(): unknown[][] {
  const warnings: unknown[][] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args);
  onTestFinished(() => void (console.warn = warn));
  return warnings;
}

const TEXT = 'After Fugitive Pieces we went on to Burn After Reading.';
const surfaces = async (titles: ReturnType<typeof wake>) =>
  (await titles.get()).find({ text: TEXT }).map((m) => m.surface);

describe('the stored matcher', () => {
  it('is written once after a build, and read back by the next worker instead of compiling', async () => {
    const db = freshDb();
    const first = wake(db);
    const expected = await surfaces(first);
    expect(expected).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(first.counts).toMatchObject({ compiled: 1, loaded: 0 });
    await stored(first);
    const row = await readMatcherIndex(db);
    expect(row?.print).toBe(await catalogPrint(db));
    expect(row?.bytes).toBeGreaterThan(1_000);
    // Node has no private file system: the bytes are the row's, one buffer, as the file would hold them.
    expect(row?.stored).toBeInstanceOf(ArrayBuffer);
    expect((row?.stored as ArrayBuffer).byteLength).toBe(row?.bytes);

    const second = wake(db);
    expect(await surfaces(second)).toEqual(expected);
    expect(second.counts).toMatchObject({ compiled: 0, loaded: 1, rebuilt: 0 });
    // The titles it was built from are read when asked for, still without compiling.
    const { sources } = await second.catalog();
    expect(sources.map((f) => f.title)).toContain('Fugitive Pieces');
    expect(second.counts.compiled).toBe(0);
  });

  it('read back, gives the warm-up its sample of the catalog’s films', async () => {
    const db = freshDb();
    const first = wake(db);
    await first.get();
    await stored(first);
    const loaded = await loadStoredMatcher(indexBytes(db), catalogPrint(db));
    if (!loaded?.matcher) throw new Error('the stored matcher was not read back');
    const sample = loaded.warmUpSources();
    const titles = (await titleSources(db)).map((f) => f.title);
    expect(sample.length).toBeGreaterThan(0);
    expect(sample.length).toBe(titles.length);
    expect(sample.map((f) => f.title)).toEqual(titles);
  });

  it('is read while the word lists and their print are made, and read back whether its bytes come before or after them', async () => {
    const db = freshDb();
    const first = wake(db);
    const expected = await surfaces(first);
    await stored(first);
    const store = indexBytes(db);
    for (const ticks of [0, 1, 5]) {
      let timerRan = false;
      let askedBeforeAnyTimer: boolean | null = null;
      const later: typeof store = {
        ...store,
        async read() {
          askedBeforeAnyTimer = !timerRan;
          for (let i = 0; i < ticks; i++) await new Promise((done) => setTimeout(done, 0));
          return store.read();
        },
      };
      setTimeout(() => void (timerRan = true), 0);
      const loaded = await loadStoredMatcher(later, catalogPrint(db));
      // The read is asked for first: the lists wait in tasks of their own, not the read for them.
      expect(askedBeforeAnyTimer).toBe(true);
      if (!loaded?.matcher) throw new Error(`not read back (bytes after ${ticks} tasks)`);
      expect(loaded.matcher.find({ text: TEXT }).map((m) => m.surface)).toEqual(expected);
    }
  });

  it('of another catalog (a film added since) is built again, and the new one stored', async () => {
    const db = freshDb();
    const first = wake(db);
    await first.get();
    await stored(first);
    await addUserFilm(db, { title: 'Zorblax Quintep', aliases: [], year: null, directors: [] });

    const second = wake(db);
    const found = (await second.get()).find({ text: 'We saw Zorblax Quintep.' }).map((m) => m.surface);
    expect(found).toEqual(['Zorblax Quintep']);
    expect(second.counts).toMatchObject({ compiled: 1, loaded: 0, rebuilt: 1 });
    await stored(second);
    expect((await readMatcherIndex(db))?.print).toBe(await catalogPrint(db));
    // Positive control: the next worker reads that one.
    const third = wake(db);
    expect((await third.get()).find({ text: 'We saw Zorblax Quintep.' })).toHaveLength(1);
    expect(third.counts).toMatchObject({ compiled: 0, loaded: 1 });
  });

  it('is dropped on install or update (the matching code may have changed), before anything reads it', async () => {
    const db = freshDb();
    const first = wake(db);
    await first.get();
    await stored(first);
    const second = wake(db);
    second.discardStored();
    expect(await surfaces(second)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(second.counts).toMatchObject({ compiled: 1, loaded: 0 });
    // Positive control: it is written again, and read by the worker after.
    await stored(second);
    const third = wake(db);
    await third.get();
    expect(third.counts).toMatchObject({ compiled: 0, loaded: 1 });
  });

  it('of a format before (as format 5 laid out the trie: a first child and a next sibling by node) is built again and replaced', async () => {
    const db = freshDb();
    const first = wake(db);
    await first.get();
    await stored(first);
    const row = (await readMatcherIndex(db))!;
    const packed = unpack(row.stored) as { stored: { format: number; graph: { root: unknown } } };
    // The main trie as format 5 laid it out (a first child by node, no end for the last, and a
    // next sibling by node), labelled as the format before this one.
    const trie = (packed.stored.graph.root as { f: { index: { f: { trie: { f: Record<string, unknown> } } } } }).f.index
      .f.trie.f;
    const firstChild = trie.firstChild as Int32Array;
    trie.firstChild = firstChild.slice(0, firstChild.length - 1);
    trie.nextSibling = new Int32Array(firstChild.length - 1);
    const old = { ...packed, stored: { ...packed.stored, format: STORED_INDEX_FORMAT - 1 } };
    const warnings = quiet();
    await writeMatcherIndex(db, { print: row.print, stored: pack(old), bytes: 0 });

    const second = wake(db);
    expect(await surfaces(second)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(second.counts).toMatchObject({ compiled: 1, loaded: 0, rebuilt: 1 });
    expect(String(warnings[0]?.[0])).toMatch(/not usable \(format\)/);
    // Positive controls: the same file labelled with this format is refused as damaged (its
    // nodes not this format's), and the one written again is read by the next worker.
    await writeMatcherIndex(db, {
      print: row.print,
      stored: pack({ ...old, stored: { ...old.stored, format: STORED_INDEX_FORMAT } }),
      bytes: 0,
    });
    const third = wake(db);
    await third.get();
    expect(third.counts).toMatchObject({ compiled: 1, loaded: 0, rebuilt: 1 });
    expect(String(warnings[1]?.[0])).toMatch(/not usable \(damaged: a trie without its nodes\)/);
    await stored(third);
    const next = wake(db);
    expect(await surfaces(next)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(next.counts).toMatchObject({ compiled: 0, loaded: 1 });
  });

  it('damaged (a row of the right catalog that is not an index) is built again and replaced', async () => {
    const db = freshDb();
    await readyOf(db)();
    const print = await catalogPrint(db);
    const warnings = quiet();
    await writeMatcherIndex(db, {
      print,
      stored: { format: STORED_INDEX_FORMAT, lexicon: lexiconPrint(defaultLexicon()), graph: { strings: 3 } },
      bytes: 0,
    });

    const titles = wake(db);
    expect(await surfaces(titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(titles.counts).toMatchObject({ compiled: 1, loaded: 0, rebuilt: 1 });
    expect(String(warnings[0]?.[0])).toMatch(/not usable \(damaged/);
    await stored(titles);
    const next = wake(db);
    expect(await surfaces(next)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(next.counts).toMatchObject({ compiled: 0, loaded: 1 });
  });

  it('damaged inside a name list the probe does not read: serves without it, told when a page reaches it, dropped, built by the next worker', async () => {
    const db = freshDb();
    const first = wake(db);
    await first.get();
    await stored(first);
    const row = (await readMatcherIndex(db))!;
    type Names = { at: { len: Uint8Array; base: Int32Array }; ids: Int32Array };
    type Graph = { root: { f: { index: { f: { trie: { f: { names: Names } } } } } } };
    const packed = unpack(row.stored) as { stored: { graph: Graph; probe: { text: string } } };
    // The trie node where "Fugitive Pieces" ends, found in a copy read back; not in the probe's text.
    expect(packed.stored.probe.text).not.toContain('Fugitive Pieces');
    const read = readIndex((unpack(row.stored) as typeof packed).stored, defaultLexicon());
    if (!read.ok) throw new Error(read.reason);
    const { trie, vocabulary } = read.compiled.index;
    const node = trie.child(trie.rootChild(vocabulary.idOf('fugitive')), vocabulary.idOf('pieces'));
    expect(trie.namesAt(node)?.map((n) => n.words.join(' '))).toEqual(['fugitive pieces']);
    const names = packed.stored.graph.root.f.index.f.trie.f.names;
    // The list's place: where its block of 16 lists begins, and the lengths of those before it.
    const { len, base } = names.at;
    let place = base[Math.floor(node / 16)]!;
    for (let k = node - (node % 16); k < node; k++) place += len[k]!;
    names.ids[place] = 1e6;
    await writeMatcherIndex(db, { print: row.print, stored: pack(packed), bytes: 0 });
    const warnings = quiet();

    const second = wake(db);
    expect(await surfaces(second)).toEqual(['Burn After Reading']);
    expect(second.counts).toMatchObject({ compiled: 0, loaded: 1 });
    expect(String(warnings[0]?.[0])).toMatch(/stored matcher is damaged \(stored graph: no record 1000000\)/);
    for (let i = 0; i < 200 && (await readMatcherIndex(db)); i++) await new Promise((done) => setTimeout(done, 25));
    expect(await readMatcherIndex(db)).toBeUndefined();
    // Positive control: the next worker builds, finds both, and stores again.
    const third = wake(db);
    expect(await surfaces(third)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(third.counts).toMatchObject({ compiled: 1, loaded: 0 });
    await stored(third);
  });

  it('cut short (a write that never ended) is refused as damaged and built again', async () => {
    const db = freshDb();
    const first = wake(db);
    await first.get();
    await stored(first);
    const row = (await readMatcherIndex(db))!;
    const whole = row.stored as ArrayBuffer;
    await writeMatcherIndex(db, { print: row.print, stored: whole.slice(0, whole.byteLength >> 1), bytes: 0 });
    const warnings = quiet();

    const titles = wake(db);
    expect(await surfaces(titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(titles.counts).toMatchObject({ compiled: 1, loaded: 0, rebuilt: 1 });
    expect(String(warnings[0]?.[0])).toMatch(/not usable \(damaged/);
    // Positive control: the whole buffer, put back, is read.
    await writeMatcherIndex(db, { print: row.print, stored: whole, bytes: whole.byteLength });
    const next = wake(db);
    expect(await surfaces(next)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(next.counts).toMatchObject({ compiled: 0, loaded: 1 });
  });

  it('not written on a full disk: logged, the matcher in memory serves, nothing else is lost', async () => {
    const db = freshDb();
    // The disk is full for the matcher's table only: IndexedDB's own QuotaExceededError, from below Dexie.
    db.use({
      stack: 'dbcore',
      name: 'full-disk',
      create: (down: DBCore): DBCore => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'matcherIndex') return table;
          return {
            ...table,
            mutate: (req) =>
              req.type === 'put'
                ? Promise.reject(new DOMException('The disk is full', 'QuotaExceededError'))
                : table.mutate(req),
          };
        },
      }),
    });
    const warnings = quiet();
    {
      const titles = wake(db);
      expect(await surfaces(titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
      for (let i = 0; i < 200 && warnings.length === 0; i++) await new Promise((done) => setTimeout(done, 25));
      expect(String(warnings[0]?.[0])).toMatch(/could not be stored; it is kept in memory/);
      expect(titles.counts.stored).toBe(0);
      expect(await surfaces(titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
      expect(await readMatcherIndex(db)).toBeUndefined();
      expect(await db.feeds.get(DEFAULT_FEED_ID)).toBeDefined();
      expect(await db.films.where('feedId').equals(DEFAULT_FEED_ID).count()).toBeGreaterThan(0);
      // The next worker builds, as it did before anything was stored.
      const next = wake(db);
      expect(await surfaces(next)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
      expect(next.counts).toMatchObject({ compiled: 1, loaded: 0 });
    }
  });
});

describe('the stored matcher read at the worker’s start (begin)', () => {
  /** A worker's life whose default-feed check is counted (the early read's first step, index.ts). */
  const counted = (db: AfterpartyDb, fail = 0) => {
    const calls = { ready: 0 };
    const ready = readyOf(db);
    const titles = titleMatcherCache(db, async () => {
      calls.ready++;
      if (calls.ready <= fail) throw new Error('storage unavailable');
      await ready();
    });
    return { titles, calls };
  };
  /** Until the stored matcher's read and decoding, begun or not, have had time to end. */
  const settle = async () => {
    for (let i = 0; i < 10; i++) await new Promise((done) => setTimeout(done, 5));
  };
  const storedDb = async () => {
    const db = freshDb();
    const first = wake(db);
    await first.get();
    await stored(first);
    return db;
  };

  it('is the first request’s: begun and done before it, or still under way, it is not read again', async () => {
    const db = await storedDb();
    const done = counted(db);
    done.titles.begin();
    await settle();
    expect(done.calls.ready).toBe(1);
    expect(done.titles.counts).toMatchObject({ compiled: 0, loaded: 0 });
    expect(await surfaces(done.titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(done.calls.ready).toBe(1);
    expect(done.titles.counts).toMatchObject({ compiled: 0, loaded: 1 });

    const underWay = counted(db);
    underWay.titles.begin();
    underWay.titles.begin(); // a second call reads nothing more
    expect(await surfaces(underWay.titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(underWay.calls.ready).toBe(1);
    expect(underWay.titles.counts).toMatchObject({ compiled: 0, loaded: 1 });

    // Positive control: the count sees a read. A forgotten matcher is read again by the next request.
    underWay.titles.forget();
    await underWay.titles.get();
    expect(underWay.calls.ready).toBe(2);
    expect(underWay.titles.counts).toMatchObject({ compiled: 0, loaded: 2 });
  });

  it('compiles nothing and writes nothing until a request asks (a wake by an alarm)', async () => {
    const db = freshDb();
    const { titles, calls } = counted(db);
    titles.begin();
    await settle();
    expect(calls.ready).toBe(1);
    expect(titles.counts).toMatchObject({ compiled: 0, loaded: 0, stored: 0 });
    expect(await readMatcherIndex(db)).toBeUndefined();
    // Positive control: the request compiles, on the print read early, and the matcher is written.
    expect(await surfaces(titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(calls.ready).toBe(1);
    expect(titles.counts).toMatchObject({ compiled: 1, loaded: 0 });
    await stored(titles);
  });

  it('failed, is read again by the next request, which it does not fail', async () => {
    const db = await storedDb();
    const { titles, calls } = counted(db, 1);
    titles.begin();
    await settle();
    expect(calls.ready).toBe(1);
    expect(await surfaces(titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(calls.ready).toBe(2);
    expect(titles.counts).toMatchObject({ compiled: 0, loaded: 1 });
  });

  it('failed while a request waited on it: that request fails, the next reads again', async () => {
    const db = await storedDb();
    const { titles, calls } = counted(db, 1);
    titles.begin();
    await expect(titles.get()).rejects.toThrow('storage unavailable');
    expect(calls.ready).toBe(1);
    expect(await surfaces(titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(calls.ready).toBe(2);
  });

  it('of a catalog changed during the read is dropped by the recheck, and the stored matcher built again', async () => {
    const db = await storedDb();
    const text = 'We saw Zorblax Quintep.';
    const film = { title: 'Zorblax Quintep', aliases: [], year: null, directors: [] };

    // Positive control: without the recheck, the early read serves the catalog it read.
    const unchecked = wake(db);
    unchecked.begin();
    await settle();
    await addUserFilm(db, film);
    expect((await unchecked.get()).find({ text })).toEqual([]);
    expect(unchecked.counts).toMatchObject({ compiled: 0, loaded: 1 });

    const db2 = await storedDb();
    const checked = wake(db2);
    checked.begin();
    await settle();
    await addUserFilm(db2, film);
    await checked.recheck();
    expect((await checked.get()).find({ text }).map((m) => m.surface)).toEqual(['Zorblax Quintep']);
    expect(checked.counts).toMatchObject({ compiled: 1, loaded: 0, rebuilt: 1 });

    // A recheck that finds the catalog as it was keeps the early read.
    await stored(checked);
    const kept = wake(db2);
    kept.begin();
    await kept.recheck();
    expect((await kept.get()).find({ text })).toHaveLength(1);
    expect(kept.counts).toMatchObject({ compiled: 0, loaded: 1, rebuilt: 0 });
  });

  it('is dropped on install or update, before any request reads it', async () => {
    const db = await storedDb();
    const titles = wake(db);
    titles.begin();
    titles.discardStored();
    expect(await surfaces(titles)).toEqual(['Fugitive Pieces', 'Burn After Reading']);
    expect(titles.counts).toMatchObject({ compiled: 1, loaded: 0 });
  });
});
