import { exportIcs, icsFileName } from '../core/ical/index.ts';
import { eventsWithContext, type AfterpartyDb } from '../db/index.ts';
import { timeZoneResolver } from '../core/time/index.ts';

/**
 * The .ics of some events, written here rather than in the card so the calendar code stays
 * out of the content script that every page loads.
 */
export async function calendarFor(db: AfterpartyDb, eventKeys: string[], name: string, now = Date.now()) {
  const { events, films, festivals } = await eventsWithContext(db, [...new Set(eventKeys)]);
  const zoneOf = timeZoneResolver(festivals);
  const titles = new Map(films.map((f) => [f.key, f.title]));
  const items = events.map((event) => ({
    event,
    timeZone: zoneOf(event),
    filmTitles: event.filmKeys.map((key) => titles.get(key)).filter((t): t is string => t !== undefined),
  }));
  const { ics, skipped } = exportIcs(items, now);
  return { ics, fileName: icsFileName(name), skipped, missing: eventKeys.length - events.length };
}
