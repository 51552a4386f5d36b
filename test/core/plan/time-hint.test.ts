import { describe, expect, it } from 'vitest';
import { hintMinutes } from '../../../src/core/plan/time-hint.ts';
import { groupByDay } from '../../../src/core/plan/index.ts';
import type { FeedEvent } from '../../../src/core/model.ts';

describe('hintMinutes', () => {
  it('reads the part of the day a note names, in English and French', () => {
    expect(hintMinutes('morning')).toBe(9 * 60);
    expect(hintMinutes('Afternoon')).toBe(15 * 60);
    expect(hintMinutes('late afternoon')).toBe(15 * 60);
    expect(hintMinutes('early evening')).toBe(19 * 60);
    expect(hintMinutes('late')).toBe(22 * 60);
    expect(hintMinutes('après-midi')).toBe(15 * 60);
    expect(hintMinutes('en soirée')).toBe(19 * 60);
    expect(hintMinutes('midnight')).toBe(24 * 60);
  });

  it('reads a clock time, and after or before it', () => {
    expect(hintMinutes('after the 9:30 pm gala')).toBe(21 * 60 + 31);
    expect(hintMinutes('before the 7 p.m. screening')).toBe(19 * 60 - 1);
    expect(hintMinutes('vers 21 h 30')).toBe(21 * 60 + 30);
    expect(hintMinutes('12 am')).toBe(0);
  });

  it('names nothing for a note without a time or part of the day', () => {
    expect(hintMinutes('after the gala')).toBeNull();
    expect(hintMinutes('TBA')).toBeNull();
    expect(hintMinutes('2 hours long')).toBeNull();
    expect(hintMinutes(null)).toBeNull();
  });
});

function ev(id: string, start: string, timeNote?: string): FeedEvent {
  return {
    id,
    kind: 'party',
    title: id,
    films: [],
    festival: null,
    start,
    end: null,
    venue: null,
    host: null,
    access: 'unknown',
    url: null,
    description: null,
    source: null,
    cancelled: false,
    ...(timeNote ? { timeNote } : {}),
  };
}

describe('events with only a time note in their day', () => {
  it('sort by their hint among the timed ones, or at the top of the day, marked', () => {
    const [day] = groupByDay(
      [
        ev('midnight-party', '2026-09-10T23:45:00-04:00'),
        ev('afterparty', '2026-09-10', 'after the 9:30 pm gala'),
        ev('gala', '2026-09-10T21:30:00-04:00'),
        ev('tea', '2026-09-10', 'afternoon'),
        ev('dinner', '2026-09-10T18:00:00-04:00'),
        ev('mystery', '2026-09-10', 'ask the host'),
        ev('plain', '2026-09-10'),
      ],
      () => 'America/Toronto',
    );
    expect(day!.events.map((e) => [e.event.id, e.placement])).toEqual([
      ['mystery', 'top'],
      ['tea', 'hint'],
      ['dinner', 'time'],
      ['gala', 'time'],
      ['afterparty', 'hint'],
      ['midnight-party', 'time'],
      ['plain', 'none'],
    ]);
  });
});
