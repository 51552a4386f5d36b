import type { EventRow, FestivalRow } from '../rows.ts';
import { festivalKeyOf } from '../rows.ts';

/** The zone an event is shown in: its festival's, else the reader's own. */
export function timeZoneResolver(festivals: readonly FestivalRow[]): (event: EventRow) => string {
  const zones = new Map(festivals.map((f) => [f.key, f.timeZone]));
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // festivalKeyOf: the user's own events name a festival of any feed by its full key.
  return (event) => zones.get(festivalKeyOf(event) ?? '') || local;
}
