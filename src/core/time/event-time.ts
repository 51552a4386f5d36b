// An event's start is a date-time with offset, a date alone, or nothing (see model.ts).
// Everything here reads it in the festival's time zone, never the machine's.

export type When =
  { precision: 'time'; instant: number; date: string } | { precision: 'date'; date: string } | { precision: 'none' };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats a date as YYYY-MM-DD, which is the key the schedule groups by.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date ("YYYY-MM-DD") of an instant as seen in a time zone. */
export function dateIn(instant: number, timeZone: string): string {
  return dayFormatter(timeZone).format(new Date(instant));
}

export function readWhen(start: string | null | undefined, timeZone: string): When {
  if (!start) return { precision: 'none' };
  if (DATE_ONLY.test(start)) return { precision: 'date', date: start };
  const instant = Date.parse(start);
  if (Number.isNaN(instant)) return { precision: 'none' };
  return { precision: 'time', instant, date: dateIn(instant, timeZone) };
}

/** Formats the day of a "YYYY-MM-DD" key, e.g. "Thursday, September 6, 2007". */
export function formatDay(date: string, locale?: string): string {
  // Noon UTC keeps the calendar date whatever zone formats it.
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

export function formatTime(instant: number, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(instant));
}

/** The short zone name ("EDT") shown next to times so nobody reads them as local. */
export function zoneName(instant: number, timeZone: string, locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(new Date(instant));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}
