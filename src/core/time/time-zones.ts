import type { EventRow, FestivalRow } from '../rows.ts';
import { festivalKeyOf } from '../rows.ts';
import { isTimeZone } from './zoned-time.ts';

/**
 * The zone an event is shown in: the one its own form chose (the user's events keep it), else
 * its festival's, else the reader's own. One resolver for every list, so an own event reads the
 * same in the schedule, the plan, the card and the export.
 */
export function timeZoneResolver(festivals: readonly FestivalRow[]): (event: EventRow) => string {
  const zones = new Map(festivals.map((f) => [f.key, f.timeZone]));
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (event) => {
    const chosen = (event as { timeZone?: unknown }).timeZone;
    if (typeof chosen === 'string' && chosen && isTimeZone(chosen)) return chosen;
    // festivalKeyOf: the user's own events name a festival of any feed by its full key.
    return zones.get(festivalKeyOf(event) ?? '') || local;
  };
}
