// schema.org startDate/endDate as pages write them: ISO 8601 with or without an offset
// ("-0400" as often as "-04:00"), with a space for the T, or a date alone. A time without an
// offset is a wall-clock time: it is read in a festival's zone when the date falls in that
// festival, and otherwise kept as written and flagged, never silently read as UTC.

import { dateIn } from '../time/index.ts';
import { checkDate, checkDateOrDateTime } from '../feed/index.ts';
import { wallTimeToIso } from '../time/index.ts';

export type PageMoment =
  { kind: 'instant'; iso: string } | { kind: 'date'; date: string } | { kind: 'local'; local: string };

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function readMoment(raw: unknown): PageMoment | null {
  if (typeof raw !== 'string' || raw.length > 64) return null;
  const m = ISO.exec(raw.trim());
  if (!m) return null;
  const [, date, h, mi, s, zone] = m;
  if (!checkDate(date!).ok) return null;
  if (h === undefined) return { kind: 'date', date: date! };
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  const time = `${h}:${mi}:${s ?? '00'}`;
  if (!zone) return { kind: 'local', local: `${date}T${time}` };
  const digits = zone.slice(1).replace(':', '');
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2) || '00'}`;
  const iso = `${date}T${time}${offset}`;
  return checkDateOrDateTime(iso).ok ? { kind: 'instant', iso } : null;
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
}

function dayOf(moment: PageMoment, zone: string): string {
  if (moment.kind === 'instant') return dateIn(Date.parse(moment.iso), zone);
  return moment.kind === 'date' ? moment.date : moment.local.slice(0, 10);
}

/** Places the start and end in a festival when one holds the start date, and gives each its offset. */
export function resolveTimes(startRaw: unknown, endRaw: unknown, festivals: readonly FestivalWindow[]): ResolvedTimes {
  const start = readMoment(startRaw);
  let end = readMoment(endRaw);
  if (!start) return { start: null, end: null, festival: null, floating: false };
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
  return {
    start: startText,
    end: endText,
    festival: festival?.key ?? null,
    floating: !festival && start.kind === 'local',
  };
}
