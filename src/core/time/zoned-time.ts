// Wall-clock times in an IANA zone, turned into the ISO date-time with offset that the data
// model stores. Pages and the "Add an event" form give local times; the schedule needs instants.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

export interface WallClock {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/** The wall-clock reading of an instant in a zone. */
export function wallClock(instant: number, timeZone: string): WallClock {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormatters.set(timeZone, formatter);
  }
  const p: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour! % 24, mi: p.minute!, s: p.second! };
}

/**
 * Date.UTC with the year taken as written: Date.UTC reads years 0–99 as 1900–1999.
 * `month` counts from 1.
 */
export function utcFromParts(year: number, month: number, day: number, h = 0, mi = 0, s = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(h, mi, s, 0);
  return date.getTime();
}

/** Minutes east of UTC in `timeZone` at `instant` (Toronto in summer: -240). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const wall = utcFromParts(w.y, w.mo, w.d, w.h, w.mi, w.s);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The offset of a wall-clock time (`wallAsUtc`: its fields read as if UTC) in a zone. Two passes
 * settle it across a DST change; in the repeated hour of autumn the first (summer) reading wins,
 * as RFC 5545 §3.3.5 asks. The iCalendar import and the CSV converter use it; wallTimeToIso
 * settles DST edges its own way, and the two disagree at some of them, so they are kept apart.
 */
export function wallOffsetMinutes(wallAsUtc: number, zone: string): number {
  let offset = offsetMinutes(wallAsUtc, zone);
  offset = offsetMinutes(wallAsUtc - offset * 60_000, zone);
  const earlier = offsetMinutes(wallAsUtc - offset * 60_000 - 3_600_000, zone);
  if (earlier > offset && offsetMinutes(wallAsUtc - earlier * 60_000, zone) === earlier) return earlier;
  return offset;
}

const zoneCache = new Map<string, boolean>();

/** Whether Intl knows the IANA zone; cached, with a ceiling so a feed of junk zones stays small. */
export function isTimeZone(zone: string): boolean {
  let valid = zoneCache.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    if (zoneCache.size < 1000) zoneCache.set(zone, valid);
  }
  return valid;
}

/** `n` as at least `width` digits, without its sign. */
export const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** -240 → "-04:00"; with `separator` '' → "-0400", as iCalendar's TZOFFSETFROM writes it. */
export function formatOffset(minutes: number, separator = ':'): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${separator}${pad(abs % 60)}`;
}

/**
 * "2007-09-06T21:30" read in "America/Toronto" → "2007-09-06T21:30:00-04:00". A time skipped
 * by a DST jump moves forward by the gap, as calendars do; null when the text or zone is bad.
 */
export function wallTimeToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m || !isTimeZone(timeZone)) return null;
  const [, y, mo, d, h, mi, s] = m;
  const wall = utcFromParts(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(wall)) return null;
  // The offsets around the guess; a valid one maps back onto itself. In an autumn overlap the
  // earlier instant wins; in a spring gap none is valid and the smaller offset moves the time on.
  const first = offsetMinutes(wall, timeZone);
  const candidates = [...new Set([first, offsetMinutes(wall - first * 60_000, timeZone)])].sort((a, b) => b - a);
  const valid = candidates.find((c) => offsetMinutes(wall - c * 60_000, timeZone) === c);
  const instant = wall - (valid ?? Math.min(...candidates)) * 60_000;
  const w = wallClock(instant, timeZone);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}${formatOffset(offsetMinutes(instant, timeZone))}`;
}

/** The wall-clock "YYYY-MM-DDTHH:MM" of an ISO date-time in a zone, for editing forms. */
export function isoToWallTime(iso: string, timeZone: string): string | null {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant) || !isTimeZone(timeZone)) return null;
  const w = wallClock(instant, timeZone);
  return `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}
