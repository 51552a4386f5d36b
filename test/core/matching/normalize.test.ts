import { describe, expect, it, vi } from 'vitest';
import { normalizeTitle, normalizeWithMap } from '../../../src/core/matching/normalize.ts';

describe('normalizeTitle', () => {
  it.each([
    ['case', 'BURN After reading', 'burn after reading'],
    ['accents', 'Amélie', 'amelie'],
    ['decomposed accents', 'Ame\u0301lie', 'amelie'],
    ['cedilla', 'Ça', 'ca'],
    ['curly apostrophe', 'Schindler’s List', "schindler's list"],
    ['curly double quotes', '“Crash”', '"crash"'],
    ['en and em dashes', 'Happy–Go—Lucky', 'happy-go-lucky'],
    ['minus sign', 'Happy\u2212Go', 'happy-go'],
    ['ampersand', 'Romeo & Juliet', 'romeo and juliet'],
    ['ampersand without spaces', 'R&B', 'r and b'],
    ['whitespace runs', '  In\tthe \n\u00a0Valley  ', 'in the valley'],
    ['capital sharp s', 'GROẞE', 'grosse'],
    ['sharp s', 'Straße', 'strasse'],
    ['dotted capital I', 'İstanbul', 'istanbul'],
    ['ligature', 'ﬁsh', 'fish'],
    ['fullwidth letters', 'ＪＣＶＤ', 'jcvd'],
    ['soft hyphen dropped', 'Melan\u00adcholy', 'melancholy'],
    ['zero-width space separates', 'Burn\u200bAfter', 'burn after'],
    ['trademark stays a symbol', 'Crash™', 'crash™'],
    ['censoring asterisks kept', 'F***ing', 'f***ing'],
    ['emoji kept', 'Up 🎈', 'up 🎈'],
  ])('%s', (_label, input, expected) => {
    expect(normalizeTitle(input)).toBe(expected);
  });

  it('never throws on odd input', () => {
    expect(normalizeTitle('')).toBe('');
    expect(normalizeTitle('\ud800 lone surrogate')).toBe('\ud800 lone surrogate');
    expect(normalizeTitle(undefined as unknown as string)).toBe('');
  });
});

describe('normalizeWithMap', () => {
  /** The original text behind the folded substring `needle`. */
  function backToSource(source: string, needle: string): string {
    const folded = normalizeWithMap(source);
    const at = folded.text.indexOf(needle);
    expect(at).toBeGreaterThanOrEqual(0);
    return source.slice(folded.starts[at], folded.ends[at + needle.length - 1]);
  }

  it('keeps one span per folded unit', () => {
    const folded = normalizeWithMap('İẞﬁ😀é');
    expect(folded.text).toBe('issfi😀e');
    expect(folded.starts.length).toBe(folded.text.length);
    expect(folded.starts).toEqual([0, 1, 1, 2, 2, 3, 3, 5]);
    expect(folded.ends).toEqual([1, 2, 2, 3, 3, 5, 5, 6]);
  });

  it.each([
    ['after İ', 'İ Crash', 'crash', 'Crash'],
    ['after ẞ', 'GROẞE Milk', 'milk', 'Milk'],
    ['inside a ligature', 'the ﬁlm', 'film', 'ﬁlm'],
    ['half a ligature widens to the whole', 'the ﬁlm', 'ilm', 'ﬁlm'],
    ['after an emoji', '🎬🎬 Roma', 'roma', 'Roma'],
    ['emoji itself', 'a 🎬 b', '🎬', '🎬'],
    ['decomposed accent at the end is included', 'Cafe\u0301 Society', 'cafe', 'Cafe\u0301'],
    ['decomposed accent in the middle', 'Ame\u0301lie!', 'amelie', 'Ame\u0301lie'],
    ['ampersand', 'Romeo & Juliet', 'romeo and juliet', 'Romeo & Juliet'],
    ['collapsed whitespace', 'In   the\n\nValley', 'in the valley', 'In   the\n\nValley'],
  ])('maps back %s', (_label, source, needle, expected) => {
    expect(backToSource(source, needle)).toBe(expected);
  });

  it('is linear on a large text: each distinct character goes through the Unicode tables once', () => {
    // "Ǆ" and "Ⅻ" appear in no other test, so they are folded here for the first time.
    const unit = 'Burn After Reading, Amélie & İstanbul 🎬 Ǆ Ⅻ ';
    const big = unit.repeat(20_000);
    const tables = vi.spyOn(String.prototype, 'normalize');
    let folded: ReturnType<typeof normalizeWithMap>;
    let lookups: number;
    try {
      folded = normalizeWithMap(big);
      lookups = tables.mock.calls.length;
    } finally {
      tables.mockRestore();
    }
    const distinct = new Set([...unit].filter((ch) => ch.codePointAt(0)! >= 0x80)).size;
    // foldUnicode calls normalize twice for a letter: once per distinct character, not per occurrence.
    expect(lookups).toBeGreaterThan(0);
    expect(lookups).toBeLessThanOrEqual(2 * distinct);
    expect(folded.text).toBe(normalizeWithMap(unit).text.repeat(20_000));
    expect(folded.starts).toHaveLength(folded.text.length);
    expect(folded.ends).toHaveLength(folded.text.length);
  });
});
