// The zone for a TZID the file does not define with a VTIMEZONE. RFC 5545 leaves such a TZID
// to the reader; real files hold IANA names, Windows names (Outlook, Exchange), globally
// unique ones ("/freeassociation.sourceforge.net/Europe/Berlin", RFC 5545 §3.2.19) and names
// nobody can map ("Western/Central Europe"), which are read in a fallback zone, said.
import { ianaFromWindows, isTimeZone } from '../time/index.ts';

export interface ZoneFallbacks {
  /** The calendar's X-WR-TIMEZONE, when it names a zone. */
  declared: string | null;
  /** The festival's zone, when the caller knows one. */
  festival: string | null;
  /** The zone the calendar is read in (its commonest zone, else UTC). */
  calendar: string;
}

/** `note` says how a TZID that is not an IANA name was read; null for an IANA name. */
export function zoneForTzid(tzid: string, fallbacks: ZoneFallbacks): { zone: string; note: string | null } {
  const name = tzid.trim();
  if (isTimeZone(name)) return { zone: name, note: null };
  const quoted = `"${name.slice(0, 60)}"`;
  const windows = ianaFromWindows(name);
  if (windows && isTimeZone(windows))
    return { zone: windows, note: `the Windows zone ${quoted} was read as ${windows}` };
  // "/mozilla.org/20070129_1/America/New_York", "posix/Europe/Vaduz": the longest IANA tail.
  const segments = name.split('/').filter(Boolean);
  for (let i = 1; i < segments.length; i++) {
    const tail = segments.slice(i).join('/');
    if (isTimeZone(tail)) return { zone: tail, note: `the zone ${quoted} was read as ${tail}` };
  }
  const unknown = `names the time zone ${quoted}, which the file does not define`;
  if (fallbacks.declared)
    return { zone: fallbacks.declared, note: `${unknown}: read in ${fallbacks.declared} (X-WR-TIMEZONE)` };
  if (fallbacks.festival)
    return { zone: fallbacks.festival, note: `${unknown}: read in ${fallbacks.festival} (the festival's zone)` };
  return { zone: fallbacks.calendar, note: `${unknown}: read in ${fallbacks.calendar} (the calendar's zone)` };
}
