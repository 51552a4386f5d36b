import { describe, expect, it } from 'vitest';
import type { FeedEvent, Festival } from '../../../src/core/model.ts';
import { festivalState, groupByFestival } from '../../../src/core/plan/festivals.ts';

type Fest = Festival & { key: string };

function fest(key: string, start: string, end: string, name = key): Fest {
  return { id: key, key, name, timeZone: 'America/Toronto', start, end };
}

function event(id: string, festival: string | null, start: string | null): FeedEvent {
  return {
    id,
    kind: 'party',
    title: id,
    films: [],
    festival,
    start,
    end: null,
    venue: null,
    host: null,
    access: 'unknown',
    url: null,
    description: null,
    source: null,
    cancelled: false,
  };
}

const festivals = [
  fest('tiff-2007', '2007-09-06', '2007-09-15'),
  fest('tiff-2008', '2008-09-04', '2008-09-13'),
  fest('tiff-2010', '2010-09-09', '2010-09-19'),
];
const events = [
  event('a07', 'tiff-2007', '2007-09-06'),
  event('u07', 'tiff-2007', null),
  event('a08', 'tiff-2008', '2008-09-09'),
  event('u08', 'tiff-2008', null),
  event('u10', 'tiff-2010', null),
  event('loose', null, '2009-01-01'),
];
const group = (now: string) =>
  groupByFestival(
    events,
    festivals,
    (e) => e.festival,
    () => 'America/Toronto',
    Date.parse(now),
  );
const summary = (now: string) => group(now).map((g) => [g.festival?.key ?? null, g.state, g.open]);

describe('groupByFestival', () => {
  it('puts the festival that is on first and open, later ones next, past ones folded, most recent first', () => {
    // The events of no festival (2009-01-01) come in date order: before the 2010 festival (#29.3).
    expect(summary('2008-09-06T12:00:00-04:00')).toEqual([
      ['tiff-2008', 'on', true],
      [null, 'none', true],
      ['tiff-2010', 'later', true],
      ['tiff-2007', 'past', false],
    ]);
    // Once they are past, they go after the festivals to come.
    expect(summary('2009-06-01T12:00:00-04:00').map(([key]) => key)).toEqual([
      'tiff-2010',
      null,
      'tiff-2008',
      'tiff-2007',
    ]);
  });

  it('puts the next festival first when none is on', () => {
    expect(summary('2008-01-01T12:00:00-05:00')).toEqual([
      ['tiff-2008', 'next', true],
      ['tiff-2010', 'later', true],
      [null, 'none', true],
      ['tiff-2007', 'past', false],
    ]);
  });

  it('folds every festival once all are over', () => {
    expect(summary('2026-01-01T00:00:00Z')).toEqual([
      [null, 'none', true],
      ['tiff-2010', 'past', false],
      ['tiff-2008', 'past', false],
      ['tiff-2007', 'past', false],
    ]);
  });

  it("keeps each festival's undated events under it, after its days", () => {
    const byKey = new Map(group('2026-01-01T00:00:00Z').map((g) => [g.festival?.key ?? null, g]));
    const days = (key: string) => byKey.get(key)!.days.map((d) => [d.date, d.events.map((e) => e.event.id)]);
    expect(days('tiff-2007')).toEqual([
      ['2007-09-06', ['a07']],
      [null, ['u07']],
    ]);
    expect(days('tiff-2008')).toEqual([
      ['2008-09-09', ['a08']],
      [null, ['u08']],
    ]);
    expect(days('tiff-2010')).toEqual([[null, ['u10']]]);
    expect(byKey.get('tiff-2010')!.count).toBe(1);
  });

  it('treats an event naming an unknown festival as tied to none', () => {
    const groups = groupByFestival(
      [event('x', 'gone', null)],
      festivals,
      (e) => e.festival,
      () => 'UTC',
      0,
    );
    expect(groups.map((g) => [g.festival, g.count])).toEqual([[null, 1]]);
  });
});

describe('festivalState', () => {
  it('reads the day in the festival zone: the last evening in Toronto is still on', () => {
    const f = festivals[0]!;
    // 23:30 in Toronto on the last day is already the 16th in UTC.
    expect(festivalState(f, Date.parse('2007-09-15T23:30:00-04:00'))).toBe('on');
    expect(festivalState(f, Date.parse('2007-09-16T00:30:00-04:00'))).toBe('past');
    expect(festivalState(f, Date.parse('2007-09-05T23:30:00-04:00'))).toBe('upcoming');
  });
});

describe("today's events of no festival", () => {
  it("come before next month's festival, after the one on now", () => {
    const fests = [fest('next', '2026-10-10', '2026-10-20'), fest('now', '2026-09-01', '2026-09-30')];
    const list = [
      event('n1', 'next', '2026-10-11'),
      event('o1', 'now', '2026-09-15'),
      event('today', null, '2026-09-15'),
    ];
    const order = (now: string, evs = list) =>
      groupByFestival(
        evs,
        fests,
        (e) => e.festival,
        () => 'America/Toronto',
        Date.parse(now),
      ).map((g) => g.festival?.key ?? null);
    expect(order('2026-09-15T12:00:00-04:00')).toEqual(['now', null, 'next']);
    // With no festival on, today's come first, then the next festival.
    expect(order('2026-10-01T12:00:00-04:00', [list[0]!, event('today', null, '2026-10-01')])).toEqual([null, 'next']);
    // Positive control: events of no festival after the next one's start stay after it.
    expect(order('2026-10-01T12:00:00-04:00', [list[0]!, event('later', null, '2026-11-01')])).toEqual(['next', null]);
  });
});
