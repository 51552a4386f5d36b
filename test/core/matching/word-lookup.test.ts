// A finished vocabulary's lookup table (Vocabulary.lookup) must give every word the id the
// vocabulary gives it, and -1 to every word it lacks, as the page scan asks (fold-scan.ts).
import { describe, expect, it } from 'vitest';
import { scanTokens } from '../../../src/core/matching/fold-scan.ts';
import { TokenTable } from '../../../src/core/matching/token-table.ts';
import { Vocabulary } from '../../../src/core/matching/vocabulary.ts';
import { hashOf } from '../../../src/core/hash.ts';

const unitsOf = (word: string): Uint16Array => Uint16Array.from(word, (c) => c.charCodeAt(0));

describe('Vocabulary.lookup', () => {
  const vocabulary = new Vocabulary();
  // Enough words for the table to grow several times, some of them prefixes of others.
  const words = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`);
  words.push('a', 'an', 'and', 'the', 'thé', 'crash', 'crashes');
  for (const w of words) vocabulary.intern(w);
  const lookup = vocabulary.lookup();

  it('finds every word by the id the vocabulary gave it', () => {
    for (const w of words) {
      const units = unitsOf(w);
      expect(lookup.find(units, 0, units.length, hashOf(w))).toBe(vocabulary.idOf(w));
    }
    expect(vocabulary.idOf('crash')).toBeGreaterThanOrEqual(0);
  });

  it('finds no word the vocabulary lacks, a prefix or a longer word included', () => {
    for (const w of ['crashe', 'crashess', 'th', 'thee', 'w', 'wzzz', '']) {
      const units = unitsOf(w);
      expect(lookup.find(units, 0, units.length, hashOf(w))).toBe(-1);
    }
  });

  it('reads a word inside a longer buffer by its span', () => {
    const units = unitsOf('xx crash yy');
    expect(lookup.find(units, 3, 8, hashOf('crash'))).toBe(vocabulary.idOf('crash'));
    // The same hash with other units is no match: the units are compared, not only the hash.
    expect(lookup.find(unitsOf('crush'), 0, 5, hashOf('crash'))).toBe(-1);
  });

  it('compares every unit, those kept in its slot and those past them', () => {
    // Lengths around the four units a slot keeps (odd and even), units whose top bit is set, and
    // words too long for the slot's length (127 units or more).
    const own = new Vocabulary();
    const spelt = Array.from({ length: 12 }, (_, n) => 'abcdefghijkl'.slice(0, n + 1));
    spelt.push('\uffff\u8000\u7fff\u0001', 'é\u8001\uffffxyzw\u9000\uabcd', 'q'.repeat(126), 'q'.repeat(130));
    for (const w of spelt) own.intern(w);
    const table = own.lookup();
    for (const w of spelt) {
      const units = unitsOf(w);
      expect(table.find(units, 0, units.length, hashOf(w))).toBe(own.idOf(w));
      // One unit changed anywhere, with the word's own hash: no match.
      for (let k = 0; k < units.length; k++) {
        const changed = units.slice();
        changed[k] = changed[k]! ^ 0x8001;
        expect(table.find(changed, 0, changed.length, hashOf(w))).toBe(-1);
      }
      // The same units and hash, one unit longer: no match.
      const plus = unitsOf(`${w}q`);
      expect(table.find(plus, 0, plus.length, hashOf(w))).toBe(-1);
      // The word in a buffer that goes on past it: the units after it are not read.
      const longer = unitsOf(`${w}zz`);
      expect(table.find(longer, 0, units.length, hashOf(w))).toBe(own.idOf(w));
    }
  });

  it('gives the page scan the same tokens as the vocabulary itself', () => {
    const text = 'The crash, and the Crashes of W1 — thé an A';
    const a = new TokenTable();
    const b = new TokenTable();
    scanTokens(text, vocabulary, a);
    scanTokens(text, vocabulary, b, lookup);
    expect(b.count).toBe(a.count);
    expect(Array.from(b.ids.subarray(0, b.count))).toEqual(Array.from(a.ids.subarray(0, a.count)));
    expect(Array.from(a.ids.subarray(0, a.count)).filter((id) => id >= 0).length).toBeGreaterThan(3);
  });
});
