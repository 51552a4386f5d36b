import { describe, expect, it } from 'vitest';
import { readWhen } from '../../../src/core/time/event-time.ts';
import type { FeedEvent } from '../../../src/core/model.ts';
import { groupByDay, sortByStart } from '../../../src/core/plan/schedule.ts';

function event(id: string, start: string | null, title = id): FeedEvent {
  return {
    id,
    kind: 'party',
    title,
    films: [],
    festival: 'tiff',
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

const toronto = () => 'America/Toronto';

describe('groupByDay', () => {
  it('groups by the calendar day in the festival zone, not UTC', () => {
    // 00:15 in Toronto on the 7th is 04:15 UTC on the 7th; 21:35 on the 6th is 01:35 UTC on the 7th.
    const days = groupByDay(
      [event('gala', '2007-09-07T00:15:00-04:00'), event('ypf', '2007-09-06T21:35:00-04:00')],
      toronto,
    );
    expect(days.map((d) => [d.date, d.events.map((e) => e.event.id)])).toEqual([
      ['2007-09-06', ['ypf']],
      ['2007-09-07', ['gala']],
    ]);
  });

  it('orders days, then times within a day, date-only events after timed ones', () => {
    const days = groupByDay(
      [
        event('late', '2007-09-06T23:00:00-04:00'),
        event('tba', '2007-09-06'),
        event('early', '2007-09-06T19:00:00-04:00'),
        event('before', '2007-09-05'),
      ],
      toronto,
    );
    expect(days.map((d) => d.date)).toEqual(['2007-09-05', '2007-09-06']);
    expect(days[1]?.events.map((e) => e.event.id)).toEqual(['early', 'late', 'tba']);
  });

  it('puts events with no date in a last "not announced" group', () => {
    const days = groupByDay([event('x', null), event('y', '2008-09-09')], toronto);
    expect(days.at(-1)).toMatchObject({ date: null });
    expect(days.at(-1)?.events.map((e) => e.event.id)).toEqual(['x']);
  });

  it('uses each event its own zone', () => {
    const zoneOf = (e: FeedEvent) => (e.id === 'tokyo' ? 'Asia/Tokyo' : 'America/Toronto');
    const days = groupByDay(
      [event('tokyo', '2008-09-09T20:00:00-04:00'), event('toronto', '2008-09-09T20:00:00-04:00')],
      zoneOf,
    );
    expect(days.map((d) => [d.date, d.events[0]?.event.id])).toEqual([
      ['2008-09-09', 'toronto'],
      ['2008-09-10', 'tokyo'],
    ]);
  });

  it('returns nothing for no events', () => {
    expect(groupByDay([], toronto)).toEqual([]);
  });

  it('sortByStart flattens in time order with undated last', () => {
    const sorted = sortByStart([event('b', null), event('a', '2007-09-06T21:00:00-04:00')], toronto);
    expect(sorted.map((s) => s.event.id)).toEqual(['a', 'b']);
  });
});

describe('readWhen', () => {
  it('tells the three precisions apart', () => {
    expect(readWhen(null, 'UTC')).toEqual({ precision: 'none' });
    expect(readWhen('2007-09-15', 'UTC')).toEqual({ precision: 'date', date: '2007-09-15' });
    expect(readWhen('2007-09-06T21:35:00-04:00', 'America/Toronto')).toMatchObject({
      precision: 'time',
      date: '2007-09-06',
    });
    expect(readWhen('not a date', 'UTC')).toEqual({ precision: 'none' });
  });
});
