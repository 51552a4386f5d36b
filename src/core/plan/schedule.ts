import { readWhen, wallClock, type When } from '../time/index.ts';
import type { FeedEvent } from '../model.ts';
import { hintMinutes } from './time-hint.ts';

/**
 * How an event is placed in its day: by its time; by its time note's hint ("afternoon", "after
 * the 9:30 pm gala"); at the top, its note naming no part of the day; or last, with no time at all.
 */
export type Placement = 'time' | 'hint' | 'top' | 'none';

export interface ScheduledEvent<E extends FeedEvent> {
  event: E;
  when: When;
  timeZone: string;
  placement: Placement;
  /** The wall-clock minute of its day it is sorted at (timed events: their start's). */
  rank: number;
}

export interface ScheduleDay<E extends FeedEvent> {
  /** "YYYY-MM-DD" in the event's festival's zone, or null for "date not announced". */
  date: string | null;
  events: ScheduledEvent<E>[];
}

/** Where an event goes inside its day, by wall-clock minute in its zone. */
function placed(event: FeedEvent, when: When, timeZone: string): { placement: Placement; rank: number } {
  if (when.precision === 'time') {
    const { h, mi, s } = wallClock(when.instant, timeZone);
    return { placement: 'time', rank: h * 60 + mi + s / 60 };
  }
  if (!event.timeNote) return { placement: 'none', rank: Number.POSITIVE_INFINITY };
  const hint = hintMinutes(event.timeNote);
  return hint === null ? { placement: 'top', rank: -1 } : { placement: 'hint', rank: hint };
}

function byTime<E extends FeedEvent>(a: ScheduledEvent<E>, b: ScheduledEvent<E>): number {
  const instant = (x: ScheduledEvent<E>) => (x.when.precision === 'time' ? x.when.instant : 0);
  return a.rank - b.rank || instant(a) - instant(b) || a.event.title.localeCompare(b.event.title);
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
    const item = { event, when, timeZone, ...placed(event, when, timeZone) };
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

/**
 * Each listing's events in schedule order, each in its zone: the order the card and the popup's
 * "This page" show them in. The worker serves listings so (db `listingsFor`), which keeps the
 * time notes' hints (time-hint.ts) out of the content script, whose size is a budget.
 */
export function inScheduleOrder<E extends FeedEvent, L extends { events: E[] }>(
  listings: readonly L[],
  timeZoneOf: (event: E) => string,
): L[] {
  return listings.map((listing) => ({
    ...listing,
    events: sortByStart(listing.events, timeZoneOf).map((s) => s.event),
  }));
}
