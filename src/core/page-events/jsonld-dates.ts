// schema.org startDate/endDate as pages write them: ISO 8601 with or without an offset
// ("-0400" as often as "-04:00"), with a space for the T, or a date alone. A time without an
// offset is a wall-clock time: it is read in a festival's zone when the date falls in that
// festival, and otherwise kept as written and flagged, never silently read as UTC.

import { dateIn } from '../time/index.ts';
import { checkDate, checkDateOrDateTime } from '../feed/index.ts';
import { utcFromParts, wallTimeToIso } from '../time/index.ts';

export type PageMoment =
  { kind: 'instant'; iso: string } | { kind: 'date'; date: string } | { kind: 'local'; local: string };

// Fields may be written unpadded ("2019-9-18T10:00") and the offset in decimal hours
// ("+5.5:00"): each reads one way only, so it is read, and the offer says it was written so.
const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s*(Z|[+-]\d{1,2}(?:\.\d{1,2})?(?::?\d{2})?)?)?$/i;

const two = (n: string) => n.padStart(2, '0');

function offsetOf(zone: string): { offset: string; asWritten: boolean } | null {
  if (zone.toUpperCase() === 'Z') return { offset: 'Z', asWritten: false };
  const sign = zone[0]!;
  const decimal = /^[+-](\d{1,2})\.(\d{1,2})(?::?00)?$/.exec(zone);
  if (decimal) {
    // Decimal hours: +5.5 is 5 h 30; a fraction that is not whole minutes reads no way.
    const minutes = Number(`0.${decimal[2]}`) * 60;
    if (!Number.isInteger(minutes)) return null;
    return { offset: `${sign}${two(decimal[1]!)}:${two(String(minutes))}`, asWritten: true };
  }
  const m = /^[+-](\d{1,2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  return { offset: `${sign}${two(m[1]!)}:${m[2] ?? '00'}`, asWritten: m[1]!.length === 1 };
}

export interface ReadMoment {
  moment: PageMoment;
  /** Written other than ISO 8601 (unpadded, decimal offset) and read the one way it can be. */
  asWritten: boolean;
}

export function readMomentAsWritten(raw: unknown): ReadMoment | null {
  if (typeof raw !== 'string' || raw.length > 64) return null;
  const m = ISO.exec(raw.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone] = m;
  const date = `${y}-${two(mo!)}-${two(d!)}`;
  let asWritten = mo!.length === 1 || d!.length === 1;
  if (!checkDate(date).ok) return null;
  if (h === undefined) return { moment: { kind: 'date', date }, asWritten };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  asWritten ||= h.length === 1;
  const time = `${two(h)}:${mi}:${s ?? '00'}`;
  if (!zone) return { moment: { kind: 'local', local: `${date}T${time}` }, asWritten };
  const offset = offsetOf(zone);
  if (!offset) return null;
  const iso = `${date}T${time}${offset.offset}`;
  return checkDateOrDateTime(iso).ok
    ? { moment: { kind: 'instant', iso }, asWritten: asWritten || offset.asWritten }
    : null;
}

function readMoment(raw: unknown): PageMoment | null {
  return readMomentAsWritten(raw)?.moment ?? null;
}

/** An ISO 8601 duration's minutes (PT1H47M, PT100M, P1DT2H); null for none, zero or unreadable. */
export function durationMinutes(raw: unknown): number | null {
  if (typeof raw !== 'string' || raw.length > 40) return null;
  const m = /^P(?:(\d{1,3})D)?(?:T(?:(\d{1,4})H)?(?:(\d{1,5})M)?(?:(\d{1,6})S)?)?$/i.exec(raw.trim());
  if (!m || raw.trim().toUpperCase() === 'P' || raw.trim().toUpperCase() === 'PT') return null;
  const minutes =
    Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) + Math.floor(Number(m[4] ?? 0) / 60);
  // PT0H0M is a page's placeholder for a running time it does not know: no end.
  return minutes > 0 && minutes <= 14 * 1440 ? minutes : null;
}

/** A start plus minutes, written the way the start is (same offset, or wall-clock). */
export function plusMinutes(start: string, minutes: number): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(start);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, zone] = m;
  const wall = utcFromParts(Number(y), Number(mo), Number(d), Number(h), Number(mi) + minutes, Number(s));
  if (Number.isNaN(wall)) return null;
  const end = new Date(wall).toISOString().slice(0, 19);
  return zone ? `${end}${zone}` : end;
}

export interface FestivalWindow {
  key: string;
  timeZone: string;
  start: string;
  end: string;
}

// The night of a festival's last day runs past midnight: its parties still belong to it.
function dayAfter(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function festivalOn(date: (f: FestivalWindow) => string, festivals: readonly FestivalWindow[]): FestivalWindow | null {
  return (
    festivals.find((f) => {
      const day = date(f);
      return day >= f.start && day <= dayAfter(f.end);
    }) ?? null
  );
}

export interface ResolvedTimes {
  start: string | null;
  end: string | null;
  festival: string | null;
  /** The page wrote times with no offset and no festival held the date: wall-clock times as written. */
  floating: boolean;
  /** The start as the page wrote it, when it was not ISO 8601 and was read the one way it can be. */
  asWritten: string | null;
  /** The end is the start plus the page's `duration`. */
  endFromDuration: boolean;
}

function dayOf(moment: PageMoment, zone: string): string {
  if (moment.kind === 'instant') return dateIn(Date.parse(moment.iso), zone);
  return moment.kind === 'date' ? moment.date : moment.local.slice(0, 10);
}

/** Places the start and end in a festival when one holds the start date, and gives each its offset. */
export function resolveTimes(
  startRaw: unknown,
  endRaw: unknown,
  festivals: readonly FestivalWindow[],
  duration: number | null = null,
): ResolvedTimes {
  const read = readMomentAsWritten(startRaw);
  const start = read?.moment ?? null;
  let end = readMoment(endRaw);
  if (!start)
    return { start: null, end: null, festival: null, floating: false, asWritten: null, endFromDuration: false };
  const festival = festivalOn((f) => dayOf(start, f.timeZone), festivals);
  const place = (m: PageMoment | null): string | null => {
    if (!m) return null;
    if (m.kind === 'instant') return m.iso;
    if (m.kind === 'date') return m.date;
    return festival ? wallTimeToIso(m.local, festival.timeZone) : m.local;
  };
  // An end written less precisely than the start (a date alone after a timed start) adds nothing,
  // and an end with an offset cannot be compared with a floating start.
  if (end && end.kind !== start.kind && (end.kind === 'date' || start.kind === 'date' || !festival)) end = null;
  const startText = place(start);
  let endText = place(end);
  if (
    startText &&
    endText &&
    (endText.length === 10 || startText.length === 10) &&
    endText.slice(0, 10) < startText.slice(0, 10)
  )
    endText = null;
  if (startText && endText && start.kind !== 'local' && Date.parse(endText) < Date.parse(startText)) endText = null;
  if (startText && endText && start.kind === 'local' && !festival && endText < startText) endText = null;
  // An end equal to the start says nothing: a zero-length screening is a page's placeholder.
  if (startText && endText === startText && startText.length > 10) endText = null;
  const byDuration = !endText && duration !== null && startText !== null && startText.length > 10;
  if (byDuration) endText = plusMinutes(startText, duration);
  return {
    start: startText,
    end: endText,
    festival: festival?.key ?? null,
    floating: !festival && start.kind === 'local',
    asWritten: read?.asWritten && typeof startRaw === 'string' ? startRaw.trim() : null,
    endFromDuration: byDuration && endText !== null,
  };
}
