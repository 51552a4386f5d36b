// Exports events as an iCalendar file (RFC 5545). Times keep their festival's zone: each
// DTSTART/DTEND carries a TZID, and the file holds a VTIMEZONE for every zone it names, built
// from the platform's own zone data (Intl) for the years the events use, so a calendar
// without that zone in its database still reads the right instant (RFC 5545 §3.6.5).
import { readWhen } from '../time/index.ts';
import type { Access, FeedEvent, GeoPoint } from '../model.ts';
import { formatOffset, offsetMinutes, pad, utcFromParts, wallClock } from '../time/index.ts';

export interface ExportItem {
  event: FeedEvent & { key: string };
  /** IANA zone the event's times are written in. */
  timeZone: string;
  /** Titles of the films the event is for, written into the description. */
  filmTitles?: string[];
  /** The user's "Remind me", as a VALARM this many minutes before the start (timed events only). */
  alarmMinutesBefore?: number;
}

export interface ExportResult {
  ics: string;
  /** Events left out because their date is not announced. */
  skipped: string[];
}

const PRODID = '-//Afterparty//Afterparty festival schedule//EN';

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newline are escaped in TEXT values. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: CRLF ends a content line. Values written unescaped (URL, TZID, CATEGORIES)
 * must not carry one: a link with a line break in it would start new properties or components
 * (an alarm, another event) in the user's calendar. TEXT, the UID's key included, is escaped
 * (escapeText); any other line with CR or LF is refused, and the export with it.
 */
export function unbrokenLine(line: string): string {
  if (/[\r\n]/.test(line))
    throw new Error(`Afterparty will not write a line break into a calendar's ${line.split(/[:;]/)[0]?.slice(0, 20)}`);
  return line;
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded; a UTF-8 sequence is never split. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with one space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function localStamp(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.y, 4)}${pad(w.mo)}${pad(w.d)}T${pad(w.h)}${pad(w.mi)}${pad(w.s)}`;
}

function utcStamp(instant: number): string {
  return `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The instants in [from, to) where the zone's offset changes, found to the minute. */
function transitions(timeZone: string, from: number, to: number): number[] {
  const step = 6 * 3600_000; // no zone changes its offset twice within six hours
  const found: number[] = [];
  let before = offsetMinutes(from, timeZone);
  for (let t = from + step; t < to + step; t += step) {
    const now = offsetMinutes(t, timeZone);
    if (now === before) continue;
    let lo = t - step;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(mid, timeZone) === before) lo = mid;
      else hi = mid;
    }
    found.push(hi);
    before = now;
  }
  return found;
}

/**
 * A VTIMEZONE with the zone's real rules for each of `years` (the years that hold an event's
 * start or end), not the years between: sampling 2026 to 9999 took over a minute and wrote
 * 1.5 MB. Each year opens with the rule in force on 1 January, so the years need not touch.
 */
export function vtimezone(timeZone: string, years: Iterable<number>): string[] {
  const spans = [...new Set(years)]
    .sort((a, b) => a - b)
    .map((year) => {
      const from = utcFromParts(year, 1, 1);
      const changes = transitions(timeZone, from, utcFromParts(year + 1, 1, 1));
      const offsets = [offsetMinutes(from, timeZone), ...changes.map((t) => offsetMinutes(t, timeZone))];
      return { year, changes, offsets };
    });
  const standard = Math.min(...spans.flatMap((span) => span.offsets));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const observance = (start: string, fromOffset: number, toOffset: number) => {
    const kind = toOffset > standard ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${start}`,
      `TZOFFSETFROM:${formatOffset(fromOffset, '')}`,
      `TZOFFSETTO:${formatOffset(toOffset, '')}`,
      `END:${kind}`,
    );
  };
  for (const { year, changes, offsets } of spans) {
    // The rule in force on the first day, then each change; DTSTART is the wall clock before the change.
    observance(`${pad(year, 4)}0101T000000`, offsets[0]!, offsets[0]!);
    changes.forEach((instant, i) =>
      observance(localStamp(instant + offsets[i]! * 60_000, 'UTC'), offsets[i]!, offsets[i + 1]!),
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * RFC 5545 §3.8.1.6: "lat;lon" as FLOATs, which allow no exponent (String(1e-7) is "1e-7"), so
 * six decimals (about 10 cm) with trailing zeros dropped; a position out of range is left out.
 */
export function geoValue(geo: GeoPoint | null | undefined): string | null {
  if (!geo || !Number.isFinite(geo.lat) || !Number.isFinite(geo.lon)) return null;
  if (Math.abs(geo.lat) > 90 || Math.abs(geo.lon) > 180) return null;
  const float = (n: number) =>
    n
      .toFixed(6)
      .replace(/\.?0+$/, '')
      .replace(/^-0$/, '0');
  return `${float(geo.lat)};${float(geo.lon)}`;
}

/**
 * The labelled lines of an event's DESCRIPTION, in the reader's language: the background passes
 * the catalog's words; the English ones stand when none are given. An access level is a word
 * for people ("Invitation only"), never the feed's value ("invite"); an unstated one is left out.
 */
export interface ExportWords {
  host: (name: string) => string;
  access: (access: Access) => string | null;
  source: (name: string) => string;
}

const ACCESS_EN: Record<Access, string | null> = {
  public: 'Open to the public',
  rsvp: 'RSVP',
  invite: 'Invitation only',
  ticketed: 'Ticketed',
  unknown: null,
};

export const ENGLISH_EXPORT_WORDS: ExportWords = {
  host: (name) => `Host: ${name}`,
  access: (access) => ACCESS_EN[access] ?? null,
  source: (name) => `Source: ${name}`,
};

/** The DESCRIPTION's text: films, host, access, the event's own description and its source. */
export function describeEvent(item: ExportItem, words: ExportWords = ENGLISH_EXPORT_WORDS): string {
  const { event } = item;
  const lines: string[] = [];
  if (item.filmTitles?.length) lines.push(item.filmTitles.join(', '));
  if (event.host) lines.push(words.host(event.host));
  const access = words.access(event.access);
  if (access) lines.push(access);
  if (event.description) lines.push('', event.description);
  if (event.source)
    lines.push('', words.source(`${event.source.name}${event.source.url ? ` ${event.source.url}` : ''}`));
  return lines.join('\n');
}

/** One VCALENDAR with a VEVENT per dated event; `now` stamps DTSTAMP (RFC 5545 §3.8.7.2). */
export function exportIcs(
  items: readonly ExportItem[],
  now: number,
  words: ExportWords = ENGLISH_EXPORT_WORDS,
): ExportResult {
  const skipped: string[] = [];
  const events: string[][] = [];
  const years = new Map<string, Set<number>>();
  for (const item of items) {
    const { event, timeZone } = item;
    const start = readWhen(event.start, timeZone);
    if (start.precision === 'none') {
      skipped.push(event.key);
      continue;
    }
    const lines = ['BEGIN:VEVENT', `UID:${escapeText(event.key)}@afterparty`, `DTSTAMP:${utcStamp(now)}`];
    if (start.precision === 'date') {
      lines.push(
        `DTSTART;VALUE=DATE:${start.date.replace(/-/g, '')}`,
        `DTEND;VALUE=DATE:${nextDay(start.date).replace(/-/g, '')}`,
      );
    } else {
      const end = readWhen(event.end, timeZone);
      const stamps = [start.instant, ...(end.precision === 'time' && end.instant > start.instant ? [end.instant] : [])];
      if (timeZone === 'UTC') {
        lines.push(`DTSTART:${utcStamp(stamps[0]!)}`);
        if (stamps[1] !== undefined) lines.push(`DTEND:${utcStamp(stamps[1])}`);
      } else {
        lines.push(`DTSTART;TZID=${timeZone}:${localStamp(stamps[0]!, timeZone)}`);
        if (stamps[1] !== undefined) lines.push(`DTEND;TZID=${timeZone}:${localStamp(stamps[1], timeZone)}`);
        const used = years.get(timeZone) ?? new Set<number>();
        for (const stamp of stamps) used.add(wallClock(stamp, timeZone).y);
        years.set(timeZone, used);
      }
    }
    lines.push(`SUMMARY:${escapeText(event.title)}`);
    if (event.venue)
      lines.push(`LOCATION:${escapeText([event.venue.name, event.venue.address].filter(Boolean).join(', '))}`);
    const geo = geoValue(event.venue?.geo);
    if (geo) lines.push(`GEO:${geo}`);
    lines.push(`DESCRIPTION:${escapeText(describeEvent(item, words))}`, `CATEGORIES:${event.kind.toUpperCase()}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.cancelled) lines.push('STATUS:CANCELLED');
    if (item.alarmMinutesBefore !== undefined && start.precision === 'time' && !event.cancelled) {
      const minutes = Math.max(0, Math.round(item.alarmMinutesBefore));
      lines.push(
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `TRIGGER:-PT${minutes}M`,
        `DESCRIPTION:${escapeText(event.title)}`,
        'END:VALARM',
      );
    }
    lines.push('END:VEVENT');
    events.push(lines);
  }
  const zones = [...years].flatMap(([zone, used]) => vtimezone(zone, used));
  const all = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...zones,
    ...events.flat(),
    'END:VCALENDAR',
  ];
  return { ics: `${all.map((line) => foldLine(unbrokenLine(line))).join('\r\n')}\r\n`, skipped };
}

/** A file name for a download: letters, digits and dashes only. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'afterparty'}.ics`;
}
