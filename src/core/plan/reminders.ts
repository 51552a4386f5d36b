// When each reminder fires. Pure: the background turns these into alarms (one per reminder, named
// after the event's key) and notifications. An event with no start time gets no reminder, since
// any time we picked would be a guess.
import type { FeedEvent } from '../model.ts';
import type { ReminderLead, TravelMode } from '../settings.ts';
import { readWhen } from '../time/index.ts';
import { spanOf } from './clashes.ts';
import { planTrips } from './trips.ts';

/** A leave-by reminder with no trip to measure (first of the night, a venue without a position). */
export const LEAVE_BY_FALLBACK_MINUTES = 30;

const ALARM_PREFIX = 'afterparty-reminder:';

export function reminderAlarmName(eventKey: string): string {
  return `${ALARM_PREFIX}${eventKey}`;
}

/** The event key a reminder alarm is for, or null for any other alarm (the sync's). */
export function eventKeyOfAlarm(name: string): string | null {
  return name.startsWith(ALARM_PREFIX) && name.length > ALARM_PREFIX.length ? name.slice(ALARM_PREFIX.length) : null;
}

export interface Reminder {
  eventKey: string;
  /** When it fires (ms since the epoch). */
  at: number;
  start: number;
  /** When the event is over (its end, or the clash rule's assumed end): after that, no late reminder. */
  end: number;
  /** At the time to leave the previous venue, from the trip estimate. */
  leaveBy: boolean;
}

type PlanEvent = Pick<FeedEvent, 'start' | 'end' | 'cancelled' | 'venue' | 'title'> & { key: string };

/** The reminders the plan asks for: `remind` is the keys the user set "Remind me" on. */
export function plannedReminders(
  events: readonly PlanEvent[],
  remind: ReadonlySet<string>,
  lead: ReminderLead,
  mode: TravelMode,
): Reminder[] {
  if (lead === 'off') return [];
  const tripTo = new Map(planTrips(events, mode).trips.map((t) => [t.toKey, t]));
  const out: Reminder[] = [];
  for (const event of events) {
    if (event.cancelled || !remind.has(event.key)) continue;
    const span = spanOf(event);
    if (!span || readWhen(event.start, 'UTC').precision !== 'time') continue;
    let at = span.start - Number(lead === 'leave-by' ? LEAVE_BY_FALLBACK_MINUTES : lead) * 60_000;
    let leaveBy = false;
    const trip = tripTo.get(event.key);
    if (lead === 'leave-by' && trip && trip.travelMs !== null && trip.verdict !== 'overlap') {
      at = span.start - trip.travelMs;
      leaveBy = true;
    }
    out.push({ eventKey: event.key, at, start: span.start, end: span.end, leaveBy });
  }
  return out;
}

/** Why a reminder the user asked for will not notify; the words are the UI's. */
export type ReminderBlock = 'leadOff' | 'noPermission' | 'noTime' | 'cancelled' | 'over';

export interface ReminderView {
  on: boolean;
  /** When it notifies, if it will, and how long before the start that is. */
  at: number | null;
  minutesBefore: number | null;
  leaveBy: boolean;
  blocked: ReminderBlock | null;
}

/**
 * What "Remind me" shows for each saved event: on or off, and when it will notify or why it
 * will not. `events` is the whole plan, since a leave-by time depends on the event before.
 */
export function reminderViews(
  events: readonly PlanEvent[],
  remind: ReadonlySet<string>,
  { lead, mode, allowed, now }: { lead: ReminderLead; mode: TravelMode; allowed: boolean; now: number },
): Record<string, ReminderView> {
  // Worked out for every event, reminded or not, so the first "Remind me" knows what it lacks.
  const all = new Set(events.map((e) => e.key));
  const planned = new Map(plannedReminders(events, all, lead, mode).map((r) => [r.eventKey, r]));
  const views: Record<string, ReminderView> = {};
  for (const event of events) {
    const on = remind.has(event.key);
    const reminder = planned.get(event.key);
    let blocked: ReminderBlock | null = null;
    if (lead === 'off') blocked = 'leadOff';
    else if (event.cancelled) blocked = 'cancelled';
    else if (!reminder) blocked = 'noTime';
    else if (now >= reminder.end) blocked = 'over';
    else if (!allowed) blocked = 'noPermission';
    views[event.key] =
      on && blocked === null && reminder
        ? {
            on,
            at: reminder.at,
            minutesBefore: Math.round((reminder.start - reminder.at) / 60_000),
            leaveBy: reminder.leaveBy,
            blocked,
          }
        : { on, at: null, minutesBefore: null, leaveBy: false, blocked };
  }
  return views;
}
