// The trip between two consecutive saved events: can the user get from one venue to the next in
// the time between them? Estimated, never guessed: where a venue has no position, or an event no
// time, the trip or the gap is said to be unknown.
//
// Assumptions (estimates, not a router):
// - distance is the great-circle (haversine) distance on a sphere of radius 6,371 km, times a
//   detour factor of 1.3: city streets are rarely straight, and 1.2-1.4 is the usual ratio of
//   road to straight-line distance in a grid city like Toronto;
// - speeds are door-to-door averages in a city: walking 4.5 km/h, transit 15 km/h (waits and
//   transfers included), car 25 km/h (lights, traffic and parking included);
// - an event without an end lasts what the clash rule says (spanOf, clashes.ts: three hours);
// - a trip is measured only between events of one festival day (a day running until
//   DAY_ENDS_AT_HOUR the next morning, so the after-party at 1 am belongs to the evening before)
//   with at most TRIP_WINDOW_MS between them: the gap from a Monday dinner to a Friday party, or
//   to next month's festival, is no trip anyone makes, and a line saying "1883 h after" is noise.
import type { FeedEvent, GeoPoint, Venue } from '../model.ts';
import type { TravelMode } from '../settings.ts';
import { dateIn, readWhen } from '../time/index.ts';
import { spanOf } from './clashes.ts';

export const DETOUR_FACTOR = 1.3;
export const SPEED_KMH: Readonly<Record<TravelMode, number>> = { walking: 4.5, transit: 15, car: 25 };
/** Less than this left over once the trip is made is "tight". */
export const TIGHT_MS = 10 * 60 * 1000;
const EARTH_RADIUS_KM = 6371;
/** The longest gap between two events that still gets a trip line: a few hours, one outing. */
export const TRIP_WINDOW_MS = 4 * 60 * 60 * 1000;
/** A festival day ends at this hour of the next morning in the event's zone. */
export const DAY_ENDS_AT_HOUR = 5;

/** The festival day an instant belongs to, in a zone: before DAY_ENDS_AT_HOUR it is still the day before. */
export function festivalDayOf(instant: number, timeZone: string): string {
  return dateIn(instant - DAY_ENDS_AT_HOUR * 60 * 60 * 1000, timeZone);
}

/** Great-circle distance in km; longitudes across the antimeridian take the short way round. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type TripVerdict =
  /** The second starts before the first ends: a clash, counted by findClashes. */
  | 'overlap'
  | 'cant-make-it'
  | 'tight'
  | 'ok'
  /** The gap is known but a venue has no position (or no venue is given). */
  | 'trip-unknown';

export interface Trip {
  fromKey: string;
  toKey: string;
  /** From the first's end (or assumed end) to the second's start. */
  gapMs: number;
  /** The first has no end time given: its end is the clash rule's assumption. */
  fromEndAssumed: boolean;
  /** Estimated route distance (great circle × detour); null when a position is missing. */
  distanceKm: number | null;
  travelMs: number | null;
  /** Venue names with no position, or the titles of events with no venue. */
  missing: Array<{ kind: 'position'; venue: string } | { kind: 'venue'; event: string }>;
  verdict: TripVerdict;
}

type PlanEvent = Pick<FeedEvent, 'start' | 'end' | 'cancelled' | 'venue' | 'title'> & { key: string };

export interface TripPlan {
  /** One per pair of consecutive timed events of one festival day at most TRIP_WINDOW_MS apart, in start order. */
  trips: Trip[];
  /** Saved events with no time announced: the gap to and from them is unknown. */
  untimed: string[];
}

function sameVenue(a: Venue, b: Venue): boolean {
  const fold = (s: string | null) => (s ?? '').trim().toLowerCase();
  return fold(a.name) === fold(b.name) && fold(a.address) === fold(b.address);
}

/** The festival day of an event's start as its time is written (its own UTC offset), when no zone is at hand. */
function writtenDayOf(event: Pick<FeedEvent, 'start'>, instant: number): string {
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(event.start ?? '');
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  return festivalDayOf(instant + minutes * 60_000, 'UTC');
}

/**
 * The trip between consecutive saved events (cancelled ones left out), at the chosen mode's
 * speed; `timeZoneOf` places each event's festival day (without it, the offset its time is
 * written with).
 */
export function planTrips<E extends PlanEvent>(
  events: readonly E[],
  mode: TravelMode,
  timeZoneOf?: (event: E) => string,
): TripPlan {
  const dayOf = (event: E, instant: number) =>
    timeZoneOf ? festivalDayOf(instant, timeZoneOf(event)) : writtenDayOf(event, instant);
  const live = events.filter((e) => !e.cancelled);
  const timed = live
    .map((event) => ({ event, span: spanOf(event) }))
    .filter((e): e is { event: E; span: NonNullable<ReturnType<typeof spanOf>> } => e.span !== null)
    .sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  const trips: Trip[] = [];
  for (let i = 1; i < timed.length; i++) {
    const from = timed[i - 1]!;
    const to = timed[i]!;
    const gapMs = to.span.start - from.span.end;
    if (gapMs > TRIP_WINDOW_MS) continue;
    if (dayOf(from.event, from.span.start) !== dayOf(to.event, to.span.start)) continue;
    trips.push(trip(from.event, to.event, gapMs, mode));
  }
  return { trips, untimed: live.filter((e) => spanOf(e) === null).map((e) => e.key) };
}

function trip(from: PlanEvent, to: PlanEvent, gapMs: number, mode: TravelMode): Trip {
  const end = readWhen(from.end, 'UTC');
  const fromEndAssumed = !(end.precision === 'time' && spanOf(from)?.end === end.instant);
  const base = { fromKey: from.key, toKey: to.key, gapMs, fromEndAssumed };
  if (gapMs < 0) return { ...base, distanceKm: null, travelMs: null, missing: [], verdict: 'overlap' };
  const missing: Trip['missing'] = [];
  for (const e of [from, to]) {
    if (!e.venue) missing.push({ kind: 'venue', event: e.title });
  }
  let distanceKm: number | null = null;
  if (from.venue && to.venue) {
    if (from.venue.geo && to.venue.geo) distanceKm = haversineKm(from.venue.geo, to.venue.geo) * DETOUR_FACTOR;
    else if (sameVenue(from.venue, to.venue)) distanceKm = 0;
    else {
      for (const v of [from.venue, to.venue]) if (!v.geo) missing.push({ kind: 'position', venue: v.name });
    }
  }
  if (distanceKm === null) return { ...base, distanceKm, travelMs: null, missing, verdict: 'trip-unknown' };
  const travelMs = (distanceKm / SPEED_KMH[mode]) * 60 * 60 * 1000;
  const spare = gapMs - travelMs;
  const verdict: TripVerdict = spare < 0 ? 'cant-make-it' : spare < TIGHT_MS ? 'tight' : 'ok';
  return { ...base, distanceKm, travelMs, missing, verdict };
}

/** Event keys in a trip the user cannot make: with findClashes, what the plan counts as clashing. */
export function unmakeableKeys(trips: readonly Trip[]): Set<string> {
  const keys = new Set<string>();
  for (const t of trips) {
    if (t.verdict === 'cant-make-it') keys.add(t.fromKey).add(t.toKey);
  }
  return keys;
}
