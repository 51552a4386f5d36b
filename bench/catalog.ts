// The benchmarks' catalog and page text, generated from a fixed seed so every run measures
// the same thing: 10,000 films (30% with an alias) and paragraphs of festival prose with a
// title every ~40 words. Shared by matcher.bench.ts, index-heap.ts and chromium.bench.ts.
import type { TitleSource } from '../src/core/matching/index.ts';

export const TITLES = 10_000;
export const MB = 1024 * 1024;

/** A deterministic pseudo-random generator. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const rand = random(42);
const pickWith = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
const pick = <T>(list: readonly T[]): T => pickWith(rand, list);

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'to',
  'sa',
  'vel',
  'dor',
  'an',
  'e',
  'qui',
  'bra',
  'sol',
  'ne',
  'tur',
  'ia',
  'mé',
  'zo',
];
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
const titleWords = (r = rand): string[] => {
  if (r() < 0.02) return [pickWith(r, PROSE)];
  const words = Array.from({ length: 1 + Math.floor(r() * 4) }, () =>
    r() < 0.3 ? pickWith(r, GLUE) : pickWith(r, LEXICON),
  );
  return words.length === 1 && GLUE.includes(words[0] as string) ? [pickWith(r, LEXICON)] : words;
};

export const films: TitleSource[] = Array.from({ length: TITLES }, (_, i) => {
  const words = titleWords();
  const title = words.map(cap).join(' ');
  const aliases = rand() < 0.3 ? [Array.from({ length: 2 }, () => cap(pick(LEXICON))).join(' ')] : [];
  return { id: `f${i}`, title, aliases, year: 1950 + (i % 70), directors: [] };
});

/** Every title and alias as written. */
export const names = films.flatMap((f) => [f.title, ...f.aliases]);

/** Page text of about `bytes` characters, in paragraphs, with a title every ~40 words. */
export function pageText(bytes: number): string[] {
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

/** Characters in blocks, counting one separator each. */
export const chars = (blocks: readonly string[]): number => blocks.reduce((n, b) => n + b.length + 1, 0);

/**
 * The scale catalog of issue 12: the 10,000 films above (so the page text names its titles)
 * and as many more again and again, from a stream of their own so the films above and the
 * page text stay what they are. Made on demand: 100,000 films are some 8 MB of feed.
 */
export function scaleFilms(count: number): TitleSource[] {
  const more = random(7);
  const extra = Array.from({ length: Math.max(0, count - films.length) }, (_, k): TitleSource => {
    const i = films.length + k;
    const title = titleWords(more).map(cap).join(' ');
    const aliases = more() < 0.3 ? [Array.from({ length: 2 }, () => cap(pickWith(more, LEXICON))).join(' ')] : [];
    return { id: `f${i}`, title, aliases, year: 1950 + (i % 70), directors: [] };
  });
  return [...films, ...extra];
}
