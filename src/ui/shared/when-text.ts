// Dates and times as the UI shows them: formatted with Intl in the UI language, in the
// festival's zone, and in the reader's own zone when the settings ask for it and it differs.
import { formatDay, formatTime, readWhen, zoneName } from '../../core/time/index.ts';
import { offsetMinutes } from '../../core/time/index.ts';
import type { ZoneChoice } from '../../core/settings.ts';
import { t, uiLocale } from '../../browser/i18n.ts';

export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function dayHeading(date: string | null): string {
  return date ? formatDay(date, uiLocale()) : t('ui_dateNotAnnounced');
}

/**
 * "Thursday, September 6, 2007 · 10:38 PM EDT", or the words for a missing time or date. A
 * time note ("late evening") stands beside the day, in place of "time not announced".
 */
export function whenText(start: string | null, end: string | null, timeZone: string, note?: string | null): string {
  const locale = uiLocale();
  const when = readWhen(start, timeZone);
  const withNote = (text: string) => (note ? `${text} · ${note}` : text);
  if (when.precision === 'none') return withNote(t('ui_dateNotAnnounced'));
  const day = formatDay(when.date, locale);
  const finish = readWhen(end, timeZone);
  if (when.precision === 'date') {
    // Only the end is known ("long after its 3pm end-time"): the day, then until when.
    const until = finish.precision === 'time' && finish.date === when.date ? untilText(finish.instant, timeZone) : '';
    if (until) return withNote(`${day} · ${until}`);
    return note ? `${day} · ${note}` : t('ui_dayTimeNotAnnounced', day);
  }
  const upTo = finish.precision === 'time' ? `–${formatTime(finish.instant, timeZone, locale)}` : '';
  return withNote(
    `${day} · ${formatTime(when.instant, timeZone, locale)}${upTo} ${zoneName(when.instant, timeZone, locale)}`,
  );
}

/** "until 3:00 PM EDT": an end whose start time is not known. */
export function untilText(instant: number, timeZone: string): string {
  return t('ui_until', timeOfDay(instant, timeZone));
}

/** A time of day with its zone, for the schedule's time column. */
export function timeOfDay(instant: number, timeZone: string): string {
  const locale = uiLocale();
  return `${formatTime(instant, timeZone, locale)} ${zoneName(instant, timeZone, locale)}`;
}

/** The lines for an event's time: festival zone, the reader's own, or both when they differ. */
export function whenLines(
  start: string | null,
  end: string | null,
  festivalZone: string,
  choice: ZoneChoice,
  mine = localZone(),
  note: string | null = null,
): string[] {
  const when = readWhen(start, festivalZone);
  const differs =
    when.precision === 'time' && offsetMinutes(when.instant, festivalZone) !== offsetMinutes(when.instant, mine);
  // The note is the publisher's words about festival time, so it goes with the festival's line.
  if (!differs || choice === 'festival') return [whenText(start, end, festivalZone, note)];
  if (choice === 'mine') return [whenText(start, end, mine, note)];
  return [whenText(start, end, festivalZone, note), t('ui_yourTime', whenText(start, end, mine))];
}
