// Properties of the title matcher over generated catalogs and texts: it never throws, its
// matches are valid spans of the text, and its work (counted in trie lookups) grows with the text only. `find` swallows
// internal errors (a bug must not break the page), so "never throws" alone would prove little:
// the third property checks that titles placed in generated text are actually found.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMatcher, type TitleMatch } from '../../../src/core/matching/matcher.ts';
import { countTrieLookups } from './trie-lookups.ts';
import { film } from './title-source.ts';

// Trie lookups per character of a block, at most: a 40-word title's walk (MAX_WORDS in
// title-index.ts). Generated blocks take at most 2; a catastrophic case takes thousands.
const LOOKUPS_PER_CHAR = 40;

const anyText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  // Title-like pieces: words, censoring stars, quotes, dashes, ampersands, odd spaces.
  fc
    .array(
      fc.constantFrom(
        'Young',
        'People',
        'F***ing',
        'F***',
        '*',
        'the',
        'The',
        'of',
        'Valley',
        'Vallery',
        'Elah',
        'Crash',
        '&',
        'and',
        '“',
        '”',
        '"',
        "'",
        '’',
        '-',
        '–',
        '\u00A0',
        ' ',
        '\n',
        'Amélie',
        'AME\u0301LIE',
        'ß',
        'İ',
        '𝔄',
        '\u202E',
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(' ')),
);

const anyCatalog = fc
  .array(fc.record({ title: anyText, aliases: fc.array(anyText, { maxLength: 3 }) }), { maxLength: 15 })
  .map((entries) => entries.map((e, i) => film(`f${i}`, e.title, e.aliases)));

const anyMarks = fc.array(
  fc.record({ start: fc.integer({ min: -5, max: 300 }), end: fc.integer({ min: -5, max: 300 }) }),
  { maxLength: 5 },
);

function checkMatches(matches: TitleMatch[], text: string, ids: Set<string>): void {
  let previousEnd = 0;
  for (const m of matches) {
    expect(Number.isInteger(m.start) && Number.isInteger(m.end)).toBe(true);
    expect(m.start).toBeGreaterThanOrEqual(previousEnd);
    expect(m.end).toBeGreaterThan(m.start);
    expect(m.end).toBeLessThanOrEqual(text.length);
    expect(m.surface).toBe(text.slice(m.start, m.end));
    expect(m.filmIds.length).toBeGreaterThan(0);
    for (const id of m.filmIds) expect(ids.has(id)).toBe(true);
    previousEnd = m.end;
  }
}

describe('matcher properties', () => {
  it('compiles any catalog and finds valid, ordered, non-overlapping spans in any text, with bounded work', () => {
    fc.assert(
      fc.property(anyCatalog, anyText, anyMarks, (catalog, text, marks) => {
        const matcher = compileMatcher(catalog);
        const { value, lookups } = countTrieLookups(() => matcher.find({ text, marks }));
        checkMatches(value, text, new Set(catalog.map((f) => f.id)));
        expect(lookups).toBeLessThanOrEqual(LOOKUPS_PER_CHAR * (text.length + 1));
      }),
      { numRuns: 400 },
    );
  });

  it('takes anything as a block without throwing', () => {
    const matcher = compileMatcher([film('a', 'Fugitive Pieces'), film('b', 'Up')]);
    fc.assert(
      fc.property(fc.anything(), (block) => {
        const matches = matcher.find(block as never);
        expect(Array.isArray(matches)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('finds every distinctive title placed anywhere in ordinary text', () => {
    const syllable = fc.constantFrom(
      'zor',
      'blax',
      'quin',
      'tep',
      'vard',
      'mol',
      'krin',
      'dak',
      'fep',
      'lurn',
      'wix',
      'gorv',
    );
    const word = fc.tuple(syllable, syllable).map(([a, b]) => `${a[0]!.toUpperCase()}${a.slice(1)}${b}`);
    const title = fc.array(word, { minLength: 2, maxLength: 4 }).map((words) => words.join(' '));
    const filler = fc
      .array(
        fc.constantFrom(
          'we',
          'saw',
          'at',
          'the',
          'party',
          'night',
          'later',
          'it',
          'was',
          'good',
          'in',
          'Toronto',
          '.',
          ',',
        ),
        { maxLength: 12 },
      )
      .map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.uniqueArray(title, { minLength: 1, maxLength: 8 }),
        filler,
        filler,
        fc.nat(),
        (titles, before, after, pick) => {
          const catalog = titles.map((t, i) => film(`f${i}`, t));
          const chosen = pick % titles.length;
          const prefix = before ? `${before} ` : '';
          const text = `${prefix}${titles[chosen]}${after ? ` ${after}` : ''}`;
          const matches = compileMatcher(catalog).find({ text });
          checkMatches(matches, text, new Set(catalog.map((f) => f.id)));
          expect(matches).toContainEqual(
            expect.objectContaining({
              start: prefix.length,
              end: prefix.length + titles[chosen]!.length,
              filmIds: expect.arrayContaining([`f${chosen}`]),
            }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['censored words', 'F*** '],
    ['one-letter words that are also a title', 'a '],
    ['near-misses of a long title', 'In the Vallery of '],
    ['a single 100,000-character word', 'x'],
    ['stars', '*'],
    ['stop words', 'the '],
    ['combining marks', 'e\u0301'],
    ['curly quotes and dashes', '“–” '],
  ])('does at most eleven times the work for ten times the text, on 100,000 characters of %s', (_what, unit) => {
    const catalog = [
      film('ypf', 'Young People Fucking', ['Young People F***ing', 'F*** F*** F*** F***']),
      film('a', 'a a a a a a a a'),
      film('elah', 'In the Valley of Elah'),
      film('the', 'The The The'),
    ];
    const matcher = compileMatcher(catalog);
    const text = unit.repeat(Math.ceil(100_000 / unit.length));
    const { value, lookups } = countTrieLookups(() => matcher.find({ text }));
    checkMatches(value, text, new Set(catalog.map((f) => f.id)));
    const tenth = countTrieLookups(() => matcher.find({ text: text.slice(0, text.length / 10) }));
    // Eleven, for the walks cut short at the end of the shorter text; quadratic work would be a hundred.
    expect(lookups).toBeLessThanOrEqual(11 * tenth.lookups);
    expect(lookups).toBeLessThanOrEqual(LOOKUPS_PER_CHAR * text.length);
  });

  it(
    'compiles a hostile catalog of many long, repetitive titles in work proportional to its words',
    { timeout: 60_000 },
    () => {
      const catalogOf = (n: number) =>
        Array.from({ length: n }, (_, i) =>
          film(`f${i}`, `${'the '.repeat(i % 40)}party ${i}`, ['F*** '.repeat(i % 30).trim()]),
        );
      const catalog = catalogOf(2000);
      const words = catalog
        .flatMap((f) => [f.title, ...f.aliases])
        .join(' ')
        .split(' ').length;
      const { value: matcher, lookups } = countTrieLookups(() => compileMatcher(catalog));
      // Each word of a title or alias is inserted with a lookup or two (1.5 on average here).
      expect(lookups).toBeLessThanOrEqual(2 * words);
      const text = 'the '.repeat(5000);
      const found = countTrieLookups(() => matcher.find({ text }));
      checkMatches(found.value, text, new Set(catalog.map((f) => f.id)));
      // Five times the catalog costs no more on the same text (within a tenth)…
      const fewer = countTrieLookups(() => compileMatcher(catalogOf(400)).find({ text })).lookups;
      expect(found.lookups).toBeLessThanOrEqual(1.1 * fewer);
      // …and a tenth of the text about a tenth of the work.
      expect(found.lookups).toBeLessThanOrEqual(
        11 * countTrieLookups(() => matcher.find({ text: 'the '.repeat(500) })).lookups,
      );
    },
  );
});
