import { describe, expect, it } from 'vitest';
import { DEFAULT_DURATION_MS } from '../../../src/core/plan/clashes.ts';
import {
  DETOUR_FACTOR,
  haversineKm,
  planTrips,
  SPEED_KMH,
  TIGHT_MS,
  unmakeableKeys,
} from '../../../src/core/plan/trips.ts';
import type { GeoPoint, Venue } from '../../../src/core/model.ts';

const CASA_LOMA: GeoPoint = { lat: 43.678, lon: -79.4094 };
const GLADSTONE: GeoPoint = { lat: 43.6427, lon: -79.4272 };

const venue = (name: string, geo?: GeoPoint): Venue => (geo ? { name, address: null, geo } : { name, address: null });

const e = (key: string, start: string | null, end: string | null, v: Venue | null, cancelled = false) => ({
  key,
  title: key,
  start,
  end,
  venue: v,
  cancelled,
});

const MIN = 60_000;

describe('haversineKm', () => {
  it('measures a known distance: Casa Loma to the Gladstone, about 4.2 km', () => {
    expect(haversineKm(CASA_LOMA, GLADSTONE)).toBeCloseTo(4.2, 1);
  });

  it('is zero for one point and symmetric', () => {
    expect(haversineKm(CASA_LOMA, CASA_LOMA)).toBe(0);
    expect(haversineKm(CASA_LOMA, GLADSTONE)).toBe(haversineKm(GLADSTONE, CASA_LOMA));
  });

  it('takes the short way across the antimeridian', () => {
    // 0.2° of longitude at the equator is about 22.2 km, not 39,000.
    expect(haversineKm({ lat: 0, lon: 179.9 }, { lat: 0, lon: -179.9 })).toBeCloseTo(22.24, 1);
    // Fiji, either side of the line: Suva (178.44 E) to Taveuni's east coast (-179.9 W), about 250 km.
    const across = haversineKm({ lat: -18.14, lon: 178.44 }, { lat: -16.8, lon: -179.9 });
    expect(across).toBeGreaterThan(200);
    expect(across).toBeLessThan(300);
  });

  it('gives a quarter of the meridian from the pole to the equator', () => {
    expect(haversineKm({ lat: 90, lon: 0 }, { lat: 0, lon: 123 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });
});

describe('planTrips', () => {
  it("flags can't make it: 3 km apart with 10 minutes between them", () => {
    // 3 km straight line due north, 3.9 km by street: 15.6 minutes by transit.
    const north: GeoPoint = { lat: CASA_LOMA.lat + 3 / 111.195, lon: CASA_LOMA.lon };
    const { trips } = planTrips(
      [
        e('dinner', '2007-09-10T19:00:00-04:00', '2007-09-10T21:00:00-04:00', venue('Casa Loma', CASA_LOMA)),
        e('party', '2007-09-10T21:10:00-04:00', null, venue('North', north)),
      ],
      'transit',
    );
    expect(trips).toHaveLength(1);
    const [trip] = trips;
    expect(trip).toMatchObject({
      fromKey: 'dinner',
      toKey: 'party',
      gapMs: 10 * MIN,
      fromEndAssumed: false,
      verdict: 'cant-make-it',
    });
    expect(trip!.distanceKm).toBeCloseTo(3 * DETOUR_FACTOR, 2);
    expect(trip!.travelMs! / MIN).toBeCloseTo((3 * DETOUR_FACTOR * 60) / SPEED_KMH.transit, 1);
    expect(unmakeableKeys(trips)).toEqual(new Set(['dinner', 'party']));
  });

  it('says tight when less than ten minutes are left, ok otherwise, by mode', () => {
    const from = venue('Casa Loma', CASA_LOMA);
    const to = venue('Gladstone Hotel', GLADSTONE);
    const travelMin = (mode: keyof typeof SPEED_KMH) =>
      (haversineKm(CASA_LOMA, GLADSTONE) * DETOUR_FACTOR * 60) / SPEED_KMH[mode];
    const at = (gapMin: number) => [
      e('a', '2007-09-10T18:00:00-04:00', '2007-09-10T19:00:00-04:00', from),
      e('b', new Date(Date.parse('2007-09-10T19:00:00-04:00') + gapMin * MIN).toISOString(), null, to),
    ];
    const car = travelMin('car'); // about 13 minutes
    expect(planTrips(at(car - 1), 'car').trips[0]?.verdict).toBe('cant-make-it');
    expect(planTrips(at(car + 1), 'car').trips[0]?.verdict).toBe('tight');
    expect(planTrips(at(car + TIGHT_MS / MIN + 1), 'car').trips[0]?.verdict).toBe('ok');
    // The same 30 minutes: fine by car, not on foot (about 73 minutes).
    expect(planTrips(at(30), 'car').trips[0]?.verdict).toBe('ok');
    expect(planTrips(at(30), 'walking').trips[0]?.verdict).toBe('cant-make-it');
    expect(travelMin('walking')).toBeGreaterThan(60);
  });

  it('says which venue has no position instead of guessing', () => {
    const { trips } = planTrips(
      [
        e('a', '2007-09-06T20:00:00-04:00', '2007-09-06T21:00:00-04:00', venue('Liberty Grand', CASA_LOMA)),
        e('b', '2007-09-06T21:05:00-04:00', null, venue('Mansion in Rosedale')),
        e('c', '2007-09-07T02:00:00-04:00', null, null),
      ],
      'car',
    );
    expect(trips[0]).toMatchObject({
      verdict: 'trip-unknown',
      distanceKm: null,
      travelMs: null,
      gapMs: 5 * MIN,
      missing: [{ kind: 'position', venue: 'Mansion in Rosedale' }],
    });
    expect(trips[1]).toMatchObject({ verdict: 'trip-unknown', missing: [{ kind: 'venue', event: 'c' }] });
    expect(unmakeableKeys(trips).size).toBe(0);
  });

  it('needs no position between two events at the same venue', () => {
    const { trips } = planTrips(
      [
        e('a', '2007-09-10T18:00:00-04:00', '2007-09-10T19:00:00-04:00', venue('Casa Loma')),
        e('b', '2007-09-10T19:00:00-04:00', null, venue('casa loma')),
      ],
      'walking',
    );
    expect(trips[0]).toMatchObject({ distanceKm: 0, travelMs: 0, verdict: 'tight', missing: [] });
  });

  it("uses the clash rule's length for an event without an end, and leaves overlaps to the clashes", () => {
    const { trips } = planTrips(
      [
        e('a', '2007-09-10T18:00:00-04:00', null, venue('Casa Loma', CASA_LOMA)),
        e('b', '2007-09-10T20:00:00-04:00', null, venue('Gladstone Hotel', GLADSTONE)),
      ],
      'car',
    );
    expect(trips[0]).toMatchObject({
      verdict: 'overlap',
      gapMs: 2 * 60 * MIN - DEFAULT_DURATION_MS,
      fromEndAssumed: true,
    });
    expect(unmakeableKeys(trips).size).toBe(0);
  });

  it('lists events with no time as unknown gaps, and leaves cancelled events out', () => {
    const plan = planTrips(
      [
        e('date-only', '2007-09-10', null, venue('Casa Loma', CASA_LOMA)),
        e('undated', null, null, venue('Casa Loma', CASA_LOMA)),
        e('timed', '2007-09-10T18:00:00-04:00', null, venue('Casa Loma', CASA_LOMA)),
        e('gone', '2007-09-10T18:30:00-04:00', null, venue('Gladstone', GLADSTONE), true),
      ],
      'car',
    );
    expect(plan.untimed).toEqual(['date-only', 'undated']);
    expect(plan.trips).toEqual([]);
  });

  it('orders by start, whatever order the plan holds', () => {
    const { trips } = planTrips(
      [
        e('late', '2007-09-10T23:00:00-04:00', null, venue('Gladstone Hotel', GLADSTONE)),
        e('early', '2007-09-10T18:00:00-04:00', '2007-09-10T19:00:00-04:00', venue('Casa Loma', CASA_LOMA)),
      ],
      'transit',
    );
    expect(trips.map((t) => [t.fromKey, t.toKey, t.verdict])).toEqual([['early', 'late', 'ok']]);
  });
});
