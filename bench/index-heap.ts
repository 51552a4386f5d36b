// Index build time and retained heap, measured in a process of its own started with
// --expose-gc (matcher.bench.ts runs it): the heap the compiled matcher keeps alive after two
// full collections, for 10,000 films with aliases. Prints one JSON line.
import { compileMatcher, type Matcher } from '../src/core/matching/index.ts';
import { films } from './catalog.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const collect = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

// Warm up the compiler's code (as a content script's second page would) and the fold tables.
for (let i = 0; i < 5; i++) compileMatcher(films).find({ text: 'warm up Amélie' });

const kept: Matcher[] = [];
const times: number[] = [];
const heaps: number[] = [];
for (let i = 0; i < 7; i++) {
  const before = collect();
  const t0 = performance.now();
  const matcher = compileMatcher(films);
  times.push(performance.now() - t0);
  kept.push(matcher);
  heaps.push((collect() - before) / (1024 * 1024));
}
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);
console.log(
  JSON.stringify({
    titles: kept[0]!.size,
    buildMsMin: sorted(times)[0],
    buildMsMedian: sorted(times)[3],
    heapMBMedian: sorted(heaps)[3],
    heapMBMax: sorted(heaps)[6],
  }),
);
