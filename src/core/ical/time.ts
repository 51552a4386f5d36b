// iCalendar times to the feed model's ISO strings: a date alone stays a date; a date-time
// becomes wall-clock time with the UTC offset that applied in its zone on that day.
import type ICAL from 'ical.js';
import { formatOffset, isTimeZone, pad, utcFromParts, wallOffsetMinutes } from '../time/index.ts';
import { YEAR_MAX, YEAR_MIN } from '../feed/index.ts';

type Time = InstanceType<typeof ICAL.Time>;

/** "Z" for UTC, else "+HH:MM". */
const offsetSuffix = (minutes: number): string => (minutes === 0 ? 'Z' : formatOffset(minutes));

export function dateString(t: { year: number; month: number; day: number }): string {
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/** `note`: how a TZID the file does not define was read (zones.ts). */
export type TimeResult = { value: string; floating: boolean; note?: string } | { error: string };

type ZoneOf = (tzid: string) => { zone: string; note: string | null } | null;
const ianaOnly: ZoneOf = (tzid) => (isTimeZone(tzid) ? { zone: tzid, note: null } : null);

/**
 * `tzid` is the property's TZID parameter, read by `zoneOf` when the file does not define it;
 * `fallbackZone` reads floating times (no TZID, no Z), which RFC 5545 leaves to the reader: we
 * use the calendar's own zone.
 */
export function isoFromTime(time: Time, tzid: string | null, fallbackZone: string, zoneOf = ianaOnly): TimeResult {
  if (!Number.isFinite(time.year) || time.month < 1 || time.month > 12 || time.day < 1 || time.day > 31) {
    return { error: 'is not a real date' };
  }
  // Checked before any zone is asked: ical.js would expand the file's VTIMEZONE rules up to the year.
  if (time.year < YEAR_MIN || time.year > YEAR_MAX) return { error: `is outside the years ${YEAR_MIN}–${YEAR_MAX}` };
  const date = dateString(time);
  if (time.isDate) return { value: date, floating: false };
  const wall = `${date}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
  const zoneId = time.zone?.tzid;
  // A zone defined in the file (VTIMEZONE) or UTC: ical.js knows the offset.
  if (zoneId && zoneId !== 'floating') {
    return { value: `${wall}${offsetSuffix(Math.round(time.utcOffset() / 60))}`, floating: false };
  }
  const wallAsUtc = utcFromParts(time.year, time.month, time.day, time.hour, time.minute, time.second);
  const read = tzid ? zoneOf(tzid) : null;
  if (read) {
    const value = `${wall}${offsetSuffix(wallOffsetMinutes(wallAsUtc, read.zone))}`;
    return read.note ? { value, floating: false, note: read.note } : { value, floating: false };
  }
  if (tzid) return { error: `names the time zone "${tzid.slice(0, 60)}", which the file does not define` };
  return { value: `${wall}${offsetSuffix(wallOffsetMinutes(wallAsUtc, fallbackZone))}`, floating: true };
}
