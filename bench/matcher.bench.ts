// Title matching speed: a 10,000-title catalog with aliases over 1 MB and 5 MB of page text,
// against naive approaches measured in the same run. `npm run bench`; set BENCH_JSON=1 for a
// JSON line of the numbers.
//
// The baselines do less than the matcher (no accent, quote, dash or "&" folding, no censored
// forms, no typos, no evidence), so they are flattering to themselves.
import { afterAll, bench, describe } from 'vitest';
import { compileMatcher, type TitleSource } from '../src/core/matcher.ts';

const TITLES = 10_000;

/** A deterministic pseudo-random generator, so every run measures the same catalog and text. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const rand = random(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'to', 'sa', 'vel', 'dor', 'an', 'e', 'qui', 'bra', 'sol', 'ne', 'tur', 'ia', 'mé', 'zo'];
const invent = (): string => {
  let w = '';
  for (let n = 2 + Math.floor(rand() * 3); n > 0; n--) w += pick(SYLLABLES);
  return w;
};
const LEXICON = Array.from({ length: 3_000 }, invent);
const PROSE = `the of and a to in is was for on with as at by from that it his her party night film festival
premiere dinner guests director screening red carpet after went we they saw loved long line bar
hotel friday saturday toronto critic review best actor scene crowd drinks late music`.split(/\s+/);
const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

// Titles as festival catalogs have them: mostly distinctive words with the odd article or
// preposition ("The Last Night of Kalomi"), and 2% that are one everyday word ("Party").
const GLUE = ['the', 'of', 'a', 'in', 'and', 'night', 'party', 'last'];
const titleWords = (): string[] => {
  if (rand() < 0.02) return [pick(PROSE)];
  const words = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => (rand() < 0.3 ? pick(GLUE) : pick(LEXICON)));
  return words.length === 1 && GLUE.includes(words[0] as string) ? [pick(LEXICON)] : words;
};
const films: TitleSource[] = Array.from({ length: TITLES }, (_, i) => {
  const words = titleWords();
  const title = words.map(cap).join(' ');
  const aliases = rand() < 0.3 ? [Array.from({ length: 2 }, () => cap(pick(LEXICON))).join(' ')] : [];
  return { id: `f${i}`, title, aliases, year: 1950 + (i % 70), directors: [] };
});
const names = films.flatMap((f) => [f.title, ...f.aliases]);

/** Page text of about `bytes` characters, in paragraphs, with a title every ~40 words. */
function pageText(bytes: number): string[] {
  const blocks: string[] = [];
  let size = 0;
  while (size < bytes) {
    const words: string[] = [];
    for (let n = 40 + Math.floor(rand() * 80); n > 0; n--) {
      words.push(rand() < 0.025 ? pick(names) : rand() < 0.1 ? cap(pick(PROSE)) : pick(PROSE));
      if (rand() < 0.08) words[words.length - 1] += '.';
    }
    const block = words.join(' ');
    blocks.push(block);
    size += block.length + 1;
  }
  return blocks;
}

const MB = 1024 * 1024;
const page1 = pageText(MB);
const page5 = pageText(5 * MB);
const page100k = page1.slice(0, Math.ceil(page1.length / 10));
const page10k = page1.slice(0, Math.ceil(page1.length / 100));
const chars = (blocks: string[]): number => blocks.reduce((n, b) => n + b.length + 1, 0);

function median(runs: number, fn: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The usual naive pattern: ASCII word boundaries, case-insensitive. (A Unicode-aware
// boundary with lookbehind and the `u` flag was over 100 times slower still.)
const BOUNDED = (source: string, flags: string): RegExp => new RegExp(`\\b(?:${source})\\b`, flags);

// --- the contenders ---------------------------------------------------------------------
let sink = 0;
const matcher = compileMatcher(films);
const scan = (blocks: string[]): void => {
  for (const text of blocks) sink += matcher.find({ text }).length;
};
const lowerCase = (blocks: string[]): void => {
  for (const text of blocks) sink += text.toLowerCase().length;
};
const alternationSource = [...names].sort((a, b) => b.length - a.length).map(escape).join('|');
const alternation = BOUNDED(alternationSource, 'gi');
const alternationScan = (blocks: string[]): void => {
  for (const text of blocks) for (const _ of text.matchAll(alternation)) sink++;
};
const perTitle = names.map((n) => BOUNDED(escape(n), 'gi'));
const perTitleScan = (blocks: string[]): void => {
  for (const text of blocks) for (const re of perTitle) for (const _ of text.matchAll(re)) sink++;
};
const lowerNames = names.map((n) => n.toLowerCase());
const indexOfScan = (blocks: string[]): void => {
  for (const text of blocks) {
    const lower = text.toLowerCase();
    for (const name of lowerNames) for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) sink++;
  }
};

// --- one measured report, printed once ----------------------------------------------------
function heapAfter(build: () => unknown): { ms: number; heapMB: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const kept = build();
  const ms = performance.now() - t0;
  gc?.();
  const heapMB = (process.memoryUsage().heapUsed - before) / MB;
  sink += kept ? 1 : 0;
  return { ms, heapMB };
}

function report(): Record<string, number> {
  const builds = [0, 1, 2, 3, 4].map(() => heapAfter(() => compileMatcher(films)));
  const build = builds.sort((a, b) => a.ms - b.ms)[2] as { ms: number; heapMB: number };
  const alternationBuild = median(3, () => BOUNDED(alternationSource, 'gi').test('warm up'));
  const mbps = (blocks: string[], fn: (b: string[]) => void, runs: number): number => chars(blocks) / MB / (median(runs, () => fn(blocks)) / 1000);
  const ours1 = mbps(page1, scan, 5);
  const ours5 = mbps(page5, scan, 3);
  const lower1 = mbps(page1, lowerCase, 5);
  const lower5 = mbps(page5, lowerCase, 3);
  // The naive loops take seconds per 100 KB: measured on 100 KB and 10 KB.
  const alt1 = mbps(page100k, alternationScan, 3);
  const indexOf1 = mbps(page100k, indexOfScan, 1);
  const perTitle100k = mbps(page10k, perTitleScan, 1);
  const numbers = {
    titles: names.length,
    indexBuildMs: build.ms,
    indexHeapMB: build.heapMB,
    alternationRegExpBuildMs: alternationBuild,
    scanMBps1MB: ours1,
    scanMBps5MB: ours5,
    toLowerCaseMBps1MB: lower1,
    toLowerCaseMBps5MB: lower5,
    alternationRegExpMBps100KB: alt1,
    perTitleIndexOfMBps100KB: indexOf1,
    perTitleRegExpMBps10KB: perTitle100k,
    fasterThanAlternation: ours1 / alt1,
    fasterThanPerTitleIndexOf: ours1 / indexOf1,
    fasterThanPerTitleRegExp: ours1 / perTitle100k,
    slowerThanToLowerCase: lower1 / ours1,
    timeRatio5MBover1MB: ((chars(page5) / ours5) / (chars(page1) / ours1)),
  };
  const f = (n: number, d = 1): string => n.toFixed(d);
  console.log(
    [
      `Matcher bench: ${names.length} titles and aliases (${TITLES} films); ${f(chars(page1) / MB, 2)} MB and ${f(chars(page5) / MB, 2)} MB of text in ${page1.length} and ${page5.length} blocks`,
      `  index build          ${f(build.ms)} ms, ~${f(build.heapMB)} MB heap${(globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc: heap is approximate)'}`,
      `  afterparty matcher   ${f(ours1)} MB/s at 1 MB, ${f(ours5)} MB/s at 5 MB (5 MB takes ${f(numbers.timeRatio5MBover1MB, 2)}x the time of 1 MB; linear is 5x)`,
      `  toLowerCase ceiling  ${f(lower1)} MB/s at 1 MB, ${f(lower5)} MB/s at 5 MB: matcher is ${f(numbers.slowerThanToLowerCase)}x slower`,
      `  one alternation RegExp  ${f(alt1, 2)} MB/s on 100 KB (built in ${f(alternationBuild)} ms): matcher is ${f(numbers.fasterThanAlternation)}x faster`,
      `  per-title indexOf    ${f(indexOf1, 3)} MB/s on 100 KB: matcher is ${f(numbers.fasterThanPerTitleIndexOf)}x faster`,
      `  per-title RegExp     ${f(perTitle100k, 3)} MB/s on 10 KB: matcher is ${f(numbers.fasterThanPerTitleRegExp)}x faster`,
      `  modern-ahocorasick   not installed in this project; not measured`,
    ].join('\n'),
  );
  if (process.env.BENCH_JSON) console.log(JSON.stringify(numbers));
  return numbers;
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
  bench('per-title indexOf', () => indexOfScan(page10k), quick);
  bench('per-title RegExp', () => perTitleScan(page10k), quick);
});
