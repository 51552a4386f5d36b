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

/** "Thursday, September 6, 2007 · 10:38 PM EDT", or the words for a missing time or date. */
export function whenText(start: string | null, end: string | null, timeZone: string): string {
  const locale = uiLocale();
  const when = readWhen(start, timeZone);
  if (when.precision === 'none') return t('ui_dateNotAnnounced');
  const day = formatDay(when.date, locale);
  if (when.precision === 'date') return t('ui_dayTimeNotAnnounced', day);
  const finish = readWhen(end, timeZone);
  const until = finish.precision === 'time' ? `–${formatTime(finish.instant, timeZone, locale)}` : '';
  return `${day} · ${formatTime(when.instant, timeZone, locale)}${until} ${zoneName(when.instant, timeZone, locale)}`;
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
): string[] {
  const when = readWhen(start, festivalZone);
  const differs =
    when.precision === 'time' && offsetMinutes(when.instant, festivalZone) !== offsetMinutes(when.instant, mine);
  if (!differs || choice === 'festival') return [whenText(start, end, festivalZone)];
  if (choice === 'mine') return [whenText(start, end, mine)];
  return [whenText(start, end, festivalZone), t('ui_yourTime', whenText(start, end, mine))];
}
