// Whether an event can still be acted on: a cancelled or past event is not one to go to, be
// reminded of or put in a calendar. "Over" follows the clash rule's span (its end, else three
// hours after a stated start, src/core/plan/clashes.ts); an event announced for a day alone is
// over once that day has ended where it happens; one with no date is never known to be over.
import { spanOf } from './plan/index.ts';
import { dateIn, readWhen } from './time/index.ts';
import type { FeedEvent } from './model.ts';

export type EventState = 'open' | 'cancelled' | 'over';

export function eventState(
  event: Pick<FeedEvent, 'start' | 'end' | 'cancelled'>,
  timeZone: string,
  now: number,
): EventState {
  if (event.cancelled) return 'cancelled';
  return isOver(event, timeZone, now) ? 'over' : 'open';
}

/** Whether the event is over, cancelled or not: what the schedule's "Hide past events" hides. */
export function isOver(event: Pick<FeedEvent, 'start' | 'end'>, timeZone: string, now: number): boolean {
  const span = spanOf(event);
  if (span) return now >= span.end;
  const start = readWhen(event.start, timeZone);
  if (start.precision !== 'date') return false;
  const end = readWhen(event.end, timeZone);
  const lastDay = end.precision === 'none' || end.date < start.date ? start.date : end.date;
  return dateIn(now, timeZone) > lastDay;
}
