// Dates and date-times as feed v1 writes them. The patterns mirror schema/feed-v1.schema.json;
// the code adds what a pattern cannot say: that the day exists (no 30 February), and that the
// year is one a festival can use.
import { utcFromParts } from '../time/index.ts';

// The years any feed may use, JSON and iCalendar alike: wide enough for any festival, narrow
// enough that nothing downstream (recurrence, VTIMEZONEs in an export) works across millennia.
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;
const OUTSIDE_YEARS = `is outside the years ${YEAR_MIN}–${YEAR_MAX}`;

const DATE_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME_PATTERN =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|([+-])([01]\d|2[0-3]):([0-5]\d))$/;
// Same shape as DATE_TIME_PATTERN but with the offset missing or not understood: worth a
// specific message, because a local time without a zone is ambiguous, not malformed.
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

export type DateCheck = { ok: true; value: string; hasTime: boolean } | { ok: false; reason: string };

function realDay(year: string, month: string, day: string): boolean {
  const y = Number(year);
  const m = Number(month);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
  return Number(day) <= days;
}

const inYears = (year: string) => Number(year) >= YEAR_MIN && Number(year) <= YEAR_MAX;

/** A date alone, "2007-09-09". */
export function checkDate(text: string): DateCheck {
  const m = DATE_PATTERN.exec(text);
  if (!m) return { ok: false, reason: 'is not a date like "2007-09-06"' };
  if (!realDay(m[1]!, m[2]!, m[3]!)) return { ok: false, reason: 'is not a real calendar date' };
  if (!inYears(m[1]!)) return { ok: false, reason: OUTSIDE_YEARS };
  return { ok: true, value: text, hasTime: false };
}

/** A date alone, or a date-time with its UTC offset ("2007-09-06T21:30:00-04:00" or "...Z"). */
export function checkDateOrDateTime(text: string): DateCheck {
  if (text.length <= 10) return checkDate(text);
  const m = DATE_TIME_PATTERN.exec(text);
  if (!m) {
    if (LOCAL_DATE_TIME.test(text)) {
      return {
        ok: false,
        reason: 'has a time but no UTC offset, so the moment is ambiguous (write it like "2007-09-06T21:30:00-04:00")',
      };
    }
    return {
      ok: false,
      reason: 'is neither a date like "2007-09-06" nor a date-time like "2007-09-06T21:30:00-04:00"',
    };
  }
  if (!realDay(m[1]!, m[2]!, m[3]!)) return { ok: false, reason: 'is not a real calendar date' };
  if (!inYears(m[1]!)) return { ok: false, reason: OUTSIDE_YEARS };
  return { ok: true, value: text, hasTime: true };
}

/**
 * True when `end` is strictly before `start`. Two date-times compare as instants; when either
 * is a date alone, only the calendar days as written are compared, since a date alone has no
 * zone to convert it with.
 */
export function endsBeforeStart(start: string, end: string): boolean {
  const bothTimed = start.length > 10 && end.length > 10;
  if (bothTimed) return instant(end) < instant(start);
  return end.slice(0, 10) < start.slice(0, 10);
}

// Computed by hand rather than with Date.parse, which is not required to accept nine-digit
// fractions or a missing seconds field.
function instant(dateTime: string): number {
  const m = DATE_TIME_PATTERN.exec(dateTime);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s, frac, zone, sign, oh, om] = m;
  const local = utcFromParts(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0));
  const millis = frac ? Number(frac) * 1000 : 0;
  const offset = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return local + millis - offset;
}
