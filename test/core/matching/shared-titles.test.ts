// ClueReader.order: a shared title's films, nearest clue first, the others in the list's order.
// It once checked every film a clue word points to against the list (`includes`), which at
// 100,000 films (a year pointing to some 1,400 films, a list of up to 80) was most of the
// worker's warm-up; it now marks the list's places. Its order must be the old rule's exactly.
import { describe, expect, it } from 'vitest';
import { ClueReader } from '../../../src/core/matching/shared-titles.ts';

const CLUE_WINDOW = 40;

/** The rule as it was written first: a map of each listed film's nearest clue, then a stable sort. */
function oldOrder(
  at: readonly number[],
  clues: ReadonlyMap<number, string[]>,
  filmIds: string[],
  ids: Int32Array,
  count: number,
  first: number,
  end: number,
): string[] {
  if (filmIds.length < 2) return filmIds;
  let distance: Map<string, number> | null = null;
  const from = Math.max(0, first - CLUE_WINDOW);
  const to = Math.min(count, end + CLUE_WINDOW);
  for (const k of at) {
    if (k < from || k >= to || (k >= first && k < end)) continue;
    const pointed = clues.get(ids[k]!);
    if (!pointed) continue;
    const gap = k < first ? first - k : k - end + 1;
    for (const id of pointed) {
      if (filmIds.includes(id) && gap < (distance?.get(id) ?? Infinity)) (distance ??= new Map()).set(id, gap);
    }
  }
  if (!distance) return filmIds;
  const found = distance;
  const near = (id: string): number => found.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...filmIds].sort((a, b) => near(a) - near(b));
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('ClueReader.order', () => {
  it('orders as the old rule did, on short and long lists, with films listed twice and ties', () => {
    const rand = random(28);
    const films = Array.from({ length: 400 }, (_, i) => `f${i}`);
    const pick = (n: number): string[] => Array.from({ length: n }, () => films[Math.floor(rand() * films.length)]!);
    let reordered = 0;
    let kept = 0;
    for (let round = 0; round < 300; round++) {
      // Clue words 0-9: some point to a few films (the short path), some to hundreds (the set's),
      // and all may point to a film twice.
      const clues = new Map<number, string[]>();
      for (let w = 0; w < 10; w++)
        clues.set(w, pick(w % 3 === 0 ? 1 + Math.floor(rand() * 8) : 9 + Math.floor(rand() * 300)));
      const count = 300;
      // Words 0-14: 10-14 are no clue; -1 a word the index does not know.
      const ids = Int32Array.from({ length: count }, () => Math.floor(rand() * 16) - 1);
      const at: number[] = [];
      for (let k = 0; k < count; k++) if (rand() < 0.15) at.push(k);
      const reader = new ClueReader();
      reader.reset();
      reader.at.push(...at);
      // Matches in text order, as the matcher reads them.
      for (let first = 0; first < count - 5; first += 1 + Math.floor(rand() * 20)) {
        const end = first + 1 + Math.floor(rand() * 4);
        const list = rand() < 0.5 ? pick(2 + Math.floor(rand() * 80)) : [...new Set(pick(2 + Math.floor(rand() * 80)))];
        const before = [...list];
        const want = oldOrder(at, clues, list, ids, count, first, end);
        const got = reader.order(() => clues, list, ids, count, first, end);
        expect(got).toEqual(want);
        expect(list).toEqual(before);
        if (got.join() === list.join()) kept++;
        else reordered++;
      }
    }
    // Both kinds of answer were asked for.
    expect(reordered).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(100);
  });

  it('gives the list itself when its order stands, and a new list when it changes', () => {
    const clues = new Map([[7, ['b']]]);
    const ids = Int32Array.from([0, 7, 0, 0, 0]);
    const reader = new ClueReader();
    reader.reset();
    reader.at.push(1);
    const list = ['a', 'b', 'c'];
    const got = reader.order(() => clues, list, ids, 5, 2, 3);
    expect(got).toEqual(['b', 'a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
    const first = ['b', 'a'];
    expect(reader.order(() => clues, first, ids, 5, 2, 3)).toBe(first);
  });

  it('asks for the clues only when a clue word is near', () => {
    const ids = Int32Array.from({ length: 200 }, () => 7);
    const reader = new ClueReader();
    reader.reset();
    reader.at.push(150);
    let asked = 0;
    const cluesOf = () => (asked++, new Map([[7, ['b']]]));
    expect(reader.order(cluesOf, ['a', 'b'], ids, 200, 10, 12)).toEqual(['a', 'b']);
    expect(asked).toBe(0);
    // Positive control: a clue 20 words after the match.
    expect(reader.order(cluesOf, ['a', 'b'], ids, 200, 120, 131)).toEqual(['b', 'a']);
    expect(asked).toBe(1);
  });
});
