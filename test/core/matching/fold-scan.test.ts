// The one-pass scanner (fold-scan.ts) must read exactly the tokens that folding
// (normalize.ts) and then tokenizing (tokenize.ts) read, with the same original spans and
// gap keys: the matcher's exactness rests on it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanTokens } from '../../../src/core/matching/fold-scan.ts';
import { TokenTable } from '../../../src/core/matching/token-table.ts';
import { normalizeWithMap } from '../../../src/core/matching/normalize.ts';
import { gapKey, tokenize } from '../../../src/core/matching/tokenize.ts';
import { Vocabulary } from '../../../src/core/matching/vocabulary.ts';

type Token = { word: string; start: number; end: number; gap: string; star: boolean; id?: number };

function slow(text: string): Token[] {
  const folded = normalizeWithMap(text);
  const t = tokenize(folded.text);
  return t.words.map((word, k) => ({
    word,
    start: folded.starts[t.starts[k]!]!,
    end: folded.ends[t.ends[k]! - 1]!,
    gap: k === 0 ? '' : gapKey(folded.text.slice(t.ends[k - 1], t.starts[k])),
    star: word.includes('*'),
  }));
}

function fast(text: string, vocabulary: Vocabulary): Token[] {
  const t = new TokenTable();
  scanTokens(text, vocabulary, t);
  return Array.from({ length: t.count }, (_, k) => ({
    word: t.word(k),
    start: t.starts[k]!,
    end: t.ends[k]!,
    gap: t.gap(k),
    star: t.star(k),
  }));
}

const pieces = fc.constantFrom(
  'Amélie',
  'AME\u0301LIE',
  'ß',
  'ẞ',
  'İklimler',
  'ﬁlm',
  '𝔄',
  '🎬',
  '\u202E',
  '\u00ad',
  '\u200b',
  '\u200d',
  'e\u0301',
  '&',
  '＆',
  '“',
  '”',
  "'",
  '’',
  '`',
  '-',
  '–',
  '\u2212',
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  '.',
  ',',
  'F***ing',
  '***',
  'おくりびと',
  'ǅ',
  'ﷺ',
  'Ⅱ',
  '™',
  '\u0000',
  '\u007f',
  'Ça',
  'Léon',
  'x',
  'Roma',
  'é',
  '\ud800',
  '\udc00',
  '\ud83c',
  'Ⓐ',
  '½',
);

describe('fold-scan', () => {
  const vocabulary = new Vocabulary();
  for (const w of ['amelie', 'film', 'roma', 'f***ing', 'and', 'ca', 'leon', 'ss']) vocabulary.intern(w);

  it('reads the same tokens, spans, gaps and stars as normalize + tokenize, on any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.string({ unit: 'grapheme', maxLength: 80 }),
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.array(pieces, { maxLength: 30 }).map((p) => p.join('')),
        ),
        (text) => {
          expect(fast(text, vocabulary)).toEqual(slow(text));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('numbers every word by its units and hash, whichever way the scan reached it', () => {
    // The scan opens a word after a plain space in its letters' loop, and any other word in
    // its outer loop: each word's id must be the vocabulary's for its folded spelling.
    const words = fc.constantFrom('amelie', 'Film', 'roma', 'and', 'ca', 'leon', 'ss', 'x', 'Ça', 'f***ing', 'é');
    const gaps = fc.constantFrom(' ', '  ', ', ', '-', '\n', ' "', '" ', ' *');
    fc.assert(
      fc.property(fc.array(fc.tuple(words, gaps), { maxLength: 20 }), (parts) => {
        const text = parts.map(([w, g]) => w + g).join('');
        const t = new TokenTable();
        scanTokens(text, vocabulary, t, vocabulary.lookup());
        const ids = Array.from({ length: t.count }, (_, k) => t.ids[k]);
        expect(ids).toEqual(slow(text).map((token) => vocabulary.idOf(token.word)));
      }),
      { numRuns: 2000 },
    );
  });

  it('numbers each word of a run of words and single spaces', () => {
    const t = new TokenTable();
    scanTokens('amelie film roma and x ca leon ss film', vocabulary, t, vocabulary.lookup());
    const ids = Array.from({ length: t.count }, (_, k) => t.ids[k]);
    const want = ['amelie', 'film', 'roma', 'and', 'x', 'ca', 'leon', 'ss', 'film'].map((w) => vocabulary.idOf(w));
    expect(want.filter((id) => id < 0)).toEqual([-1]);
    expect(ids).toEqual(want);
  });

  it('numbers the words the vocabulary knows, and only those', () => {
    const t = new TokenTable();
    scanTokens('Amélie saw a ﬁlm in ROMA, F***ing & more', vocabulary, t);
    const known = Array.from({ length: t.count }, (_, k) => (t.ids[k]! >= 0 ? t.word(k) : null));
    expect(known).toEqual(['amelie', null, null, 'film', null, 'roma', 'f***ing', 'and', null]);
  });

  it('flags a star wherever it falls in a word, after a space or not', () => {
    const t = new TokenTable();
    scanTokens('f***ing *x x* xx*x x ** xx', vocabulary, t);
    const stars = Array.from({ length: t.count }, (_, k) => t.star(k));
    expect(stars).toEqual([true, true, true, true, false, true, false]);
  });
});
