import { describe, expect, it } from 'vitest';
import { planFlags, planTrips, TRIP_WINDOW_MS, DAY_ENDS_AT_HOUR, festivalDayOf } from '../../../src/core/plan/index.ts';
import type { SaveStatus } from '../../../src/core/rows.ts';
import type { GeoPoint, Venue } from '../../../src/core/model.ts';

const LIGHTBOX: GeoPoint = { lat: 43.6466, lon: -79.3903 };
const GLADSTONE: GeoPoint = { lat: 43.6427, lon: -79.4272 };
const venue = (name: string, geo?: GeoPoint): Venue => (geo ? { name, address: null, geo } : { name, address: null });
const e = (key: string, start: string | null, end: string | null = null, v: Venue | null = null) => ({
  key,
  title: key,
  start,
  end,
  venue: v,
  cancelled: false,
});
const statuses = (map: Record<string, SaveStatus>) => (key: string) => map[key] ?? null;

describe('planFlags', () => {
  it('counts as clashing only the Going events that overlap, the number of flags it gives', () => {
    const events = [
      e('a', '2026-09-10T19:00:00-04:00'),
      e('b', '2026-09-10T20:00:00-04:00'),
      e('c', '2026-09-10T20:30:00-04:00'),
      e('d', '2026-09-11T19:00:00-04:00'),
    ];
    const flags = planFlags(events, statuses({ a: 'going', b: 'going', c: 'interested', d: 'going' }), 'walking');
    expect([...flags.clashes.keys()].sort()).toEqual(['a', 'b']);
    expect(flags.clashes.get('a')).toEqual(['b']);
    expect(flags.clashCount).toBe(flags.clashes.size);
    expect(flags.clashCount).toBe(2);
    // Interested overlaps are said, never counted as a clash.
    expect(flags.overlaps.get('c')?.sort()).toEqual(['a', 'b']);
    expect(flags.overlaps.get('a')).toEqual(['c']);
    expect(flags.clashes.has('c')).toBe(false);
    expect(flags.overlaps.has('d')).toBe(false);
  });

  it("does not count a trip the user can't make as a clash", () => {
    // 3 km apart, 10 minutes between: can't make it on foot, but no overlap.
    const events = [
      e('x', '2026-09-10T18:00:00-04:00', '2026-09-10T19:00:00-04:00', venue('Lightbox', LIGHTBOX)),
      e('y', '2026-09-10T19:10:00-04:00', '2026-09-10T21:00:00-04:00', venue('Gladstone', GLADSTONE)),
    ];
    const flags = planFlags(events, statuses({ x: 'going', y: 'going' }), 'walking');
    expect(flags.trips[0]?.verdict).toBe('cant-make-it');
    expect(flags.clashCount).toBe(0);
  });
});

describe('trips only within one festival day and a few hours', () => {
  const zone = () => 'America/Toronto';
  it('draws no trip line across nights or months, and one within the window', () => {
    const events = [
      e('dinner', '2026-09-10T18:00:00-04:00', '2026-09-10T20:00:00-04:00', venue('Lightbox', LIGHTBOX)),
      e('party', '2026-09-10T21:00:00-04:00', '2026-09-10T23:00:00-04:00', venue('Gladstone', GLADSTONE)),
      e('next-week', '2026-09-17T19:00:00-04:00', null, venue('Gladstone', GLADSTONE)),
      e('next-month', '2026-10-20T19:00:00-04:00', null, venue('Lightbox', LIGHTBOX)),
    ];
    const { trips } = planTrips(events, 'transit', zone);
    expect(trips.map((t) => `${t.fromKey}>${t.toKey}`)).toEqual(['dinner>party']);
  });

  it('keeps the after-party past midnight with its evening, but not a gap over the window', () => {
    const late = [
      e('screening', '2026-09-10T21:00:00-04:00', '2026-09-10T23:30:00-04:00'),
      e('after', '2026-09-11T00:30:00-04:00'),
    ];
    expect(planTrips(late, 'car', zone).trips).toHaveLength(1);
    const hours = TRIP_WINDOW_MS / 3_600_000;
    const far = [
      e('lunch', '2026-09-10T10:00:00-04:00', '2026-09-10T11:00:00-04:00'),
      e('dinner', `2026-09-10T${String(11 + hours).padStart(2, '0')}:01:00-04:00`),
    ];
    expect(planTrips(far, 'car', zone).trips).toHaveLength(0);
    const near = [far[0]!, e('dinner', `2026-09-10T${String(11 + hours - 1).padStart(2, '0')}:00:00-04:00`)];
    expect(planTrips(near, 'car', zone).trips).toHaveLength(1);
  });

  it(`ends a festival day at ${DAY_ENDS_AT_HOUR} am in the event's zone`, () => {
    expect(festivalDayOf(Date.parse('2026-09-11T04:59:00-04:00'), 'America/Toronto')).toBe('2026-09-10');
    expect(festivalDayOf(Date.parse('2026-09-11T05:00:00-04:00'), 'America/Toronto')).toBe('2026-09-11');
    // A 4:30 am end and a 5:30 am breakfast are two festival days: no line.
    const dawn = [
      e('rave', '2026-09-11T02:00:00-04:00', '2026-09-11T04:30:00-04:00'),
      e('breakfast', '2026-09-11T05:30:00-04:00'),
    ];
    expect(planTrips(dawn, 'car', () => 'America/Toronto').trips).toHaveLength(0);
  });
});
