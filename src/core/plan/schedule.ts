import { readWhen, type When } from '../time/index.ts';
import type { FeedEvent } from '../model.ts';

export interface ScheduledEvent<E extends FeedEvent> {
  event: E;
  when: When;
  timeZone: string;
}

export interface ScheduleDay<E extends FeedEvent> {
  /** "YYYY-MM-DD" in the event's festival's zone, or null for "date not announced". */
  date: string | null;
  events: ScheduledEvent<E>[];
}

/** Orders an event inside its day: timed events by instant, then those with no time yet. */
function rank(when: When): number {
  return when.precision === 'time' ? when.instant : Number.POSITIVE_INFINITY;
}

function byTime<E extends FeedEvent>(a: ScheduledEvent<E>, b: ScheduledEvent<E>): number {
  return rank(a.when) - rank(b.when) || a.event.title.localeCompare(b.event.title);
}

/**
 * Groups events by calendar day in their festival's time zone (a party at 00:15 in Toronto
 * belongs to the next day there, whatever the reader's zone), days in order, with the
 * events whose date is not announced in one last group.
 */
export function groupByDay<E extends FeedEvent>(
  events: readonly E[],
  timeZoneOf: (event: E) => string,
): ScheduleDay<E>[] {
  const days = new Map<string, ScheduledEvent<E>[]>();
  const undated: ScheduledEvent<E>[] = [];
  for (const event of events) {
    const timeZone = timeZoneOf(event);
    const when = readWhen(event.start, timeZone);
    const item = { event, when, timeZone };
    if (when.precision === 'none') undated.push(item);
    else days.get(when.date)?.push(item) ?? days.set(when.date, [item]);
  }
  const grouped: ScheduleDay<E>[] = [...days.keys()]
    .sort()
    .map((date) => ({ date, events: (days.get(date) ?? []).sort(byTime) }));
  if (undated.length > 0) grouped.push({ date: null, events: undated.sort(byTime) });
  return grouped;
}

/** Events in time order, undated last: the order of a hover card. */
export function sortByStart<E extends FeedEvent>(
  events: readonly E[],
  timeZoneOf: (event: E) => string,
): ScheduledEvent<E>[] {
  return groupByDay(events, timeZoneOf).flatMap((day) => day.events);
}
