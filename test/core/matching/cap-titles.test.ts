import { describe, expect, it } from 'vitest';
import { capTitles, TITLE_LIMITS } from '../../../src/core/matching/index.ts';

const film = (feedId: string, n: number, aliases: string[] = []) => ({
  feedId,
  key: `${feedId}/${String(n).padStart(6, '0')}`,
  title: `Film ${n}`,
  aliases,
});

describe('capTitles', () => {
  it('keeps every film of a catalog within the limits (the 10,000-film benchmark fits many times over)', () => {
    const films = Array.from({ length: 10_000 }, (_, i) => film('default', i, [`Alias ${i}`, `Other ${i}`]));
    const { kept, cut } = capTitles(films);
    expect(kept).toHaveLength(10_000);
    expect(cut.size).toBe(0);
    expect(TITLE_LIMITS.names).toBeGreaterThanOrEqual(30_000);
  });

  it('cuts past the count of titles and aliases, the built-in feed first, and names the feeds cut', () => {
    const films = [film('fb', 1), film('fa', 1, ['A', 'B']), film('default', 1), film('fb', 2), film('fc', 1)];
    const { kept, cut } = capTitles(films, { names: 4, characters: 1_000 });
    expect(kept.map((f) => f.key)).toEqual(['default/000001', 'fa/000001']);
    expect([...cut]).toEqual([
      ['fb', 'titles'],
      ['fc', 'titles'],
    ]);
  });

  it("keeps the user's own films first, before the built-in feed, since no feed's warning would tell of one cut", () => {
    const films = [film('default', 1), film('fa', 1), film('user', 1), film('default', 2)];
    const { kept, cut } = capTitles(films, { names: 3, characters: 1_000 });
    expect(kept.map((f) => f.key)).toEqual(['user/000001', 'default/000001', 'default/000002']);
    expect([...cut]).toEqual([['fa', 'titles']]);
  });

  it('cuts past the characters, and every film after the first cut is out', () => {
    const long = { ...film('fa', 1), title: 'x'.repeat(900) };
    const { kept, cut } = capTitles([film('default', 1), long, film('fb', 1)], { names: 100, characters: 500 });
    expect(kept.map((f) => f.key)).toEqual(['default/000001']);
    expect([...cut]).toEqual([
      ['fa', 'characters'],
      ['fb', 'characters'],
    ]);
  });

  it('20 MB of titles comes down to the cap', () => {
    const films = Array.from({ length: 200_000 }, (_, i) => ({ ...film('fhuge', i), title: `${'t'.repeat(100)}${i}` }));
    const { kept, cut } = capTitles(films);
    const characters = kept.reduce((sum, f) => sum + f.title.length, 0);
    expect(characters).toBeLessThanOrEqual(TITLE_LIMITS.characters);
    expect(kept.length).toBeLessThan(films.length);
    expect(cut.get('fhuge')).toBe('characters');
  });
});
