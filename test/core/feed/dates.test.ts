import { describe, expect, it } from 'vitest';
import { checkDate, checkDateOrDateTime, endsBeforeStart } from '../../../src/core/feed/dates.ts';
import { parseFeed } from '../../../src/core/feed/parse.ts';
import { utcFromParts } from '../../../src/core/time/index.ts';

describe('years as written', () => {
  it('utcFromParts reads two-digit years as written (Date.UTC reads 0–99 as 1900–1999)', () => {
    expect(new Date(utcFromParts(99, 12, 31, 23)).toISOString()).toBe('0099-12-31T23:00:00.000Z');
    expect(new Date(utcFromParts(2026, 9, 10, 19, 30, 5)).toISOString()).toBe('2026-09-10T19:30:05.000Z');
  });

  it('an end in the year 100 is not before a start in the year 99', () => {
    // Date.UTC put the start in 1999 and the end in 100, so this valid end was dropped.
    expect(endsBeforeStart('0099-12-31T23:00:00Z', '0100-01-01T01:00:00Z')).toBe(false);
    expect(endsBeforeStart('0100-01-01T01:00:00Z', '0099-12-31T23:00:00Z')).toBe(true);
  });
});

describe('the years a feed may use', () => {
  it.each(['1899-12-31', '2201-01-01', '0001-01-01', '9999-12-31'])('%s is refused', (date) => {
    expect(checkDate(date)).toEqual({ ok: false, reason: 'is outside the years 1900–2200' });
    expect(checkDateOrDateTime(`${date}T10:00:00Z`)).toMatchObject({ ok: false });
  });

  it.each(['1900-01-01', '2200-12-31', '2026-09-10'])('%s is kept', (date) => {
    expect(checkDate(date)).toMatchObject({ ok: true });
    expect(checkDateOrDateTime(`${date}T10:00:00-04:00`)).toMatchObject({ ok: true });
  });

  it('a JSON feed event outside them is skipped with the reason; the one beside it is kept', () => {
    const result = parseFeed(
      JSON.stringify({
        afterparty: 1,
        title: 'Years',
        events: [
          { id: 'far', kind: 'party', title: 'Far', start: '2026-09-10T19:00:00Z', end: '9999-12-31T23:00:00Z' },
          { id: 'near', kind: 'party', title: 'Near', start: '2026-09-10T19:00:00Z' },
        ],
      }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.feed.events.map((e) => e.id)).toEqual(['near']);
    expect(result.problems.map((p) => p.message).join()).toMatch(/outside the years 1900–2200/);
  });
});
