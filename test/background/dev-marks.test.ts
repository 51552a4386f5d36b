import { afterEach, describe, expect, it } from 'vitest';
import { mark, timed } from '../../src/background/dev-marks.ts';

afterEach(() => {
  performance.clearMarks();
  performance.clearMeasures();
});

describe('the worker timeline of development builds', () => {
  it('puts a mark under the afterparty: prefix, with its detail', () => {
    mark('worker-ready', { films: 3 });
    const [entry] = performance.getEntriesByName('afterparty:worker-ready', 'mark') as PerformanceMark[];
    expect(entry?.detail).toEqual({ films: 3 });
  });

  it('measures a task that fails as well as one that succeeds, and passes on both outcomes', async () => {
    await expect(timed('ok', async () => 7)).resolves.toBe(7);
    await expect(timed('broken', () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(performance.getEntriesByName('afterparty:ok', 'measure')).toHaveLength(1);
    expect(performance.getEntriesByName('afterparty:broken', 'measure')).toHaveLength(1);
  });
});
