import type { EventRow, FestivalRow } from '../messages/index.ts';

/** The zone an event is shown in: its festival's, else the reader's own. */
export function timeZoneResolver(festivals: readonly FestivalRow[]): (event: EventRow) => string {
  const zones = new Map(festivals.map((f) => [f.key, f.timeZone]));
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (event) => (event.festival && zones.get(`${event.feedId}/${event.festival}`)) || local;
}
