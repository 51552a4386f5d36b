// A tolerant pass over the text before ical.js reads it. ical.js refuses a whole file for one
// line it cannot read; real producers write such lines (Exchange's "BYDAY=MO, TU", Outlook's
// "DTSTART:20220101" without VALUE=DATE, Apple's broken folds, two VCALENDARs in one file). Each
// line is mended when its producer's intent is plain, else left out with a problem; one bad line
// costs its own property (or, for DTSTART, RECURRENCE-ID and RRULE, a mark the import reads), never the file.
// One pass, linear in the text.
import ICAL from 'ical.js';
import type { FeedProblem } from '../feed/index.ts';
import { errorText } from '../error-text.ts';

/**
 * Put in a VEVENT whose DTSTART, RECURRENCE-ID or RRULE could not be read, or that the file ends
 * inside; the import decides what is left of the event (src/core/ical/import.ts).
 */
export const UNREADABLE = 'X-AFTERPARTY-UNREADABLE';

/** The property an UNREADABLE mark names ("DTSTART (line 5)" → "DTSTART"). */
export function markedProperty(mark: string): string {
  const space = mark.indexOf(' ');
  return space < 0 ? mark : mark.slice(0, space);
}

const DATE_PROPS = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);
/** Without one of these an event cannot be placed or repeated as its producer meant. */
// An unreadable DTSTART, RECURRENCE-ID or RRULE changes what the event is: the line is left out
// and a marker tells the import, which decides and reports it under the event.
const VITAL = new Set(['DTSTART', 'RECURRENCE-ID', 'RRULE']);
const FREQS = new Set(['SECONDLY', 'MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const DATE = /^\d{8}$/;
const DATE_TIME = /^\d{8}T\d{6}Z?$/;
const DURATION = /^[+-]?P(?:\d+W|(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+S)?)?)$/;
// An END may close a component this many levels down (the ones between are closed with it).
const END_REACH = 16;
/**
 * ical.js reads a property's parameters in time quadratic in the line (it looks for the ":" once
 * per parameter): one 2 MB line of `;P=V` blocked the worker about 21 s. Real producers write a
 * handful of parameters (an ATTENDEE has about eight) and keep lines far shorter than this.
 */
export const ICAL_LINE_LIMITS = { chars: 64_000, params: 32 };

interface Line {
  at: number;
  text: string;
}

/** RFC 5545 §3.1: a line starting with a space or tab continues the one before. */
function unfold(text: string): Line[] {
  const raw = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const lines: Line[] = [];
  let parts: string[] = [];
  let at = 0;
  raw.forEach((line, i) => {
    if ((line.startsWith(' ') || line.startsWith('\t')) && parts.length > 0) {
      parts.push(line.slice(1));
      return;
    }
    if (parts.length > 0) lines.push({ at, text: parts.join('') });
    parts = [line];
    at = i + 1;
  });
  if (parts.length > 0) lines.push({ at, text: parts.join('') });
  return lines;
}

/** Name, parameters and value, honouring quoted parameter values; null without a ":". */
function split(line: string): { name: string; params: string[]; value: string } | null {
  const params: string[] = [];
  let quoted = false;
  let start = 0;
  let name: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ';' || c === ':')) {
      const part = line.slice(start, i);
      if (name === null) name = part;
      else params.push(part);
      start = i + 1;
      if (c === ':') return { name, params, value: line.slice(i + 1) };
    }
  }
  return null;
}

function validDateList(value: string, isDate: boolean, period: boolean): string[] {
  return value.split(',').filter((item) => {
    if (period) {
      const [from, to] = item.split('/');
      return DATE_TIME.test(from ?? '') && (DATE_TIME.test(to ?? '') || DURATION.test(to ?? ''));
    }
    return isDate ? DATE.test(item) : DATE_TIME.test(item);
  });
}

export function repairICalendar(text: string): { text: string; problems: FeedProblem[] } {
  const problems: FeedProblem[] = [];
  const note = (at: number, message: string) => problems.push({ path: `line ${at}`, message });
  const out: string[] = ['BEGIN:VCALENDAR'];
  const stack: string[] = [];
  let calendars = 0;

  for (const { at, text: line } of unfold(text)) {
    if (!line.trim()) continue;
    const begin = /^BEGIN:(.+)$/i.exec(line.trim());
    if (begin) {
      const name = begin[1]!.trim().toUpperCase();
      // Every VCALENDAR of the file is read as one: its contents join the first one's.
      if (name === 'VCALENDAR' && stack.length === 0) {
        if (++calendars === 2) note(at, 'the file holds more than one VCALENDAR; all are read as one');
        stack.push(name);
        continue;
      }
      if (!/^[A-Z0-9-]+$/.test(name)) {
        note(at, `BEGIN:${name.slice(0, 40)} is not a component name; ignored`);
        continue;
      }
      stack.push(name);
      out.push(`BEGIN:${name}`);
      continue;
    }
    const end = /^END:(.+)$/i.exec(line.trim());
    if (end) {
      const name = end[1]!.trim().toUpperCase();
      const depth = stack.lastIndexOf(name, stack.length - 1);
      if (depth < 0 || stack.length - depth > END_REACH) {
        note(at, `END:${name.slice(0, 40)} closes nothing; ignored`);
        continue;
      }
      while (stack.length > depth) {
        const closed = stack.pop()!;
        if (closed !== 'VCALENDAR' || stack.length > 0) out.push(`END:${closed}`);
      }
      continue;
    }
    if (stack.length === 0) {
      note(at, 'is outside any component; ignored');
      continue;
    }
    const mended = mendProperty(line, stack.at(-1)!, (message) => note(at, message));
    if (mended === null) continue;
    if (!('line' in mended)) {
      if (stack.at(-1) === 'VEVENT') out.push(`${UNREADABLE}:${mended.unreadable} (line ${at})`);
      continue;
    }
    out.push(mended.line);
  }
  for (let name = stack.pop(); name !== undefined; name = stack.pop()) {
    // An event the file ends inside may be a download cut short: not one to trust.
    if (name === 'VEVENT') out.push(`${UNREADABLE}:closing END:VEVENT (the file ends before it)`);
    if (name !== 'VCALENDAR' || stack.length > 0) out.push(`END:${name}`);
  }
  out.push('END:VCALENDAR');
  return { text: `${out.join('\r\n')}\r\n`, problems };
}

/** The line as ical.js can read it, `unreadable` for a vital property that cannot be, or null (left out). */
function mendProperty(
  line: string,
  component: string,
  note: (message: string) => void,
): { line: string; unreadable?: undefined } | { unreadable: string } | null {
  const parts = split(line);
  if (!parts) {
    note(`"${line.slice(0, 40)}" is not a property line (no ":"); ignored`);
    return null;
  }
  const name = parts.name.trim().toUpperCase();
  if (!/^(?:[A-Z0-9-]+\.)?[A-Z0-9-]+$/.test(name) || name === UNREADABLE) {
    note(`"${parts.name.slice(0, 40)}" is not a property name; ignored`);
    return null;
  }
  const vital = component === 'VEVENT' && VITAL.has(name);
  const fail = (why: string) => {
    note(`${name} ${why}; ${vital ? 'see its event' : 'ignored'}`);
    return vital ? { unreadable: name } : null;
  };
  if (line.length > ICAL_LINE_LIMITS.chars) return fail(`is longer than ${ICAL_LINE_LIMITS.chars} characters`);
  if (parts.params.length > ICAL_LINE_LIMITS.params)
    return fail(`has more than ${ICAL_LINE_LIMITS.params} parameters (${parts.params.length})`);
  // A parameter without "=" ("CN=Sixt SE;X" has one): dropped, the property kept.
  const params = parts.params.filter((p) => /^[A-Za-z0-9-]+=/.test(p));
  if (params.length < parts.params.length) note(`${name} has a parameter without a value; it was ignored`);
  let value = parts.value;
  const valueType = params
    .find((p) => /^VALUE=/i.test(p))
    ?.slice(6)
    .replace(/"/g, '')
    .toUpperCase();

  if (DATE_PROPS.has(name)) {
    // "DTSTART:20220101" is a date (Outlook and others leave out VALUE=DATE); Google's
    // "RDATE:20131210Z" too.
    const bare = value.trim().replace(/(\d{8})Z(?=,|$)/g, '$1');
    if (!valueType && /^\d{8}(?:,\d{8})*$/.test(bare)) {
      params.push('VALUE=DATE');
      value = bare;
    } else value = value.trim();
    const type = valueType ?? (/^\d{8}(?:,\d{8})*$/.test(value) ? 'DATE' : 'DATE-TIME');
    if (type !== 'DATE' && type !== 'DATE-TIME' && !(type === 'PERIOD' && name === 'RDATE'))
      return fail(`has VALUE=${type.slice(0, 20)}, which it cannot have`);
    const items = value.split(',');
    const valid = validDateList(value, type === 'DATE', type === 'PERIOD');
    if (valid.length === 0) return fail(`"${value.slice(0, 40)}" is not a date or date-time`);
    if ((name === 'DTSTART' || name === 'RECURRENCE-ID' || name === 'DTEND' || name === 'DUE') && items.length > 1)
      return fail('has more than one value');
    if (valid.length < items.length) note(`${name} has values that are not dates; they were ignored`);
    value = valid.join(',');
  }
  if (name === 'RRULE' || name === 'EXRULE') {
    value = value.replace(/\s+/g, '');
    const freq = /(?:^|;)FREQ=([^;]*)/i.exec(value)?.[1]?.toUpperCase();
    if (!freq || !FREQS.has(freq)) return fail(`has no valid FREQ ("${(freq ?? '').slice(0, 30)}")`);
  }
  const mended = `${parts.name}${params.map((p) => `;${p}`).join('')}:${value}`;
  try {
    ICAL.parse.property(mended);
  } catch (error) {
    return fail(`could not be read (${errorText(error, 100)})`);
  }
  return { line: mended };
}
