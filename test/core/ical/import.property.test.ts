// Properties of the iCalendar import over generated calendars: folded or not, CRLF or LF,
// known and unknown zones, all-day and timed, recurring (sane and pathological RRULEs) with
// EXDATEs and overrides, duplicate UIDs, missing DTSTART/DTEND, hostile text. It never throws,
// returns within its work budget (counted, never timed), keeps only clean text, valid times and
// http(s) links, and accounts for every single (non-recurring) VEVENT: read, or reported.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDateOrDateTime } from '../../../src/core/feed/dates.ts';
import ICAL from 'ical.js';
import { ICAL_BUDGET, ICAL_LIMITS } from '../../../src/core/ical/budget.ts';
import { importICalendar, type ICalResult } from '../../../src/core/ical/import.ts';
import { compileMatcher, filmTie, type TitleSource } from '../../../src/core/matching/index.ts';
import { countComponentReads, countRecurrenceSteps } from './ical-work.ts';

const UNCLEAN =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const FILMS: TitleSource[] = [
  { id: 'default/fugitive-pieces', title: 'Fugitive Pieces', aliases: [], year: 2007, directors: [] },
  { id: 'default/ypf', title: 'Young People Fucking', aliases: ['Young People F***ing'], year: 2007, directors: [] },
];
const tie = filmTie(compileMatcher(FILMS));

/** RFC 5545 TEXT escaping (§3.3.11), so generated text survives as one property value. */
const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

const text = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'Fugitive Pieces party',
      'Young People F***ing at Wicked',
      'Dinner, Josos',
      'Réception',
      'Karaoke night',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '<img src=x onerror=alert(1)>',
      '\u202Eylno noitativnI',
      'a\u0000b\u001bc',
      'x'.repeat(6000),
      '\\',
      'line one\nline two',
    ),
  },
);
const stamp = fc
  .record({
    day: fc.integer({ min: 1, max: 31 }),
    month: fc.integer({ min: 1, max: 12 }),
    year: fc.constantFrom(2007, 2008, 2024, 1900, 2099),
    hour: fc.integer({ min: 0, max: 23 }),
  })
  .map(({ year, month, day, hour }) => ({
    date: `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`,
    time: `T${String(hour).padStart(2, '0')}3000`,
  }));
const zone = fc.constantFrom(
  'America/Toronto',
  'Europe/Paris',
  'Australia/Lord_Howe',
  'Mars/Olympus',
  'custom_America/New_York',
  '',
);
/** DTSTART/DTEND/EXDATE/RECURRENCE-ID values in every form RFC 5545 allows, and some it does not. */
const when = (name: string) =>
  fc.oneof(
    stamp.map((s) => `${name}:${s.date}${s.time}Z`),
    fc.tuple(zone, stamp).map(([z, s]) => `${name};TZID=${z}:${s.date}${s.time}`),
    stamp.map((s) => `${name};VALUE=DATE:${s.date}`),
    stamp.map((s) => `${name}:${s.date}${s.time}`),
    // Around the 2007 DST change in Toronto: 02:30 on 11 March does not exist, 01:30 on 4 November happens twice.
    fc.constantFrom(`${name};TZID=America/Toronto:20070311T023000`, `${name};TZID=America/Toronto:20071104T013000`),
    fc.constantFrom(`${name}:notadate`, `${name}:20071332T250000Z`, `${name};VALUE=DATE:2007`, `${name}:`),
  );
const rrule = fc.constantFrom(
  'RRULE:FREQ=DAILY;COUNT=5',
  'RRULE:FREQ=WEEKLY;UNTIL=20071231T000000Z',
  'RRULE:FREQ=DAILY',
  'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
  'RRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=1000',
  'RRULE:FREQ=SECONDLY',
  'RRULE:FREQ=MINUTELY;INTERVAL=1;COUNT=100000',
  'RRULE:FREQ=YEARLY;BYDAY=-53MO',
  'RRULE:FREQ=BOGUS;COUNT=x',
  'RRULE:',
);
const uid = fc.constantFrom('a@x', 'b@x', 'c@x', 'd@x', 'e@x', '');

interface GeneratedEvent {
  lines: string[];
  single: boolean;
}
const vevent: fc.Arbitrary<GeneratedEvent> = fc
  .record({
    uid: fc.option(uid, { nil: null }),
    start: fc.option(when('DTSTART'), { nil: null, freq: 8 }),
    end: fc.option(fc.oneof(when('DTEND'), fc.constantFrom('DURATION:PT2H', 'DURATION:P1D', 'DURATION:garbage')), {
      nil: null,
    }),
    rrule: fc.option(rrule, { nil: null, freq: 2 }),
    exdates: fc.array(when('EXDATE'), { maxLength: 2 }),
    override: fc.option(when('RECURRENCE-ID'), { nil: null, freq: 6 }),
    summary: fc.option(text, { nil: null, freq: 8 }),
    description: fc.option(text, { nil: null }),
    location: fc.option(text, { nil: null }),
    url: fc.option(
      fc.oneof(fc.webUrl(), fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'ftp://x.example/')),
      { nil: null },
    ),
    categories: fc.option(fc.constantFrom('PARTY', 'Dinner,Drinks', 'SCREENING', 'x'), { nil: null }),
    status: fc.option(fc.constantFrom('CANCELLED', 'CONFIRMED'), { nil: null }),
  })
  .map((e) => {
    const lines = ['BEGIN:VEVENT'];
    if (e.uid !== null) lines.push(`UID:${e.uid}`);
    if (e.start) lines.push(e.start);
    if (e.end) lines.push(e.end);
    if (e.rrule) lines.push(e.rrule, ...e.exdates);
    if (e.override) lines.push(e.override);
    if (e.summary !== null) lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description !== null) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location !== null) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.url !== null) lines.push(`URL:${e.url}`);
    if (e.categories !== null) lines.push(`CATEGORIES:${e.categories}`);
    if (e.status !== null) lines.push(`STATUS:${e.status}`);
    lines.push('END:VEVENT');
    // Generated UIDs have no "/", so a single event's id has none either; recurring ids are "uid/date".
    return { lines, single: !e.rrule && !e.override };
  });

/** Folds lines longer than `width` octets-ish (RFC 5545 §3.1), at any position. */
function fold(line: string, width: number, eol: string): string {
  if (line.length <= width) return line;
  const parts = [line.slice(0, width)];
  for (let at = width; at < line.length; at += width - 1) parts.push(` ${line.slice(at, at + width - 1)}`);
  return parts.join(eol);
}

const calendar = fc
  .record({
    events: fc.array(vevent, { maxLength: 8 }),
    name: fc.option(text, { nil: null }),
    wrZone: fc.option(zone, { nil: null }),
    eol: fc.constantFrom('\r\n', '\n'),
    foldAt: fc.option(fc.integer({ min: 8, max: 75 }), { nil: null }),
    noise: fc.option(fc.string({ maxLength: 40 }), { nil: null, freq: 8 }),
  })
  .map(({ events, name, wrZone, eol, foldAt, noise }) => {
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Afterparty tests//EN'];
    if (name !== null) lines.push(`X-WR-CALNAME:${escapeText(name)}`);
    if (wrZone !== null) lines.push(`X-WR-TIMEZONE:${wrZone}`);
    for (const event of events) lines.push(...event.lines);
    if (noise !== null) lines.push(noise);
    lines.push('END:VCALENDAR');
    // The first line stays whole: a file is recognised by its first line, which no producer folds.
    const body = lines.map((line, i) => (foldAt === null || i === 0 ? line : fold(line, foldAt, eol))).join(eol);
    return { body, events };
  });

function importWithin(body: string): ICalResult {
  const { value: result, steps } = countRecurrenceSteps(() =>
    importICalendar(body, { tie, fallbackTitle: 'Calendar' }),
  );
  // The budget's overrun is the step past it.
  expect(steps).toBeLessThanOrEqual(ICAL_BUDGET.steps + 1);
  return result;
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

function checkResult(result: ICalResult): void {
  if (!result.ok) {
    expect(result.error.length).toBeGreaterThan(10);
    return;
  }
  const { feed, links, problems } = result;
  for (const s of strings(feed)) expect(s).not.toMatch(UNCLEAN);
  for (const p of problems) expect(p.message.length).toBeGreaterThan(0);
  expect(feed.festivals.length).toBe(feed.events.length > 0 ? 1 : 0);
  for (const festival of feed.festivals)
    expect(() => new Intl.DateTimeFormat('en', { timeZone: festival.timeZone })).not.toThrow();
  const perEvent = new Map<string, number>();
  for (const event of feed.events) {
    perEvent.set(event.id.split('/')[0]!, (perEvent.get(event.id.split('/')[0]!) ?? 0) + 1);
    if (event.start !== null) expect(checkDateOrDateTime(event.start), event.start).toMatchObject({ ok: true });
    if (event.end !== null) {
      expect(checkDateOrDateTime(event.end), event.end).toMatchObject({ ok: true });
      expect(event.start).not.toBeNull();
    }
    if (event.url !== null) expect(new URL(event.url).protocol).toMatch(/^https?:$/);
    expect(event.title.length).toBeGreaterThan(0);
    expect([...(event.description ?? '')].length).toBeLessThanOrEqual(5000);
  }
  for (const count of perEvent.values()) expect(count).toBeLessThanOrEqual(ICAL_LIMITS.occurrencesPerEvent);
  const ids = new Set(feed.events.map((e) => e.id));
  for (const [id, films] of links) {
    expect(ids.has(id)).toBe(true);
    for (const film of films) expect(FILMS.map((f) => f.id)).toContain(film);
  }
}

describe('iCalendar import properties', () => {
  it('never throws on any text, and refuses what is not a calendar with a reason', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `BEGIN:VCALENDAR\r\n${s}`),
          fc.string().map((s) => `BEGIN:VCALENDAR\nBEGIN:VEVENT\n${s}\nEND:VEVENT\nEND:VCALENDAR`),
        ),
        (body) => {
          checkResult(importWithin(body));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reads generated calendars within budget, with clean fields and every single event accounted for', () => {
    fc.assert(
      fc.property(calendar, ({ body, events }) => {
        const result = importWithin(body);
        checkResult(result);
        if (!result.ok) return;
        const generated = events.map((event, i) => ({ ...event, i }));
        const single = generated.filter((e) => e.single);
        const skipped = result.problems.filter((p) => /skipped/.test(p.message));
        const reported = new Set(
          skipped
            .map((p) => /^VEVENT\[(\d+)\]/.exec(p.path)?.[1])
            .filter((i) => i !== undefined)
            .map(Number),
        );
        // An event with no readable date is kept as "date not announced", and says so.
        const undated = new Set(
          result.problems
            .filter((p) => /kept with its date not announced/.test(p.message))
            .map((p) => Number(/^VEVENT\[(\d+)\]/.exec(p.path)?.[1])),
        );
        expect(result.feed.events.filter((e) => e.start === null)).toHaveLength(undated.size);
        // A repeating event whose rule cannot be read is its first date only, and says so.
        const ruleless = new Set(
          result.problems
            .filter((p) => /only its first date was read/.test(p.message))
            .map((p) => Number(/^VEVENT\[(\d+)\]/.exec(p.path)?.[1])),
        );
        const readSingles = result.feed.events.filter((e) => !e.id.includes('/') && e.start !== null).length;
        // Each single VEVENT becomes exactly one event, or is reported skipped or undated, with a reason.
        const accounted = single.filter((e) => reported.has(e.i) || undated.has(e.i)).length;
        const asSingles = generated.filter((e) => !e.single && ruleless.has(e.i) && !reported.has(e.i)).length;
        expect(readSingles + accounted).toBe(single.length + asSingles);
      }),
      { numRuns: 300 },
    );
  });

  it('is the same whatever the line ending and wherever the lines are folded', () => {
    fc.assert(
      fc.property(calendar, fc.integer({ min: 8, max: 75 }), ({ body }, width) => {
        const lines = body
          .split(/\r?\n/)
          .reduce<string[]>(
            (out, line) =>
              line.startsWith(' ') && out.length > 0
                ? [...out.slice(0, -1), out.at(-1)! + line.slice(1)]
                : [...out, line],
            [],
          );
        const lf = importICalendar(lines.join('\n'), { tie });
        const folded = importICalendar(
          lines.map((line, i) => (i === 0 ? line : fold(line, width, '\r\n'))).join('\r\n'),
          { tie },
        );
        // Problems name physical lines (repair.ts), which folding moves.
        const unlined = (r: unknown) => JSON.parse(JSON.stringify(r).replace(/line \d+/g, 'line')) as unknown;
        expect(unlined(folded)).toEqual(unlined(lf));
      }),
      { numRuns: 150 },
    );
  });

  it('grows linearly with the number of events', { timeout: 60_000 }, () => {
    // ical.js's Event constructor scans every VEVENT of the calendar for overrides unless it is
    // handed `exceptions`, which makes reading a calendar quadratic (10,000 events: about 7 s).
    const calendarOf = (n: number) =>
      `BEGIN:VCALENDAR\r\n${Array.from({ length: n }, (_, i) => `BEGIN:VEVENT\r\nUID:${i}\r\nDTSTART:20070906T213000Z\r\nSUMMARY:Fugitive Pieces party ${i}\r\nEND:VEVENT`).join('\r\n')}\r\nEND:VCALENDAR`;
    const reads = (body: string) => {
      const { value: result, reads } = countComponentReads(() => importICalendar(body, { tie }));
      expect(result.ok && result.feed.events.length).toBe(body.split('BEGIN:VEVENT').length - 1);
      return reads;
    };
    const small = reads(calendarOf(2_000));
    const large = reads(calendarOf(10_000));
    // Five times the events: linear work reads about five times as much, quadratic twenty-five.
    expect(large / small).toBeLessThan(5.5);
    // Positive control: the counter sees the quadratic scan (every VEVENT, for each of 100 events).
    const calendar = new ICAL.Component(ICAL.parse(calendarOf(100)));
    const scan = countComponentReads(() => {
      for (const vevent of calendar.getAllSubcomponents('vevent')) new ICAL.Event(vevent);
    });
    expect(scan.reads).toBeGreaterThanOrEqual(100 * 100);
  });

  it.each([
    [
      'a secondly rule over a century',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:s\r\nDTSTART:19000101T000000Z\r\nRRULE:FREQ=SECONDLY\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:t\r\nDTSTART:20990101T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR',
    ],
    [
      'an impossible yearly rule',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:y\r\nDTSTART;VALUE=DATE:20070906\r\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30\r\nEND:VEVENT\r\nEND:VCALENDAR',
    ],
    [
      'a 1 MB summary folded every 8 characters',
      `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:f\r\nDTSTART:20070906T213000Z\r\n${fold(`SUMMARY:${'\u202Eab '.repeat(250_000)}`, 8, '\r\n')}\r\nEND:VEVENT\r\nEND:VCALENDAR`,
    ],
    ['100,000 nested components', `BEGIN:VCALENDAR\r\n${'BEGIN:X\r\n'.repeat(100_000)}END:VCALENDAR`],
  ])('returns within its work budget on %s', { timeout: 60_000 }, (_what, body) => {
    const { value: result, steps } = countRecurrenceSteps(() => importICalendar(body, { tie }));
    expect(steps).toBeLessThanOrEqual(ICAL_BUDGET.steps + 1);
    checkResult(result);
  });
});
