import { describe, expect, it } from 'vitest';
import { compileMatcher, warmUpBlocks, WARM_UP_CHARS } from '../../../src/core/matching/index.ts';

const films = Array.from({ length: 500 }, (_, i) => ({
  id: `f${i}`,
  title: `The Kalomi Night ${String.fromCharCode(65 + (i % 26))}${i}`,
  aliases: i % 3 === 0 ? [`Kalomi ${i}`] : [],
  year: 1990 + (i % 30),
  directors: [`Ana Ruiz${i}`],
}));

describe('the warm-up page a just-built matcher reads before any real page', () => {
  it('names titles from across the catalog, which the matcher finds, in blocks of a few thousand characters', () => {
    const blocks = warmUpBlocks(films);
    const chars = blocks.reduce((n, b) => n + b.text.length, 0);
    expect(chars).toBeGreaterThanOrEqual(WARM_UP_CHARS);
    expect(chars).toBeLessThan(WARM_UP_CHARS + 5_000);
    expect(Math.max(...blocks.map((b) => b.text.length))).toBeLessThan(5_000);
    const matcher = compileMatcher(films);
    const found = new Set(blocks.flatMap((b) => matcher.find(b)).flatMap((m) => m.filmIds));
    expect(found.size).toBeGreaterThan(100);
    expect(found.has('f0') && found.has(`f${films.length - 2}`)).toBe(true);
  });

  it('sets titles in emphasis the way pages do, with marks that cover them', () => {
    const blocks = warmUpBlocks(films);
    const marked = blocks.flatMap((b) => (b.marks ?? []).map((m) => b.text.slice(m.start, m.end)));
    expect(marked.length).toBeGreaterThan(10);
    for (const surface of marked)
      expect(films.some((f) => f.title === surface || f.aliases.includes(surface))).toBe(true);
  });

  it('is empty for an empty catalog', () => {
    expect(warmUpBlocks([])).toEqual([]);
  });
});
