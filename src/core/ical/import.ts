// iCalendar (RFC 5545) to the feed model, with ical.js: each VEVENT (each occurrence of a
// recurring one) becomes an event, tied to films by running the title matcher over its
// SUMMARY and DESCRIPTION. The calendar becomes one festival spanning its events, so every
// time is shown in the calendar's own zone. Mapping documented in docs/feed-format.md.
import ICAL from 'ical.js';
import type { FeedProblem } from '../feed/index.ts';
import { ProblemList, YEAR_MAX, YEAR_MIN } from '../feed/index.ts';
import { durationMinutes, kindFromCategories, multiLine, oneLine, urlFrom, venueFrom } from './fields.ts';
import { dateString, isoFromTime } from './time.ts';
import { BudgetOverrun, checkNesting, ICAL_BUDGET, metered, type BudgetPart, type IcalBudget } from './budget.ts';
import { markedProperty, repairICalendar, UNREADABLE } from './repair.ts';
import { zoneForTzid, type ZoneFallbacks } from './zones.ts';
import { hashOf } from '../hash.ts';
import { compileMatcher, type TitleSource } from '../matching/index.ts';
import { isTimeZone, pad } from '../time/index.ts';
import type { FeedEvent, Festival, Feed } from '../model.ts';
import { errorText } from '../error-text.ts';

// Its value names a physical line, which must not change an event's identity.
const UNREADABLE_PROPERTY = UNREADABLE.toLowerCase();

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

export type ICalResult =
  | {
      ok: true;
      feed: Feed;
      /** Event id to the keys of the films (from `films`) its summary or description names. */
      links: Map<string, string[]>;
      problems: FeedProblem[];
      /** REFRESH-INTERVAL (RFC 7986) or X-PUBLISHED-TTL, in minutes. */
      refreshMinutes: number | null;
    }
  /** `overrun`: the calendar needed more work than its budget (budget.ts). */
  | { ok: false; error: string; overrun?: BudgetPart };

export interface ICalOptions {
  /** Films to tie events to; their ids are kept as given (row keys in the extension). */
  films?: readonly TitleSource[];
  /** The feed's title when the calendar has no name (X-WR-CALNAME, NAME). */
  fallbackTitle?: string;
  /** Recurring events are expanded within these dates; by default the span of the calendar. */
  window?: { start: string; end: string };
  /** The festival's zone: read times whose TZID the file neither defines nor names a known zone. */
  timeZone?: string;
  /** Tests shrink or grow it; the extension uses ICAL_BUDGET. */
  budget?: Partial<IcalBudget>;
}

export const ICAL_LIMITS = {
  events: ICAL_BUDGET.events,
  occurrencesPerEvent: ICAL_BUDGET.occurrencesPerEvent,
  minWindowDays: 14,
};
// Longer than this, an event cannot fit the years kept; ical.js adds a duration a month at a
// time, so DURATION:P999999999999999999W would never finish.
const MAX_SPAN_SECONDS = (YEAR_MAX - YEAR_MIN + 1) * 366 * 86_400;
const FREQ_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
  MONTHLY: 31 * 86_400,
  YEARLY: 366 * 86_400,
};
const FESTIVAL_ID = 'calendar';

/**
 * RFC 5545 §3.1: a line may be folded anywhere (CRLF then a space or tab), even the first. A
 * bare VEVENT (or a producer's own wrapper around one) is read too, as if in a VCALENDAR.
 */
export function looksLikeICalendar(text: string): boolean {
  const head = text.slice(0, 400).replace(/\r?\n[ \t]/g, '');
  if (/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(head)) return true;
  // Another component first: its next line must be a line of iCalendar too.
  return /^\uFEFF?\s*BEGIN:[A-Z0-9-]+[ \t]*(?:\r?\n|\r)[^\r\n:]*:/i.test(head);
}

function fnv(text: string): string {
  return (hashOf(text) >>> 0).toString(36);
}

function safeId(raw: string): string {
  const clean = raw.replace(/[\u0000-\u001F]/g, '');
  return clean.length <= 200 ? clean : `${clean.slice(0, 180)}~${fnv(clean)}`;
}

function textList(component: Component, name: string): string[] {
  return component
    .getAllProperties(name)
    .flatMap((p) => p.getValues())
    .filter((v): v is string => typeof v === 'string');
}

function calendarOf(text: string, budget: IcalBudget, problems: ProblemList): Component | string {
  if (!looksLikeICalendar(text)) {
    if (/^\s*</.test(text)) return 'This is not an iCalendar file (it looks like an HTML page)';
    return 'This is not an iCalendar file: it does not start with BEGIN:VCALENDAR';
  }
  const repaired = repairICalendar(text);
  for (const problem of repaired.problems) problems.add(problem.path, problem.message);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(repaired.text);
  } catch (error) {
    const detail = errorText(error, 160);
    return `This iCalendar file could not be read (${detail})`;
  }
  // The repair hands over one VCALENDAR, every calendar of the file in it.
  const root = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed[0] : parsed;
  checkNesting([root], budget);
  const calendar = new ICAL.Component(root as unknown[]);
  if (calendar.name !== 'vcalendar') return 'This iCalendar file has no VCALENDAR';
  return calendar;
}

/** VEVENTs of the calendar, those inside a producer's own components included (without recursion). */
function veventsOf(calendar: Component): Component[] {
  const found: Component[] = [];
  const stack = [...calendar.getAllSubcomponents()].reverse();
  while (stack.length > 0) {
    const component = stack.pop()!;
    if (component.name === 'vevent') found.push(component);
    else if (component.name !== 'vtimezone') stack.push(...[...component.getAllSubcomponents()].reverse());
  }
  return found;
}

/**
 * RFC 5545 lets DTSTART go only with a METHOD, but an event given by RDATEs alone
 * (rfc_5545_RDATE_example.ics) starts at its first: that one becomes DTSTART (a PERIOD's end its DTEND).
 */
function startFromRdate(vevent: Component): boolean {
  const first = vevent.getFirstProperty('rdate');
  const value = first?.getFirstValue() as { start?: Time; end?: Time | null; duration?: unknown } | Time | null;
  if (!first || !value) return false;
  const tzid = first.getParameter('tzid');
  const period = 'start' in value && value.start ? value : null;
  const start = period ? period.start! : (value as Time);
  const dtstart = vevent.addPropertyWithValue('dtstart', start);
  if (typeof tzid === 'string') dtstart.setParameter('tzid', tzid);
  if (period && !vevent.hasProperty('dtend') && !vevent.hasProperty('duration')) {
    const end = period.end ?? (period.duration ? start.clone() : null);
    if (end && !period.end && period.duration) end.addDuration(period.duration as InstanceType<typeof ICAL.Duration>);
    if (end) {
      const dtend = vevent.addPropertyWithValue('dtend', end);
      if (typeof tzid === 'string') dtend.setParameter('tzid', tzid);
    }
  }
  const values = first.getValues();
  if (values.length <= 1) vevent.removeProperty(first);
  else first.setValues(values.slice(1));
  return true;
}

function declaredZone(calendar: Component): string | null {
  const declared = calendar.getFirstPropertyValue('x-wr-timezone');
  return typeof declared === 'string' && isTimeZone(declared.trim()) ? declared.trim() : null;
}

/** The zone the calendar is read in: X-WR-TIMEZONE, else the zone most of its events use. */
function calendarZone(calendar: Component, vevents: Component[]): string {
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

interface Draft {
  uid: string;
  master: InstanceType<typeof ICAL.Event>;
  at: string;
}

/** How a calendar's times are read: its zone, and the zone for each TZID it does not define. */
interface Reading {
  zone: string;
  zoneOf: (tzid: string) => { zone: string; note: string | null };
}

export function importICalendar(text: string, options: ICalOptions = {}): ICalResult {
  const budget: IcalBudget = { ...ICAL_BUDGET, ...options.budget };
  try {
    return metered(budget.steps, () => readCalendar(text, options, budget));
  } catch (error) {
    if (!(error instanceof BudgetOverrun)) throw error;
    return {
      ok: false,
      error: `This calendar asks for more work than Afterparty allows (${error.message})`,
      overrun: error.part,
    };
  }
}

/** A BudgetOverrun stops the whole import: no catch below may take it for one bad event. */
function passOverrun(error: unknown): void {
  if (error instanceof BudgetOverrun) throw error;
}

/** Why ical.js could not read this VEVENT in bounded time, or null. */
function unboundedReason(vevent: Component, problems: ProblemList, at: string): string | null {
  const spans: number[] = [];
  // An endless DURATION costs the end only: the start is still the event's.
  for (const prop of vevent.getAllProperties('duration')) {
    const value = prop.getFirstValue() as { toSeconds?: () => number } | null;
    if (value && typeof value.toSeconds === 'function' && !(Math.abs(value.toSeconds()) <= MAX_SPAN_SECONDS)) {
      vevent.removeAllProperties('duration');
      problems.add(`${at}.DURATION`, `is longer than the years ${YEAR_MIN}–${YEAR_MAX}; the end was left out`);
      break;
    }
  }
  for (const prop of vevent.getAllProperties('rdate')) {
    for (const value of prop.getValues() as Array<{ duration?: { toSeconds(): number } | null }>) {
      if (value && typeof value === 'object' && value.duration) spans.push(value.duration.toSeconds());
    }
  }
  if (spans.some((s) => !(Math.abs(s) <= MAX_SPAN_SECONDS)))
    return `lasts longer than the years ${YEAR_MIN}–${YEAR_MAX}; this event was skipped`;
  return ruleTooSparse(vevent) ? `repeats less often than once in ${YEAR_MAX - YEAR_MIN + 1} years; skipped` : null;
}

/** An RRULE whose INTERVAL outlasts the years kept: ical.js steps through it a day at a time. */
function ruleTooSparse(component: Component): boolean {
  return component.getAllProperties('rrule').some((prop) => {
    const rule = prop.getFirstValue() as { freq?: string; interval?: number } | null;
    const unit = FREQ_SECONDS[rule?.freq ?? ''] ?? 1;
    return !((rule?.interval ?? 1) * unit <= MAX_SPAN_SECONDS);
  });
}

/** VTIMEZONE rules are expanded by ical.js itself whenever a time is converted. */
function dropSparseZoneRules(calendar: Component, problems: ProblemList): void {
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    for (const observance of zone.getAllSubcomponents()) {
      if (!ruleTooSparse(observance)) continue;
      observance.removeAllProperties('rrule');
      problems.add(
        `VTIMEZONE ${String(zone.getFirstPropertyValue('tzid') ?? '').slice(0, 60)}`,
        'has a rule repeating too rarely; it was ignored',
      );
    }
  }
}

function readCalendar(text: string, options: ICalOptions, budget: IcalBudget): ICalResult {
  const problems = new ProblemList();
  const calendar = calendarOf(text, budget, problems);
  if (typeof calendar === 'string') return { ok: false, error: calendar };
  dropSparseZoneRules(calendar, problems);
  const vevents = veventsOf(calendar);
  const zone = calendarZone(calendar, vevents);
  const festivalZone = options.timeZone && isTimeZone(options.timeZone) ? options.timeZone : null;
  const fallbacks: ZoneFallbacks = { declared: declaredZone(calendar), festival: festivalZone, calendar: zone };
  const reading: Reading = { zone, zoneOf: (tzid) => zoneForTzid(tzid, fallbacks) };
  const title =
    oneLine(calendar.getFirstPropertyValue('x-wr-calname'), 300) ??
    oneLine(calendar.getFirstPropertyValue('name'), 300) ??
    oneLine(options.fallbackTitle, 300) ??
    'Calendar';
  const refreshMinutes =
    durationMinutes(String(calendar.getFirstPropertyValue('refresh-interval') ?? '')) ??
    durationMinutes(calendar.getFirstPropertyValue('x-published-ttl'));

  // Group by UID: a VEVENT with RECURRENCE-ID overrides one occurrence of its master.
  const masters = new Map<string, Draft>();
  const exceptions: Array<{ uid: string; component: Component; at: string }> = [];
  const undated = new Map<string, { uid: string; component: Component; at: string }>();
  vevents.forEach((vevent, i) => {
    const at = `VEVENT[${i}]`;
    const uidRaw = vevent.getFirstPropertyValue('uid');
    // Without a UID, an event is known by its own properties: its jCal (`[name, properties,
    // components]`) minus the components, whose nesting the budget bounds but a recursive
    // toString() would not survive.
    const uid =
      typeof uidRaw === 'string' && uidRaw.trim()
        ? uidRaw.trim()
        : `no-uid-${fnv(JSON.stringify((vevent.jCal[1] as unknown[][]).filter((p) => p[0] !== UNREADABLE_PROPERTY)))}`;
    let unbounded: string | null;
    try {
      unbounded = unboundedReason(vevent, problems, at);
    } catch (error) {
      passOverrun(error);
      unbounded = `could not be read (${errorText(error, 100)}); skipped`;
    }
    if (unbounded) return problems.add(at, unbounded);
    const marks = vevent.getAllProperties(UNREADABLE_PROPERTY).map((p) => String(p.getFirstValue()));
    vevent.removeAllProperties(UNREADABLE_PROPERTY);
    const marked = (name: string) => marks.find((m) => markedProperty(m) === name);
    const fatal = marks.find((m) => !['DTSTART', 'RRULE'].includes(markedProperty(m)));
    if (fatal) return problems.add(at, `its ${fatal} could not be read; this event was skipped`);
    const unreadable = marked('DTSTART');
    const rule = marked('RRULE');
    if (vevent.hasProperty('recurrence-id')) return void exceptions.push({ uid, component: vevent, at });
    if (masters.has(uid) || undated.has(uid))
      return problems.add(`${at}.UID`, `UID "${uid.slice(0, 60)}" is used twice; this event was skipped`);
    // No date the calendar gives: the event is kept with its date not announced (as a feed's
    // `start: null`), never placed on a day we would have to pick.
    if (unreadable || (!vevent.hasProperty('dtstart') && !startFromRdate(vevent))) {
      if (!oneLine(vevent.getFirstPropertyValue('summary'), 300))
        return problems.add(at, 'has neither a DTSTART nor a SUMMARY: nothing to show; skipped');
      problems.add(
        at,
        unreadable
          ? `its ${unreadable} could not be read; kept with its date not announced`
          : 'has no DTSTART; kept with its date not announced',
      );
      return void undated.set(uid, { uid, component: vevent, at });
    }
    // DTSTART is the first occurrence (RFC 5545 §3.8.5.3): without its rule, the event is that one.
    if (rule) problems.add(at, `its ${rule} could not be read; only its first date was read`);
    try {
      // Overrides are related below: handing `exceptions` stops ical.js scanning every VEVENT
      // of the calendar for each one (quadratic: 10,000 events took about 7 s).
      masters.set(uid, { uid, master: new ICAL.Event(vevent, { exceptions: [] }), at });
    } catch (error) {
      passOverrun(error);
      problems.add(at, `could not be read (${errorText(error, 100)}); skipped`);
    }
  });
  for (const { uid, component, at } of exceptions) {
    try {
      const master = masters.get(uid)?.master;
      if (master) master.relateException(component);
      // An override without its master (an invitation to one occurrence) is an event of its own:
      // one occurrence, so any rule it carries is dropped (RFC 5545 §3.8.4.4: it names one instance).
      else if (component.hasProperty('dtstart')) {
        const single = new ICAL.Component(component.toJSON());
        for (const name of ['rrule', 'rdate', 'exdate']) single.removeAllProperties(name);
        masters.set(`${uid}#${at}`, {
          uid: `${uid}/${dateOf(component, 'recurrence-id')}`,
          master: new ICAL.Event(single, { exceptions: [] }),
          at,
        });
      } else
        problems.add(
          at,
          'changes one occurrence (RECURRENCE-ID) of an event this calendar does not hold, and has no DTSTART of its own; skipped',
        );
    } catch (error) {
      passOverrun(error);
      problems.add(`UID ${uid.slice(0, 60)}`, 'has an override that could not be read; it was ignored');
    }
  }

  const window = options.window ?? spanOf([...masters.values()], zone, exceptions);
  const events: FeedEvent[] = [];
  // Dated and undated events share the budget; the first one over it says so, once.
  let capped = false;
  const room = (): boolean => {
    if (events.length < budget.events) return true;
    if (!capped) problems.add('', `the calendar has more than ${budget.events} events; only the first were read`);
    capped = true;
    return false;
  };
  for (const draft of masters.values()) {
    if (!room()) break;
    try {
      events.push(...readDraft(draft, reading, window, problems, budget.occurrencesPerEvent));
    } catch (error) {
      passOverrun(error);
      const why = errorText(error, 100);
      // Extra dates (RDATE, EXDATE) cost themselves, not the event.
      const retry = withoutExtraDates(draft);
      if (retry) {
        try {
          events.push(...readDraft(retry, reading, window, problems, budget.occurrencesPerEvent));
          problems.add(draft.at, `its RDATE or EXDATE could not be read (${why}); they were ignored`);
          continue;
        } catch (again) {
          passOverrun(again);
        }
      }
      problems.add(draft.at, `could not be read (${why}); skipped`);
    }
  }

  for (const { uid, component } of undated.values()) {
    if (!room()) break;
    events.push({ ...eventFields(component), id: safeId(uid), start: null, end: null });
  }

  const links = linkFilms(events, options.films ?? []);
  const festival: Festival | null =
    events.length > 0 ? { id: FESTIVAL_ID, name: title, timeZone: zone, start: window.start, end: window.end } : null;
  const feed: Feed = {
    title,
    updated: null,
    festivals: festival ? [festival] : [],
    films: [],
    events: events.map((e) => ({ ...e, festival: festival ? FESTIVAL_ID : null })),
  };
  return { ok: true, feed, links, problems: problems.finish(), refreshMinutes };
}

function withoutExtraDates(draft: Draft): Draft | null {
  const component = draft.master.component;
  if (!component.hasProperty('rdate') && !component.hasProperty('exdate')) return null;
  const copy = new ICAL.Component(JSON.parse(JSON.stringify(component.jCal)) as unknown[]);
  copy.removeAllProperties('rdate');
  copy.removeAllProperties('exdate');
  return { ...draft, master: new ICAL.Event(copy, { exceptions: [] }) };
}

function dateOf(component: Component, name: string): string {
  const value = component.getFirstProperty(name)?.toICALString() ?? '';
  return value.slice(value.lastIndexOf(':') + 1).slice(0, 40);
}

function startDateOf(time: Time | null): string | null {
  if (!time) return null;
  try {
    return dateString(time);
  } catch (error) {
    passOverrun(error);
    return null;
  }
}

const FIRST_DAY = `${YEAR_MIN}-01-01`;
const LAST_DAY = `${YEAR_MAX}-12-31`;

/** The calendar's dates within the years kept: from its first start to its last, at least two weeks long. */
function spanOf(
  drafts: Draft[],
  zone: string,
  overrides: ReadonlyArray<{ component: Component }>,
): { start: string; end: string } {
  const dates: string[] = [];
  // An override moves one occurrence: its dates are the calendar's too.
  for (const { component } of overrides) {
    for (const name of ['dtstart', 'recurrence-id']) {
      try {
        const start = startDateOf(component.getFirstPropertyValue(name) as Time | null);
        if (start) dates.push(start);
      } catch (error) {
        passOverrun(error);
      }
    }
  }
  for (const { master } of drafts) {
    try {
      const start = startDateOf(master.startDate);
      if (start) dates.push(start);
      if (!master.isRecurring()) {
        const end = startDateOf(master.endDate);
        if (end) dates.push(end);
      }
    } catch (error) {
      passOverrun(error);
      // Reported when the event itself is read.
    }
  }
  const kept = dates.filter((d) => d >= FIRST_DAY && d <= LAST_DAY).sort();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const start = kept[0] ?? today;
  const minEnd = new Date(Date.parse(`${start}T00:00:00Z`) + (ICAL_LIMITS.minWindowDays - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const last = kept.at(-1) ?? start;
  return { start, end: last > minEnd ? last : minEnd };
}

function readDraft(
  draft: Draft,
  reading: Reading,
  window: { start: string; end: string },
  problems: ProblemList,
  perEvent: number,
): FeedEvent[] {
  const { master, uid, at } = draft;
  if (!master.isRecurring()) {
    const event = readOccurrence(master.component, master.startDate, master.endDate, uid, reading, at, problems);
    return event ? [event] : [];
  }
  const out: FeedEvent[] = [];
  const iterator = master.iterator();
  // Without an RRULE, ical.js hands out the RDATEs but not DTSTART, the first instance (RFC
  // 5545 §3.8.5.2); an RDATE may be a PERIOD, its own start and end.
  const pending: Time[] = master.component.hasProperty('rrule') ? [] : [master.startDate];
  const seen = new Set<string>();
  for (let n = 0; n < perEvent * 4; n++) {
    const raw = (pending.shift() ?? iterator.next()) as Time | InstanceType<typeof ICAL.Period> | null;
    if (!raw) break;
    const period = raw instanceof ICAL.Period ? raw : null;
    const next = period ? period.start : (raw as Time);
    const key = next.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    const day = dateString(next);
    if (day > window.end) break;
    if (day < window.start) continue;
    if (out.length >= perEvent) {
      problems.add(at, `repeats more than ${perEvent} times; only the first were read`);
      break;
    }
    const details = master.getOccurrenceDetails(next);
    const id = `${uid}/${day}${next.isDate ? '' : `T${pad(next.hour)}${pad(next.minute)}`}`;
    const end = period && details.item === master ? period.getEnd() : details.endDate;
    const event = readOccurrence(details.item.component, details.startDate, end, id, reading, at, problems);
    if (event) out.push(event);
  }
  return out;
}

function readOccurrence(
  vevent: Component,
  startTime: Time,
  endTime: Time | null,
  id: string,
  { zone, zoneOf }: Reading,
  at: string,
  problems: ProblemList,
): FeedEvent | null {
  const startTzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
  const start = isoFromTime(startTime, typeof startTzid === 'string' ? startTzid : null, zone, zoneOf);
  if ('error' in start) {
    problems.add(`${at}.DTSTART`, `${start.error}; this event was skipped`);
    return null;
  }
  if (start.note) problems.add(`${at}.DTSTART`, start.note);
  let end: string | null = null;
  if (endTime && (vevent.hasProperty('dtend') || vevent.hasProperty('duration'))) {
    const endTzid = vevent.getFirstProperty('dtend')?.getParameter('tzid') ?? startTzid;
    const read = isoFromTime(endTime, typeof endTzid === 'string' ? endTzid : null, zone, zoneOf);
    if ('value' in read) end = read.value;
    else problems.add(`${at}.DTEND`, `${read.error}; the end was left out`);
  }
  // An all-day DTEND is exclusive (RFC 5545 §3.6.1): a one-day event ends the day it starts.
  if (end && startTime.isDate && endTime?.isDate) {
    const last = new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    end = last > start.value ? last : null;
  }
  return { ...eventFields(vevent), id: safeId(id), start: start.value, end };
}

/** What an event says besides its times. */
function eventFields(vevent: Component): Omit<FeedEvent, 'id' | 'start' | 'end'> {
  const summary = oneLine(vevent.getFirstPropertyValue('summary'), 300);
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
  return {
    kind: kindFromCategories(textList(vevent, 'categories')),
    title: summary ?? 'Untitled event',
    films: [],
    festival: null,
    venue: venueFrom(vevent.getFirstPropertyValue('location'), vevent.getFirstPropertyValue('geo')),
    host: null,
    access: 'unknown',
    url: urlFrom(vevent.getFirstPropertyValue('url')),
    description: multiLine(vevent.getFirstPropertyValue('description'), 5000),
    source: null,
    cancelled: status === 'CANCELLED',
  };
}

function linkFilms(events: FeedEvent[], films: readonly TitleSource[]): Map<string, string[]> {
  const links = new Map<string, string[]>();
  if (films.length === 0) return links;
  const matcher = compileMatcher(films);
  for (const event of events) {
    const keys = new Set<string>();
    for (const text of [event.title, event.description ?? '']) {
      for (const match of matcher.find({ text })) for (const id of match.filmIds) keys.add(id);
    }
    if (keys.size > 0) links.set(event.id, [...keys]);
  }
  return links;
}
