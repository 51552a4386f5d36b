// The zone for a TZID the file does not define with a VTIMEZONE. RFC 5545 leaves such a TZID
// to the reader; real files hold IANA names, Windows names (Outlook, Exchange), globally
// unique ones ("/freeassociation.sourceforge.net/Europe/Berlin", RFC 5545 §3.2.19) and names
// nobody can map ("Western/Central Europe"), which are read in a fallback zone, said.
import type ICAL from 'ical.js';
import { ianaFromWindows, isTimeZone } from '../time/index.ts';
import { passOverrun } from './budget.ts';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

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

export function declaredZone(calendar: Component): string | null {
  const declared = calendar.getFirstPropertyValue('x-wr-timezone');
  return typeof declared === 'string' && isTimeZone(declared.trim()) ? declared.trim() : null;
}

/** The zone the calendar is read in: X-WR-TIMEZONE, else the zone most of its events use. */
export function calendarZone(calendar: Component, vevents: Component[]): string {
  const declared = declaredZone(calendar);
  if (declared) return declared;
  const counts = new Map<string, number>();
  const none = { declared: null, festival: null, calendar: '' };
  for (const vevent of vevents) {
    const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
    const zone = typeof tzid === 'string' ? zoneForTzid(tzid, none).zone : '';
    if (zone) counts.set(zone, (counts.get(zone) ?? 0) + 1);
  }
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return common ?? fixedZoneOf(vevents[0]) ?? 'UTC';
}

/**
 * A zone only the file defines ("custom_America/New_York"): shown at the fixed offset of the
 * first event, as an Etc/GMT zone (whose sign is inverted, POSIX style).
 */
function fixedZoneOf(vevent: Component | undefined): string | null {
  try {
    const start = vevent?.getFirstPropertyValue('dtstart') as Time | null;
    if (!start || start.isDate) return null;
    const hours = start.utcOffset() / 3600;
    if (!Number.isInteger(hours) || hours === 0) return null;
    const zone = `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    return isTimeZone(zone) ? zone : null;
  } catch (error) {
    passOverrun(error);
    return null;
  }
}
