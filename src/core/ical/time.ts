// iCalendar times to the feed model's ISO strings: a date alone stays a date; a date-time
// becomes wall-clock time with the UTC offset that applied in its zone on that day.
import type ICAL from 'ical.js';

type Time = InstanceType<typeof ICAL.Time>;

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

export function isIanaZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Offset of `zone` from UTC at an instant, in minutes east. */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The offset of a wall-clock time in a zone. Two passes settle it across a DST change; in the
 * repeated hour of autumn the first (summer) reading wins, as RFC 5545 §3.3.5 asks.
 */
export function wallOffsetMinutes(wallAsUtc: number, zone: string): number {
  let offset = zoneOffsetMinutes(wallAsUtc, zone);
  offset = zoneOffsetMinutes(wallAsUtc - offset * 60_000, zone);
  const earlier = zoneOffsetMinutes(wallAsUtc - offset * 60_000 - 3_600_000, zone);
  if (earlier > offset && zoneOffsetMinutes(wallAsUtc - earlier * 60_000, zone) === earlier) return earlier;
  return offset;
}

function formatOffset(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

export function dateString(t: { year: number; month: number; day: number }): string {
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

export type TimeResult = { value: string; floating: boolean } | { error: string };

/**
 * `tzid` is the property's TZID parameter; `fallbackZone` reads floating times (no TZID, no
 * Z), which RFC 5545 leaves to the reader: we use the calendar's own zone.
 */
export function isoFromTime(time: Time, tzid: string | null, fallbackZone: string): TimeResult {
  if (!Number.isFinite(time.year) || time.month < 1 || time.month > 12 || time.day < 1 || time.day > 31) {
    return { error: 'is not a real date' };
  }
  const date = dateString(time);
  if (time.isDate) return { value: date, floating: false };
  const wall = `${date}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
  const zoneId = time.zone?.tzid;
  // A zone defined in the file (VTIMEZONE) or UTC: ical.js knows the offset.
  if (zoneId && zoneId !== 'floating') {
    return { value: `${wall}${formatOffset(Math.round(time.utcOffset() / 60))}`, floating: false };
  }
  const wallAsUtc = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  if (tzid && isIanaZone(tzid))
    return { value: `${wall}${formatOffset(wallOffsetMinutes(wallAsUtc, tzid))}`, floating: false };
  if (tzid) return { error: `names the time zone "${tzid.slice(0, 60)}", which the file does not define` };
  return { value: `${wall}${formatOffset(wallOffsetMinutes(wallAsUtc, fallbackZone))}`, floating: true };
}
