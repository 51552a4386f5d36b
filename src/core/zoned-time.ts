// Wall-clock times in an IANA zone, turned into the ISO date-time with offset that the data
// model stores. Pages and the "Add an event" form give local times; the schedule needs instants.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function parts(instant: number, timeZone: string): Record<string, number> {
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
  const out: Record<string, number> = {};
  for (const p of formatter.formatToParts(new Date(instant))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Minutes east of UTC in `timeZone` at `instant`. */
export function offsetMinutes(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * "2007-09-06T21:30" read in "America/Toronto" → "2007-09-06T21:30:00-04:00". A time skipped
 * by a DST jump moves forward by the gap, as calendars do; null when the text or zone is bad.
 */
export function wallTimeToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m || !isTimeZone(timeZone)) return null;
  const [, y, mo, d, h, mi, s] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (Number.isNaN(wall)) return null;
  // The offsets around the guess; a valid one maps back onto itself. In an autumn overlap the
  // earlier instant wins; in a spring gap none is valid and the smaller offset moves the time on.
  const first = offsetMinutes(wall, timeZone);
  const candidates = [...new Set([first, offsetMinutes(wall - first * 60_000, timeZone)])].sort((a, b) => b - a);
  const valid = candidates.find((c) => offsetMinutes(wall - c * 60_000, timeZone) === c);
  const instant = wall - (valid ?? Math.min(...candidates)) * 60_000;
  const p = parts(instant, timeZone);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(p.year!, 4)}-${pad(p.month!)}-${pad(p.day!)}T${pad(p.hour!)}:${pad(p.minute!)}:${pad(p.second!)}${formatOffset(offsetMinutes(instant, timeZone))}`;
}

/** The wall-clock "YYYY-MM-DDTHH:MM" of an ISO date-time in a zone, for editing forms. */
export function isoToWallTime(iso: string, timeZone: string): string | null {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant) || !isTimeZone(timeZone)) return null;
  const p = parts(instant, timeZone);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(p.year!, 4)}-${pad(p.month!)}-${pad(p.day!)}T${pad(p.hour!)}:${pad(p.minute!)}`;
}
