import { describe, expect, it } from 'vitest';
import { CorrectionFilter } from '../../src/content/correction-filter.ts';

describe('the content script applying "Not this film"', () => {
  it('drops a match whose only film was corrected away, whatever its case or accents', () => {
    const filter = new CorrectionFilter([{ filmKey: 'f/crash', surface: 'crash' }]);
    const kept = filter.apply([
      { surface: 'CRASH', filmIds: ['f/crash'] },
      { surface: 'Fugitive Pieces', filmIds: ['f/fugitive'] },
    ]);
    expect(kept.map((m) => m.surface)).toEqual(['Fugitive Pieces']);
  });

  it('keeps the other film of a shared title', () => {
    const filter = new CorrectionFilter();
    filter.add({ filmKey: 'a/crash-2004', surface: 'Crash' });
    expect(filter.apply([{ surface: 'Crash', filmIds: ['a/crash-1996', 'a/crash-2004'] }])).toEqual([
      { surface: 'Crash', filmIds: ['a/crash-1996'] },
    ]);
    expect(filter.filmsFor('Crashes', ['a/crash-2004'])).toEqual(['a/crash-2004']);
  });
});
