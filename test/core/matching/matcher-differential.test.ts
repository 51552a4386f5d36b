// The fast matcher (trie walks, censored buckets, deletion indexes for typos) must find exactly
// what the slow reference matcher finds, on random catalogs and random pages built to hit the
// hard cases: shared titles, prefixes of other titles, censored words, typos, case, accents,
// dashes, quotes, "&", emphasis and links.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMatcher, type TextSpan, type TitleSource } from '../../../src/core/matching/matcher.ts';
import { referenceMatch } from './reference-matcher.ts';

const VOCABULARY = [
  'crash',
  'home',
  'up',
  'her',
  'young',
  'people',
  'fucking',
  'valley',
  'elah',
  'in',
  'the',
  'of',
  'a',
  'amélie',
  'léon',
  'roma',
  'happy',
  'go',
  'lucky',
  'burn',
  'after',
  'reading',
  'medicine',
  'for',
  'melancholy',
  'poor',
  'boy',
  's',
  'game',
  'transamerica',
  'millionaire',
  '1917',
  '35',
  'rhums',
  'and',
  'ça',
  'juno',
  'awards',
  'große',
  'i̇klimler',
  'おくりびと',
  'wrestler',
  'hurt',
  'locker',
];
const TITLE_GLUE = [' ', ' ', ' ', '-', "'", ', ', ' & ', ': '];
const TEXT_GLUE = [
  ' ',
  ' ',
  ' ',
  ' ',
  '  ',
  '\n',
  '-',
  '–',
  ', ',
  '. ',
  ': ',
  ' “',
  '” ',
  "'",
  '’',
  ' & ',
  ' and ',
  ' 🎬 ',
  '\u00a0',
  '*',
];
const YEARS = [null, 1996, 2004, 2008];
const DIRECTORS = ['Paul Haggis', 'David Cronenberg', 'Ursula Meier', 'Mike Leigh'];

const word = fc.constantFrom(...VOCABULARY);

const title = fc
  .tuple(
    fc.array(word, { minLength: 1, maxLength: 4 }),
    fc.array(fc.constantFrom(...TITLE_GLUE), { minLength: 3, maxLength: 3 }),
  )
  .map(([words, glue]) => words.map((w, i) => (i === 0 ? w : `${glue[i % glue.length]}${w}`)).join(''));

const catalog = fc
  .array(
    fc.record({
      title,
      aliases: fc.array(title, { maxLength: 2 }),
      year: fc.constantFrom(...YEARS),
      directors: fc.subarray(DIRECTORS, { maxLength: 1 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((films): TitleSource[] => films.map((f, i) => ({ id: `f${i}`, ...f })));

const capitalise = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

type Shape = 'lower' | 'title' | 'upper';
type Change = 'as is' | 'censor' | 'typo' | 'strip accents' | 'decompose';

/** A word as a page might spell it. */
function spell(w: string, shape: Shape, change: Change, n: number): string {
  let out = w;
  if (change === 'censor' && out.length > 2)
    out = out[0] + '*'.repeat(1 + (n % (out.length - 2))) + out[out.length - 1];
  if (change === 'typo' && out.length > 3) {
    const i = 1 + (n % (out.length - 2));
    const kind = n % 4;
    if (kind === 0) out = out.slice(0, i) + out.slice(i + 1);
    else if (kind === 1) out = out.slice(0, i) + (out[i + 1] ?? '') + (out[i] ?? '') + out.slice(i + 2);
    else if (kind === 2) out = out.slice(0, i) + 'x' + out.slice(i);
    else out = out.slice(0, i) + 'q' + out.slice(i + 1);
  }
  if (change === 'strip accents') out = out.normalize('NFD').replace(/\p{Mn}/gu, '');
  if (change === 'decompose') out = out.normalize('NFD');
  return shape === 'upper' ? out.toUpperCase() : shape === 'title' ? capitalise(out) : out;
}

const piece = fc.record({
  title: fc.boolean(),
  pick: fc.nat(),
  word: fc.oneof(word, fc.constantFrom('Haggis', 'Cronenberg', '2004', '1996', 'Geoffrey', 'Sign', 'I')),
  shape: fc.constantFrom<Shape>('lower', 'title', 'upper', 'title', 'title'),
  change: fc.constantFrom<Change>('as is', 'as is', 'as is', 'censor', 'typo', 'strip accents', 'decompose'),
  changed: fc.nat(),
  n: fc.nat(),
  glue: fc.constantFrom(...TEXT_GLUE),
  ownGlue: fc.boolean(),
});
type Piece = typeof piece extends fc.Arbitrary<infer T> ? T : never;

/** A page: catalog titles (one word perhaps changed) and loose words, glued by punctuation. */
function write(
  films: TitleSource[],
  pieces: Piece[],
  spans: Array<[number, number, boolean]>,
): { text: string; marks: TextSpan[] } {
  const names = films.flatMap((f) => [f.title, ...f.aliases]);
  let text = '';
  for (const p of pieces) {
    if (p.title) {
      const parts = (names[p.pick % names.length] ?? '').split(/([ ,&:'-]+)/);
      const words = parts.filter((_, i) => i % 2 === 0);
      const target = p.changed % Math.max(1, words.length);
      text += parts
        .map((part, i) => {
          if (i % 2 === 1) return p.ownGlue ? part : p.glue;
          return spell(part, p.shape, i / 2 === target ? p.change : 'as is', p.n);
        })
        .join('');
    } else {
      text += spell(p.word, p.shape, p.change, p.n);
    }
    text += p.glue;
  }
  const marks: TextSpan[] = spans.map(([at, length, link]) => {
    const start = at % Math.max(1, text.length);
    const end = Math.min(text.length, start + length);
    return link ? { start, end, link } : { start, end };
  });
  return { text, marks };
}

const spans = fc.array(fc.tuple(fc.nat(), fc.nat({ max: 30 }), fc.boolean()), { maxLength: 4 });

describe('fast matcher vs reference matcher', () => {
  it('finds the same titles, spans and film order on random pages', () => {
    let found = 0;
    fc.assert(
      fc.property(
        catalog,
        fc.array(fc.tuple(fc.array(piece, { minLength: 1, maxLength: 12 }), spans), { minLength: 1, maxLength: 4 }),
        (films, pages) => {
          const fast = compileMatcher(films);
          for (const [pieces, marks] of pages) {
            const block = write(films, pieces, marks);
            const expected = referenceMatch(films, block);
            expect(fast.find(block)).toEqual(expected);
            found += expected.length;
          }
        },
      ),
      { numRuns: 500 },
    );
    // The generator must actually produce titles to find, or the comparison proves nothing.
    expect(found).toBeGreaterThan(500);
  });

  it('agrees on pages made of the catalog’s own titles', () => {
    fc.assert(
      fc.property(
        catalog,
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(' ', ', ', ' and ', '. '),
        (films, picks, glue) => {
          const names = films.flatMap((f) => [f.title, ...f.aliases]);
          const text = `We saw ${picks.map((p) => names[p % names.length]).join(glue)} at the festival.`;
          const fast = compileMatcher(films).find({ text });
          expect(fast).toEqual(referenceMatch(films, { text }));
        },
      ),
      { numRuns: 300 },
    );
  });
  // Found by seeds 40 and 61: one match naming films of different names, ordered by the year beside it.
  it.each([
    [
      'a space for a colon',
      [
        ['f0', 'juno boy', null],
        ['f1', 'juno: boy', 2004],
      ],
      '2004 juno boy',
    ],
    [
      'a censored word on the page',
      [
        ['f0', 'game', null],
        ['f1', 'große', 1996],
      ],
      'crash G*e 1996 crash',
    ],
  ] as const)('orders films of different names by their clues: %s', (_, rows, text) => {
    const films = rows.map(([id, title, year]) => ({ id, title, aliases: [], year, directors: [] }));
    const fast = compileMatcher(films).find({ text });
    expect(fast.map((m) => m.filmIds)).toEqual([['f1', 'f0']]);
    expect(fast).toEqual(referenceMatch(films, { text }));
  });
});
