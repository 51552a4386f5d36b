// Typos where the catalog is wide: a word after which dozens of titles go on ("Sorrentino …"),
// and a last word dozens of titles share ("… Nightfall"). Under a wide node typo.ts asks the
// catalog words near the typed one (typo-filter.ts's neighbours) instead of a map of every
// child's deletions, so the same matches as the reference matcher, and the same hits in the
// order the map gave them, are what shows it lost none.
import { describe, expect, it } from 'vitest';
import { compileTitles, matcherOf, type TitleSource } from '../../../src/core/matching/matcher.ts';
import { scanTokens } from '../../../src/core/matching/fold-scan.ts';
import { TokenTable } from '../../../src/core/matching/token-table.ts';
import { CENSORED_STEPS_PER_BLOCK, type TrieHit } from '../../../src/core/matching/trie-walk.ts';
import { walkTypos } from '../../../src/core/matching/typo.ts';
import { referenceMatch } from './reference-matcher.ts';
import { film } from './title-source.ts';

const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'to', 'sa', 'vel', 'dor', 'qui', 'bra'];
/** Thirty distinct words of three syllables ("kalomi", "kalorren", …). */
const WORDS = Array.from({ length: 30 }, (_, i) => {
  const a = SYLLABLES[i % 10]!;
  const b = SYLLABLES[(i * 3 + 1) % 10]!;
  const c = SYLLABLES[Math.floor(i / 10) + 5]!;
  return a + b + c;
});
const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
const LONG = `Quin${'tessential'.repeat(6)}`; // 64 letters: past the hashes' reach
// 60 letters: with "xy", a 62-letter title word the filter holds, typed one letter short.
const LONGEST_HASHED = `Quin${'tessential'.repeat(5)}issimo`;

const films: TitleSource[] = [
  ...WORDS.map((w, i) => film(`s${i}`, `Sorrentino ${cap(w)}`)),
  ...WORDS.map((w, i) => film(`n${i}`, `${cap(w)} Nightfall`)),
  // Children one edit from each other: a typed word may be near both.
  film('cartel', 'Sorrentino Cartel'),
  film('carpel', 'Sorrentino Carpel'),
  film('cartel-n', 'Cartel Nightfall'),
  film('carpel-n', 'Carpel Nightfall'),
  // A title word that is itself one edit from another title's word: a typo that the vocabulary knows.
  film('lantern', 'Sorrentino Lantern'),
  film('lanterm', 'Lanterm Odyssey'),
  film('lantern-n', 'Lantern Nightfall'),
  film('long', `Sorrentino ${LONG}`),
  film('long-n', `${LONG} Nightfall`),
  film('longest', `Sorrentino ${LONGEST_HASHED}xy`),
  film('longest-n', `${LONGEST_HASHED}xy Nightfall`),
  // "Sarden" is near both; the map gave "garden" first (by "arden", its first deletion), then "sadden".
  film('sadden', 'Sorrentino Sadden'),
  film('garden', 'Sorrentino Garden'),
];

/** One typo in `word`, of kind `k`: a letter changed, dropped, added, or two swapped. */
function typo(word: string, k: number): string {
  const at = 1 + (k % (word.length - 2));
  switch (k % 4) {
    case 0:
      return word.slice(0, at) + (word[at] === 'x' ? 'y' : 'x') + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + 'e' + word.slice(at);
    default:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  }
}

const pages: string[] = [
  ...WORDS.map((w, i) => `We saw Sorrentino ${cap(typo(w, i))} last night.`),
  ...WORDS.map((w, i) => `Then ${cap(typo(w, i + 1))} Nightfall, late.`),
  'Sorrentino Carbel and Carbel Nightfall, both near two titles.',
  'Sorrentino Lanterm, and Lanterm Nightfall, and Lantern Odyssey.',
  `Sorrentino ${LONGEST_HASHED}x and ${LONGEST_HASHED}y Nightfall.`,
  'Sorrentino Sarden, twice: Sorrentino Sarden.',
  `Sorrentino ${WORDS[3]} and ${WORDS[4]} Nightfall, exact.`,
];
/** Typed words too long for typo-filter.ts's hashes: the variants maps' turn. */
const longPage = `Sorrentino ${typo(LONG, 5)} and ${typo(LONG, 9)} Nightfall.`;

describe('typos under a word many titles go on from, and before a word many titles end with', () => {
  it('finds what the reference matcher finds, in its order', () => {
    const compiled = compileTitles(films);
    const matcher = matcherOf(compiled);
    let typos = 0;
    const titles = new Set(films.map((f) => f.title.toLowerCase()));
    const check = (text: string): void => {
      const found = matcher.find({ text });
      expect(found).toEqual(referenceMatch(films, { text }));
      typos += found.filter((m) => !titles.has(m.surface.toLowerCase())).length;
    };
    for (const text of pages) check(text);
    // Positive controls: the pages hold typo matches of both kinds; the wide node was asked by
    // near words, its variants map built only for a typed word past the hashes.
    expect(typos).toBeGreaterThan(2 * WORDS.length);
    const trie = compiled.typos.trie;
    expect(trie.childCount(trie.rootChild(compiled.index.vocabulary.words.indexOf('sorrentino')))).toBeGreaterThan(24);
    expect(compiled.typos.variants.size).toBe(0);
    check(longPage);
    expect(compiled.typos.variants.size).toBe(1);
    expect(typos).toBeGreaterThan(2 * WORDS.length + 1);
  });

  /** The film ids of each typo hit starting at the first word of `text`. */
  function typoHitsAtStart(text: string): string[][] {
    const { index, typos } = compileTitles(films);
    const t = new TokenTable();
    scanTokens(text, index.vocabulary, t);
    const hits: TrieHit[] = [];
    walkTypos(typos, t, 0, { censored: CENSORED_STEPS_PER_BLOCK }, hits);
    return hits.map((h) => h.names.flatMap((n) => n.filmIds));
  }

  it('walks a typed word’s near children in the order the variants map gave them', () => {
    expect(typoHitsAtStart('Sorrentino Sarden')).toEqual([['garden'], ['sadden']]);
  });

  it('gives the names a typed first word is near in the order of the shared list', () => {
    expect(typoHitsAtStart('Carbel Nightfall')).toEqual([['cartel-n', 'carpel-n']]);
  });

  it('reports a typed word near two titles as the reference does', () => {
    const matcher = matcherOf(compileTitles(films));
    const text = 'Sorrentino Carbel and Carbel Nightfall';
    const found = matcher.find({ text });
    expect(found.map((m) => m.surface)).toEqual(['Sorrentino Carbel', 'Carbel Nightfall']);
    expect(found).toEqual(referenceMatch(films, { text }));
  });
});
