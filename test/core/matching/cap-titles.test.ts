import { describe, expect, it } from 'vitest';
import { scaleFilms } from '../../../bench/catalog.ts';
import {
  capTitles,
  compileTitles,
  matcherOf,
  storedIndexBytes,
  storeIndex,
  titleBytes,
  TITLE_LIMITS,
} from '../../../src/core/matching/index.ts';

const film = (feedId: string, n: number, aliases: string[] = []) => ({
  feedId,
  key: `${feedId}/${String(n).padStart(6, '0')}`,
  title: `Film ${n}`,
  aliases,
});

/** The budget of exactly the first `count` films of `films` (ordered as capTitles orders them). */
const budgetOf = (films: ReturnType<typeof film>[]) => ({ bytes: films.reduce((n, f) => n + titleBytes(f), 0) });

describe('capTitles', () => {
  it('keeps every film of 100,000 with their aliases (issue 28), and 100,000 with two aliases each', () => {
    const bench = scaleFilms(100_000).map((f, i) => ({ ...f, feedId: `f${i % 5}`, key: f.id }));
    expect(capTitles(bench).kept).toHaveLength(100_000);
    const films = Array.from({ length: 100_000 }, (_, i) => film('default', i, [`Alias ${i}`, `Other ${i}`]));
    const { kept, cut } = capTitles(films);
    expect(kept).toHaveLength(100_000);
    expect(cut.size).toBe(0);
  });

  it('counts a film by what it costs the stored index: at least what the index measures', () => {
    const films = scaleFilms(12_000);
    const compiled = compileTitles(films);
    const matcher = matcherOf(compiled);
    const measured = storedIndexBytes(storeIndex(compiled, compiled.index.lexicon, (text) => matcher.find({ text })));
    const estimated = films.reduce((n, f) => n + titleBytes(f), 0);
    expect(estimated).toBeGreaterThanOrEqual(measured);
    // Not so far above that the budget keeps far fewer films than it could.
    expect(estimated).toBeLessThan(3 * measured);
  });

  it('cuts past the budget, the built-in feed first, and names the feeds cut', () => {
    const films = [film('fb', 1), film('fa', 1, ['A', 'B']), film('default', 1), film('fb', 2), film('fc', 1)];
    const { kept, cut } = capTitles(films, budgetOf([film('default', 1), film('fa', 1, ['A', 'B'])]));
    expect(kept.map((f) => f.key)).toEqual(['default/000001', 'fa/000001']);
    expect([...cut]).toEqual([
      ['fb', 'titles'],
      ['fc', 'titles'],
    ]);
    // A byte less and the second film is out too.
    const less = budgetOf([film('default', 1), film('fa', 1, ['A', 'B'])]).bytes - 1;
    expect(capTitles(films, { bytes: less }).kept.map((f) => f.key)).toEqual(['default/000001']);
  });

  it("keeps the user's own films first, before the built-in feed, since no feed's warning would tell of one cut", () => {
    const films = [film('default', 1), film('fa', 1), film('user', 1), film('default', 2)];
    const { kept, cut } = capTitles(films, budgetOf([film('user', 1), film('default', 1), film('default', 2)]));
    expect(kept.map((f) => f.key)).toEqual(['user/000001', 'default/000001', 'default/000002']);
    expect([...cut]).toEqual([['fa', 'titles']]);
  });

  it('counts characters too, and every film after the first cut is out, however small', () => {
    const long = { ...film('fa', 1), title: 'x'.repeat(900) };
    const { kept, cut } = capTitles([film('default', 1), long, film('fb', 1)], {
      bytes: 10 * titleBytes(film('x', 1)),
    });
    expect(titleBytes(long)).toBeGreaterThan(10 * titleBytes(film('x', 1)));
    expect(kept.map((f) => f.key)).toEqual(['default/000001']);
    expect([...cut]).toEqual([
      ['fa', 'titles'],
      ['fb', 'titles'],
    ]);
  });

  it('20 MB of titles comes down to the budget', () => {
    const films = Array.from({ length: 200_000 }, (_, i) => ({ ...film('fhuge', i), title: `${'t'.repeat(100)}${i}` }));
    const { kept, cut } = capTitles(films);
    const bytes = kept.reduce((sum, f) => sum + titleBytes(f), 0);
    expect(bytes).toBeLessThanOrEqual(TITLE_LIMITS.bytes);
    expect(kept.length).toBeLessThan(films.length);
    expect(cut.get('fhuge')).toBe('titles');
  });
});
