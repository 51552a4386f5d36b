// What the plan flags, worked out once so the count it states is the flags it shows. A clash is
// two Going events that overlap: the user has said they will be at both. An Interested event
// that overlaps another is only an overlap, said softly and not counted, since nothing was
// promised. A trip the user cannot make is its own line (the trip line), not a clash.
import type { FeedEvent } from '../model.ts';
import type { SaveStatus } from '../rows.ts';
import type { TravelMode } from '../settings.ts';
import { findClashes } from './clashes.ts';
import { planTrips, type TripPlan } from './trips.ts';

type PlanEvent = Pick<FeedEvent, 'start' | 'end' | 'cancelled' | 'venue' | 'title'> & { key: string };

export interface PlanFlags extends TripPlan {
  /** Going events and the Going events they overlap: the hard clashes. */
  clashes: Map<string, string[]>;
  /** Events, one of each pair Interested, and what they overlap: said, not counted. */
  overlaps: Map<string, string[]>;
  /** How many events carry a clash flag: `clashes.size`, the number the summary states. */
  clashCount: number;
}

export function planFlags<E extends PlanEvent>(
  events: readonly E[],
  statusOf: (key: string) => SaveStatus | null,
  mode: TravelMode,
  timeZoneOf?: (event: E) => string,
): PlanFlags {
  const going = events.filter((e) => statusOf(e.key) === 'going');
  const clashes = findClashes(going);
  const overlaps = new Map<string, string[]>();
  for (const [key, others] of findClashes(events)) {
    const hard = new Set(clashes.get(key) ?? []);
    const soft = others.filter((other) => !hard.has(other));
    if (soft.length > 0) overlaps.set(key, soft);
  }
  return { ...planTrips(events, mode, timeZoneOf), clashes, overlaps, clashCount: clashes.size };
}
