import { describe, expect, it } from 'vitest';
import { TypoFilter } from '../../../src/core/matching/typo-filter.ts';

/** The filter's tables, as a stored index reads them back (the same fields, written in place). */
type Tables = { keys: Int32Array; owners: Int32Array };
const tables = (f: TypoFilter): Tables => f as unknown as Tables;

const units = (word: string): Uint16Array => Uint16Array.from(word, (c) => c.charCodeAt(0));
const near = (f: TypoFilter, word: string): number[] => {
  const into = new Int32Array(256);
  const n = f.neighbours(units(word), 0, word.length, -1, into);
  return [...into.subarray(0, Math.max(n, 0))];
};

function filter(): TypoFilter {
  const f = new TypoFilter();
  ['nightfall', 'harbour', 'lantern'].forEach((w, id) => f.add(w, id));
  return f;
}

describe('the typo filter read back from a stored index', () => {
  it('checks its owners where it hands them out: a damaged one is no neighbour, the others still are', () => {
    const f = filter();
    expect(f.storedProblem(3)).toBeNull();
    // Positive control: intact, the typed word's neighbour is handed out.
    expect(near(f, 'nightfal')).toContain(0);
    expect(near(f, 'harbor')).toContain(1);
    // Every slot of word 0 damaged, past the vocabulary, and one of word 1 below -1.
    const { owners } = tables(f);
    for (let s = 0; s < owners.length; s++) if (owners[s] === 0) owners[s] = 1e6;
    const one = owners.indexOf(1);
    owners[one] = -5;
    expect(f.storedProblem(3)).toBeNull();
    expect(near(f, 'nightfal')).toEqual([]);
    const harbour = near(f, 'harbor');
    expect(harbour.every((id) => id >= 0 && id < 3)).toBe(true);
    expect(near(f, 'lantren')).toContain(2);
    // possible() may say yes for a damaged slot (a full check then says no): never throws.
    expect(() => f.possible(units('nightfal'), 0, 8, -1)).not.toThrow();
  });

  it('is refused with no free slot (a probe would not end), or with tables out of step', () => {
    const full = filter();
    tables(full).owners.fill(0);
    expect(full.storedProblem(3)).toBe('a typo filter without room');
    const short = filter();
    tables(short).owners = tables(short).owners.subarray(1);
    expect(short.storedProblem(3)).toBe('typo filter out of step');
    // Positive control.
    expect(filter().storedProblem(3)).toBeNull();
  });
});
