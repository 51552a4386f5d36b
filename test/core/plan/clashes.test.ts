import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION_MS, findClashes, spanOf } from '../../../src/core/plan/clashes.ts';

const e = (key: string, start: string | null, end: string | null = null, cancelled = false) => ({
  key,
  start,
  end,
  cancelled,
});

describe('clashes between saved events', () => {
  it('flags overlapping events both ways', () => {
    const clashes = findClashes([
      e('dinner', '2007-09-08T19:00:00-04:00', '2007-09-08T21:30:00-04:00'),
      e('party', '2007-09-08T21:00:00-04:00'),
      e('late', '2007-09-08T23:30:00-04:00'),
    ]);
    expect(clashes.get('dinner')).toEqual(['party']);
    expect(clashes.get('party')).toEqual(['dinner', 'late']);
    expect(clashes.get('late')).toEqual(['party']);
  });

  it('gives an event without an end the documented default length', () => {
    expect(spanOf(e('x', '2007-09-08T21:00:00-04:00'))).toEqual({
      start: Date.parse('2007-09-08T21:00:00-04:00'),
      end: Date.parse('2007-09-08T21:00:00-04:00') + DEFAULT_DURATION_MS,
    });
    expect(DEFAULT_DURATION_MS).toBe(3 * 3600_000);
  });

  it('does not flag touching ends, undated or cancelled events', () => {
    const clashes = findClashes([
      e('a', '2007-09-08T19:00:00-04:00', '2007-09-08T21:00:00-04:00'),
      e('b', '2007-09-08T21:00:00-04:00', '2007-09-08T23:00:00-04:00'),
      e('date-only', '2007-09-08'),
      e('undated', null),
      e('cancelled', '2007-09-08T20:00:00-04:00', null, true),
    ]);
    expect(clashes.size).toBe(0);
  });

  it('compares instants, not wall clocks, across time zones', () => {
    const clashes = findClashes([e('toronto', '2007-09-08T21:00:00-04:00'), e('utc', '2007-09-09T02:00:00Z')]);
    expect(clashes.get('toronto')).toEqual(['utc']);
  });
});
