import { exportIcs, icsFileName, type ExportWords } from '../core/ical/index.ts';
import { t } from '../browser/i18n.ts';
import { plannedReminders } from '../core/plan/index.ts';
import { eventsWithContext, readReminderInputs, type AfterpartyDb } from '../db/index.ts';
import { timeZoneResolver } from '../core/time/index.ts';

/**
 * The user's reminders as minutes before each start, over the whole plan (a leave-by time
 * depends on the saved event before), so a calendar app reminds as Afterparty would.
 */
async function reminderMinutes(db: AfterpartyDb): Promise<Map<string, number>> {
  const { events, remind, lead, mode } = await readReminderInputs(db);
  const planned = plannedReminders(events, new Set(remind), lead, mode);
  return new Map(planned.map((r) => [r.eventKey, (r.start - r.at) / 60_000]));
}

/** The DESCRIPTION's labels in the catalog's language: people's words, not the feed's values. */
const exportWords: ExportWords = {
  host: (name) => t('calendar_exportHost', name),
  access: (access) => (access === 'unknown' ? null : t(`ui_access_${access}`)),
  source: (name) => t('calendar_exportSource', name),
};

/**
 * The .ics of some events, written here rather than in the card so the calendar code stays
 * out of the content script that every page loads.
 */
export async function calendarFor(db: AfterpartyDb, eventKeys: string[], name: string, now = Date.now()) {
  const [{ events, films, festivals }, alarms] = await Promise.all([
    eventsWithContext(db, [...new Set(eventKeys)]),
    reminderMinutes(db),
  ]);
  const zoneOf = timeZoneResolver(festivals);
  const titles = new Map(films.map((f) => [f.key, f.title]));
  const items = events.map((event) => ({
    event,
    timeZone: zoneOf(event),
    filmTitles: event.filmKeys.map((key) => titles.get(key)).filter((t): t is string => t !== undefined),
    alarmMinutesBefore: alarms.get(event.key),
  }));
  const { ics, skipped } = exportIcs(items, now, exportWords);
  return { ics, fileName: icsFileName(name), skipped, missing: eventKeys.length - events.length };
}
