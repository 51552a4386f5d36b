// Properties of the title matcher over generated catalogs and texts: it never throws, its
// matches are valid spans of the text, and it returns within a time budget on hostile text. `find` swallows
// internal errors (a bug must not break the page), so "never throws" alone would prove little:
// the third property checks that titles placed in generated text are actually found.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMatcher, type TitleMatch, type TitleSource } from '../../../src/core/matching/matcher.ts';

// Generous for a busy CI machine; a real run takes well under a tenth of these.
const MS_PER_BLOCK = 250;
const MS_PER_100K_CHARS = 3000;

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

const film = (id: string, title: string, aliases: string[] = []): TitleSource => ({
  id,
  title,
  aliases,
  year: null,
  directors: [],
});

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

function timed<T>(work: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = work();
  return { value, ms: performance.now() - started };
}

describe('matcher properties', () => {
  it('compiles any catalog and finds valid, ordered, non-overlapping spans in any text, quickly', () => {
    fc.assert(
      fc.property(anyCatalog, anyText, anyMarks, (catalog, text, marks) => {
        const matcher = compileMatcher(catalog);
        const { value, ms } = timed(() => matcher.find({ text, marks }));
        checkMatches(value, text, new Set(catalog.map((f) => f.id)));
        expect(ms).toBeLessThan(MS_PER_BLOCK);
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
  ])('returns within budget on 100,000 characters of %s', (_what, unit) => {
    const catalog = [
      film('ypf', 'Young People Fucking', ['Young People F***ing', 'F*** F*** F*** F***']),
      film('a', 'a a a a a a a a'),
      film('elah', 'In the Valley of Elah'),
      film('the', 'The The The'),
    ];
    const matcher = compileMatcher(catalog);
    const text = unit.repeat(Math.ceil(100_000 / unit.length));
    const { value, ms } = timed(() => matcher.find({ text }));
    checkMatches(value, text, new Set(catalog.map((f) => f.id)));
    expect(ms).toBeLessThan(MS_PER_100K_CHARS);
  });

  it('compiles a hostile catalog of many long, repetitive titles quickly', () => {
    const catalog = Array.from({ length: 2000 }, (_, i) =>
      film(`f${i}`, `${'the '.repeat(i % 40)}party ${i}`, ['F*** '.repeat(i % 30).trim()]),
    );
    const { value: matcher, ms } = timed(() => compileMatcher(catalog));
    expect(ms).toBeLessThan(MS_PER_100K_CHARS);
    const text = 'the '.repeat(5000);
    const found = timed(() => matcher.find({ text }));
    checkMatches(found.value, text, new Set(catalog.map((f) => f.id)));
    expect(found.ms).toBeLessThan(MS_PER_100K_CHARS);
  });
});
