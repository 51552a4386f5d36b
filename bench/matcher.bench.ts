// Title matching speed: a 10,000-title catalog with aliases over 1 MB and 5 MB of page text,
// against naive approaches and modern-ahocorasick, all measured in the same run, and
// String.prototype.toLowerCase over the same text as the ceiling. `npm run bench` prints a
// report; `npm run bench -- --json` (BENCH_JSON=1) also prints the numbers as one JSON line.
//
// The matcher is timed as an esbuild bundle, as the content script and the worker ship it:
// through vitest's module transform every call from one of its modules into another goes
// through a module namespace getter, which made the same code about 1.5 times slower (60.8
// against 39.9 ms for 1 MB, same process). That figure is printed too (scanMBps1MBUnbundled).
//
// The baselines do less than the matcher (no accent, quote, dash or "&" folding, no censored
// forms, no typos, no evidence), so they are flattering to themselves. Scan rates are the best
// of several runs: on a shared machine the best run is the one least disturbed by others. The
// matcher gets as many runs at 5 MB as at 1 MB, so that the growth ratio compares like with like
// (with 3 runs against 7, a loaded machine made 5 MB look superlinear).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import AhoCorasick from 'modern-ahocorasick';
import { afterAll, bench, describe } from 'vitest';
import { compileMatcher as compileUnbundled } from '../src/core/matching/index.ts';
import { chars, films, MB, names, pageText, scaleFilms, TITLES } from './catalog.ts';

const page1 = pageText(MB);
const page5 = pageText(5 * MB);
const page2 = page5.slice(0, Math.ceil((page5.length * 2) / 5));
const page100k = page1.slice(0, Math.ceil(page1.length / 10));
const page10k = page1.slice(0, Math.ceil(page1.length / 100));

function best(runs: number, fn: () => void): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The usual naive pattern: ASCII word boundaries, case-insensitive. (A Unicode-aware
// boundary with lookbehind and the `u` flag was over 100 times slower still.)
const BOUNDED = (source: string, flags: string): RegExp => new RegExp(`\\b(?:${source})\\b`, flags);

type Matching = typeof import('../src/core/matching/index.ts');

/** src/core/matching bundled by esbuild, as build.mjs bundles it. */
async function bundledMatching(): Promise<Matching> {
  const dir = mkdtempSync(join(tmpdir(), 'afterparty-bench-'));
  const file = join(dir, 'matching.mjs');
  buildSync({
    entryPoints: ['src/core/matching/index.ts'],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    outfile: file,
    logLevel: 'warning',
  });
  try {
    return (await import(pathToFileURL(file).href)) as Matching;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// --- the contenders ---------------------------------------------------------------------
// Exported so the engine cannot drop the work whose result it holds.
export let sink = 0;
const bundled = await bundledMatching();
const matcher = bundled.compileMatcher(films);
// The same catalog stored as the worker stores it, packed into the bytes of its file
// (stored-bytes.ts) and unpacked as a woken worker does (issue 28): the matcher it uses, whose
// tables are views on those bytes.
const readBack = ((): ReturnType<typeof bundled.matcherOf> => {
  const lexicon = bundled.defaultLexicon();
  const compiled = bundled.compileTitles(films, lexicon);
  const built = bundled.matcherOf(compiled);
  const bytes = bundled.pack(bundled.storeIndex(compiled, lexicon, (text) => built.find({ text })));
  const read = bundled.readIndex(bundled.unpack(bytes), lexicon);
  if (!read.ok) throw new Error(`the stored index was not read back: ${read.reason}`);
  return bundled.matcherOf(read.compiled);
})();
// What the worker runs on a page's batches: the matches packed by the matcher itself
// (findPacked), against find's match objects packed afterwards, as the worker did before.
const BATCH_BLOCKS = 50;
const scanPacked = (blocks: string[]): void => {
  for (let b = 0; b < blocks.length; b += BATCH_BLOCKS) {
    const packer = new bundled.MatchPacker();
    for (let i = b; i < Math.min(blocks.length, b + BATCH_BLOCKS); i++)
      bundled.findPacked(matcher, { text: blocks[i]! }, packer);
    sink += packer.spans.length;
  }
};
const scanFindAndPack = (blocks: string[]): void => {
  for (let b = 0; b < blocks.length; b += BATCH_BLOCKS) {
    const found = blocks.slice(b, b + BATCH_BLOCKS).map((text) => matcher.find({ text }));
    sink += bundled.packMatches(found).spans.length;
  }
};
const scanReadBack = (blocks: string[]): void => {
  for (const text of blocks) sink += readBack.find({ text }).length;
};

/** What bench/index-wake.ts prints: a woken worker's read of the file, wall and CPU ms. */
interface WakeNumbers {
  bytes: number;
  readMs: number;
  unpackMs: number;
  decodeMs: number;
  probeMs: number;
  readCpuMs: number;
  unpackCpuMs: number;
  decodeCpuMs: number;
  probeCpuMs: number;
}

/** index-wake.ts run `runs` times over `file`, each in a new process: the run of least CPU in all. */
function wake(file: string, runs: number): WakeNumbers {
  const dir = mkdtempSync(join(tmpdir(), 'afterparty-bench-'));
  const script = join(dir, 'index-wake.mjs');
  buildSync({
    entryPoints: ['bench/index-wake.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: script,
    logLevel: 'warning',
  });
  try {
    const all = Array.from({ length: runs }, () => {
      const out = execFileSync(process.execPath, [script, file], { encoding: 'utf8' });
      return JSON.parse(out.trim().split('\n').pop() as string) as WakeNumbers;
    });
    const cpu = (w: WakeNumbers) => w.readCpuMs + w.unpackCpuMs + w.decodeCpuMs + w.probeCpuMs;
    return all.sort((a, b) => cpu(a) - cpu(b))[0]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * 100,000 films stored and packed as the worker writes its file (8 ms slices, the longest slice
 * and all of them), then read back as a woken worker does: unpacked, read back (readIndex's
 * checks) and the probe's first find, best of 3 in this process (whose heap holds the built
 * matcher too, and whose code is warm), and once in each of 3 new processes (index-wake.ts).
 */
function storedIndex100k(): {
  bytesMB: number;
  packedMB: number;
  unpackMs: number;
  decodeMs: number;
  firstFindMs: number;
  storeLongestSliceMs: number;
  storeBusyMs: number;
  wake: WakeNumbers;
} {
  const lexicon = bundled.defaultLexicon();
  const compiled = bundled.compileTitles(scaleFilms(100_000), lexicon);
  const built = bundled.matcherOf(compiled);
  const find = (text: string) => built.find({ text });
  let storeLongestSliceMs = 0;
  let storeBusyMs = 0;
  const timed = <T>(steps: Generator<void, T, void>): T => {
    for (;;) {
      const t0 = performance.now();
      const step = steps.next();
      const ms = performance.now() - t0;
      storeLongestSliceMs = Math.max(storeLongestSliceMs, ms);
      storeBusyMs += ms;
      if (step.done) return step.value;
    }
  };
  const stored = timed(bundled.storeIndexSteps(compiled, lexicon, find, 8));
  const packed = timed(bundled.packSteps({ print: 'bench', stored }, 8));
  let unpackMs = Infinity;
  let decodeMs = Infinity;
  let firstFindMs = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const tree = bundled.unpack(packed) as { stored: unknown };
    const t1 = performance.now();
    const read = bundled.readIndex(tree.stored, lexicon);
    const t2 = performance.now();
    if (!read.ok) throw new Error(`the stored index was not read back: ${read.reason}`);
    const back = bundled.matcherOf(read.compiled);
    if (!read.check((text) => back.find({ text }))) throw new Error('the stored index read back finds otherwise');
    unpackMs = Math.min(unpackMs, t1 - t0);
    decodeMs = Math.min(decodeMs, t2 - t1);
    firstFindMs = Math.min(firstFindMs, performance.now() - t2);
  }
  const dir = mkdtempSync(join(tmpdir(), 'afterparty-bench-'));
  const file = join(dir, 'matcher-index.bin');
  writeFileSync(file, new Uint8Array(packed));
  try {
    return {
      bytesMB: bundled.storedIndexBytes(stored) / MB,
      packedMB: packed.byteLength / MB,
      unpackMs,
      decodeMs,
      firstFindMs,
      storeLongestSliceMs,
      storeBusyMs,
      wake: wake(file, 3),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const scan = (blocks: string[]): void => {
  for (const text of blocks) sink += matcher.find({ text }).length;
};
const unbundled = compileUnbundled(films);
const scanUnbundled = (blocks: string[]): void => {
  for (const text of blocks) sink += unbundled.find({ text }).length;
};
const lowerCase = (blocks: string[]): void => {
  for (const text of blocks) sink += text.toLowerCase().length;
};
// The least any JavaScript scan can do: read every UTF-16 unit once.
const bareLoop = (blocks: string[]): void => {
  for (const text of blocks) {
    let spaces = 0;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 0x20) spaces++;
    sink += spaces;
  }
};
const alternationSource = [...names]
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|');
const alternation = BOUNDED(alternationSource, 'gi');
const alternationScan = (blocks: string[]): void => {
  for (const text of blocks) for (const _ of text.matchAll(alternation)) sink++;
};
const perTitle = names.map((n) => BOUNDED(escape(n), 'gi'));
const perTitleScan = (blocks: string[]): void => {
  for (const text of blocks) for (const re of perTitle) for (const _ of text.matchAll(re)) sink++;
};
// modern-ahocorasick over lower-cased titles and text (its own matching is case-sensitive),
// whole words by Intl.Segmenter, leftmost-longest as a highlighter needs.
const lowerNames = [...new Set(names.map((n) => n.toLowerCase()))];
let aho = new AhoCorasick(lowerNames);
const ahoScan = (blocks: string[]): void => {
  for (const text of blocks)
    sink += aho.search(text.toLowerCase(), { wholeWord: true, locale: 'en', strategy: 'leftmost-longest' }).length;
};

// --- one measured report, printed once ----------------------------------------------------
interface IndexNumbers {
  titles: number;
  buildMsMin: number;
  buildMsMedian: number;
  heapMBMedian: number;
  heapMBMax: number;
}

/**
 * Build time and retained heap, from a child process with --expose-gc (index-heap.ts),
 * bundled by esbuild as the content script is.
 */
function measureIndex(): IndexNumbers {
  const dir = mkdtempSync(join(tmpdir(), 'afterparty-bench-'));
  const file = join(dir, 'index-heap.mjs');
  buildSync({
    entryPoints: ['bench/index-heap.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: file,
    logLevel: 'warning',
  });
  try {
    const out = execFileSync(process.execPath, ['--expose-gc', file], { encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n').pop() as string) as IndexNumbers;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(): Record<string, unknown> {
  const index = measureIndex();
  const alternationBuild = best(3, () => BOUNDED(alternationSource, 'gi').test('warm up'));
  const ahoBuild = best(3, () => (aho = new AhoCorasick(lowerNames)));
  const mbps = (blocks: string[], fn: (b: string[]) => void, runs: number): number =>
    chars(blocks) / MB / (best(runs, () => fn(blocks)) / 1000);
  scan(page1); // warm
  const ours1 = mbps(page1, scan, 7);
  const ours2 = mbps(page2, scan, 7);
  const ours5 = mbps(page5, scan, 7);
  scanReadBack(page1); // warm
  const readBack1 = mbps(page1, scanReadBack, 7);
  scanPacked(page1); // warm
  scanFindAndPack(page1);
  const packed1 = mbps(page1, scanPacked, 7);
  const findAndPack1 = mbps(page1, scanFindAndPack, 7);
  const stored100k = storedIndex100k();
  scanUnbundled(page1); // warm
  const unbundled1 = mbps(page1, scanUnbundled, 7);
  const lower1 = mbps(page1, lowerCase, 7);
  const lower5 = mbps(page5, lowerCase, 3);
  const bare1 = mbps(page1, bareLoop, 7);
  // The naive loops take seconds per 100 KB: measured on 100 KB and 10 KB.
  const alt = mbps(page100k, alternationScan, 3);
  const ahoRate = mbps(page100k, ahoScan, 3);
  const perTitleRate = mbps(page10k, perTitleScan, 1);
  const numbers = {
    titles: names.length,
    distinctNames: index.titles,
    indexBuildMs: index.buildMsMedian,
    indexBuildMsBest: index.buildMsMin,
    indexHeapMB: index.heapMBMedian,
    alternationRegExpBuildMs: alternationBuild,
    modernAhoCorasickBuildMs: ahoBuild,
    scanMBps1MB: ours1,
    scanMBps2MB: ours2,
    scanMBps5MB: ours5,
    scanMBps1MBUnbundled: unbundled1,
    scanMBps1MBReadBack: readBack1,
    scanMBps1MBPacked: packed1,
    scanMBps1MBFindAndPack: findAndPack1,
    storedIndexMB100k: stored100k.bytesMB,
    storedIndexFileMB100k: stored100k.packedMB,
    storedIndexUnpackMs100kNode: stored100k.unpackMs,
    storedIndexDecodeMs100kNode: stored100k.decodeMs,
    storedIndexFirstFindMs100kNode: stored100k.firstFindMs,
    storedIndexStoreLongestSliceMs100kNode: stored100k.storeLongestSliceMs,
    storedIndexStoreBusyMs100kNode: stored100k.storeBusyMs,
    // A new process reading the file, as a woken worker: wall and CPU ms of each step.
    storedIndexWake100kNode: stored100k.wake,
    toLowerCaseMBps1MB: lower1,
    toLowerCaseMBps5MB: lower5,
    bareCharCodeAtLoopMBps1MB: bare1,
    alternationRegExpMBps100KB: alt,
    modernAhoCorasickMBps100KB: ahoRate,
    perTitleRegExpMBps10KB: perTitleRate,
    fasterThanAlternation: ours1 / alt,
    fasterThanModernAhoCorasick: ours1 / ahoRate,
    fasterThanPerTitleRegExp: ours1 / perTitleRate,
    slowerThanToLowerCase: lower1 / ours1,
    bareLoopSlowerThanToLowerCase: lower1 / bare1,
    timeRatio2MBover1MB: chars(page2) / ours2 / (chars(page1) / ours1),
    timeRatio5MBover1MB: chars(page5) / ours5 / (chars(page1) / ours1),
  };
  const f = (n: number, d = 1): string => n.toFixed(d);
  const ok = (pass: boolean): string => (pass ? 'meets' : 'MISSES');
  // Issue 12's targets.
  const targets = {
    scanMBps1MB: { target: '>= 30 MB/s', verdict: ok(ours1 >= 30) },
    bareLoopOverMatcher: { target: '<= 12x', verdict: ok(bare1 / ours1 <= 12) },
    timeRatio5MBover1MB: { target: '<= 5.5', verdict: ok(numbers.timeRatio5MBover1MB <= 5.5) },
    fasterThanAlternation: { target: '>= 10x', verdict: ok(numbers.fasterThanAlternation >= 10) },
    indexBuildMs: { target: '<= 50 ms', verdict: ok(index.buildMsMedian <= 50) },
    // Issue 28's.
    scanMBps1MB45: { target: '>= 45 MB/s', verdict: ok(ours1 >= 45) },
    bareLoopOverMatcher8: { target: '<= 8x', verdict: ok(bare1 / ours1 <= 8) },
    scanMBps1MBReadBack: { target: '>= 45 MB/s', verdict: ok(readBack1 >= 45) },
  };
  console.log(
    [
      `Matcher bench: ${names.length} titles and aliases (${TITLES} films, ${index.titles} distinct names); ${f(chars(page1) / MB, 2)}, ${f(chars(page2) / MB, 2)} and ${f(chars(page5) / MB, 2)} MB of text`,
      `  index build            ${f(index.buildMsMedian)} ms (best ${f(index.buildMsMin)}), ${f(index.heapMBMedian, 2)} MB heap retained (--expose-gc child process): ${targets.indexBuildMs.verdict} (<= 50 ms)`,
      `  afterparty matcher     ${f(ours1)} MB/s at 1 MB: ${targets.scanMBps1MB.verdict} (>= 30 MB/s); ${f(ours2)} at 2 MB, ${f(ours5)} at 5 MB (bundled; ${f(unbundled1)} at 1 MB through vitest's module transform)`,
      `  read back (issue 28)   ${f(readBack1)} MB/s at 1 MB with the matcher stored and read back: ${targets.scanMBps1MBReadBack.verdict} (>= 45 MB/s); at 1 MB the built one ${targets.scanMBps1MB45.verdict} issue 28's >= 45 MB/s and ${targets.bareLoopOverMatcher8.verdict} its <= 8x the bare loop`,
      `  packed (the worker's)  ${f(packed1)} MB/s at 1 MB in batches of ${BATCH_BLOCKS} blocks, ${f(bare1 / packed1)}x the bare loop; find, then packMatches: ${f(findAndPack1)} MB/s`,
      `  stored index, 100,000 films (Node)  ${f(stored100k.packedMB)} MB packed (${f(stored100k.bytesMB)} MB of tables); unpacked in ${f(stored100k.unpackMs)} ms, read back in ${f(stored100k.decodeMs)} ms, first find ${f(stored100k.firstFindMs)} ms (best of 3, warm); made and packed in 8 ms slices: longest ${f(stored100k.storeLongestSliceMs)} ms, ${f(stored100k.storeBusyMs)} ms in all`,
      `    woken (a new process, cold code; wall / CPU ms)  file read ${f(stored100k.wake.readMs)} / ${f(stored100k.wake.readCpuMs)}, unpacked ${f(stored100k.wake.unpackMs)} / ${f(stored100k.wake.unpackCpuMs)}, read back ${f(stored100k.wake.decodeMs)} / ${f(stored100k.wake.decodeCpuMs)}, probe ${f(stored100k.wake.probeMs)} / ${f(stored100k.wake.probeCpuMs)} (the least CPU of 3)`,
      `  growth                 2 MB takes ${f(numbers.timeRatio2MBover1MB, 2)}x and 5 MB ${f(numbers.timeRatio5MBover1MB, 2)}x the time of 1 MB: ${targets.timeRatio5MBover1MB.verdict} (5 MB <= 5.5x)`,
      `  one alternation RegExp ${f(alt, 2)} MB/s on 100 KB (built in ${f(alternationBuild)} ms): matcher is ${f(numbers.fasterThanAlternation)}x faster: ${targets.fasterThanAlternation.verdict} (>= 10x)`,
      `  modern-ahocorasick     ${f(ahoRate, 2)} MB/s on 100 KB (built in ${f(ahoBuild)} ms): matcher is ${f(numbers.fasterThanModernAhoCorasick)}x faster`,
      `  per-title RegExp loop  ${f(perTitleRate, 3)} MB/s on 10 KB: matcher is ${f(numbers.fasterThanPerTitleRegExp)}x faster`,
      `  toLowerCase ceiling    ${f(lower1)} MB/s at 1 MB, ${f(lower5)} at 5 MB: matcher is ${f(numbers.slowerThanToLowerCase)}x slower`,
      `  bare charCodeAt loop   ${f(bare1)} MB/s: the matcher is ${f(bare1 / ours1)}x slower: ${targets.bareLoopOverMatcher.verdict} (<= 12x)`,
    ].join('\n'),
  );
  if (process.env.BENCH_JSON) console.log(JSON.stringify({ ...numbers, targets }));
  return { ...numbers, targets };
}

afterAll(() => {
  report();
}, 600_000);

// --- vitest's own comparison, on 10 KB so the per-title loops finish ---------------------
const quick = { iterations: 3, time: 0, warmupIterations: 1, warmupTime: 0 };
describe('10,000 titles over 10 KB of text', () => {
  bench('afterparty matcher', () => scan(page10k), quick);
  bench('String.prototype.toLowerCase (ceiling)', () => lowerCase(page10k), quick);
  bench('one alternation RegExp', () => alternationScan(page10k), quick);
  bench('modern-ahocorasick', () => ahoScan(page10k), quick);
  bench('per-title RegExp', () => perTitleScan(page10k), quick);
});
