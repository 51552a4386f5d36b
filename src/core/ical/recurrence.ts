// A VEVENT's occurrences: its recurrence (RRULE, RDATE, EXDATE, overrides) expanded within the
// calendar's window, in bounded time. ical.js steps through a rule a candidate at a time, so a
// rule or a span that could never fit the years kept is refused before it is expanded.
import ICAL from 'ical.js';
import { YEAR_MAX, YEAR_MIN, type ProblemList } from '../feed/index.ts';
import type { FeedEvent } from '../model.ts';
import { pad } from '../time/index.ts';
import { ICAL_LIMITS, passOverrun } from './budget.ts';
import { readOccurrence, type Reading } from './occurrence.ts';
import { dateString } from './time.ts';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

/** An event to read: its master VEVENT with the overrides related to it. */
export interface Draft {
  uid: string;
  /** The UID of the series an override without its master belongs to (`uid` names its occurrence). */
  series?: string;
  master: InstanceType<typeof ICAL.Event>;
  at: string;
}

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

/** Why ical.js could not read this VEVENT in bounded time, or null. */
export function unboundedReason(vevent: Component, problems: ProblemList, at: string): string | null {
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
export function dropSparseZoneRules(calendar: Component, problems: ProblemList): void {
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

export function withoutExtraDates(draft: Draft): Draft | null {
  const component = draft.master.component;
  if (!component.hasProperty('rdate') && !component.hasProperty('exdate')) return null;
  const copy = new ICAL.Component(JSON.parse(JSON.stringify(component.jCal)) as unknown[]);
  copy.removeAllProperties('rdate');
  copy.removeAllProperties('exdate');
  return { ...draft, master: new ICAL.Event(copy, { exceptions: [] }) };
}

/** The last day a rule that ends can reach: its UNTIL, or COUNT periods after its start (an upper bound). */
function ruleEnd(master: Draft['master'], start: string | null): string | null {
  const rule = master.component.getFirstPropertyValue('rrule') as {
    until?: Time | null;
    count?: number | null;
    freq?: string;
    interval?: number;
  } | null;
  if (!rule) return null;
  if (rule.until) return startDateOf(rule.until);
  if (typeof rule.count !== 'number' || !start) return null;
  const seconds =
    (FREQ_SECONDS[rule.freq ?? ''] ?? 86_400) *
    (rule.interval ?? 1) *
    Math.min(rule.count, ICAL_LIMITS.occurrencesPerEvent);
  const end = Date.parse(`${start}T00:00:00Z`) + seconds * 1000;
  return Number.isFinite(end) && end < Date.parse(`${LAST_DAY}T00:00:00Z`)
    ? new Date(end).toISOString().slice(0, 10)
    : null;
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

/**
 * The dates a calendar's occurrences are read in: its own span (first start to last, at least two
 * weeks), and, when an event recurs, from 30 days before `now` to 12 months after, whatever the
 * event's first date: a weekly club begun in 2020 is read from today on, not only in 2020.
 */
export interface Window {
  start: string;
  end: string;
  /** The parts of start–end that are read; without it, all of it. */
  ranges?: Array<{ start: string; end: string }>;
}

export const RECENT_DAYS_BEFORE = 30;
export const MONTHS_AHEAD = 12;

const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function monthsAhead(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

export function inWindow(window: Window, day: string): boolean {
  if (day < window.start || day > window.end) return false;
  return !window.ranges || window.ranges.some((r) => day >= r.start && day <= r.end);
}

/** The calendar's dates within the years kept, and the months around `now` when an event recurs. */
export function spanOf(
  drafts: Draft[],
  zone: string,
  overrides: ReadonlyArray<{ component: Component }>,
  now: number = Date.now(),
): Window {
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
  let recurs = false;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(now));
  const horizon = monthsAhead(today, MONTHS_AHEAD);
  for (const { master } of drafts) {
    try {
      const start = startDateOf(master.startDate);
      if (start) dates.push(start);
      if (!master.isRecurring()) {
        const end = startDateOf(master.endDate);
        if (end) dates.push(end);
      } else {
        recurs = true;
        // A rule that ends (UNTIL, COUNT) is the calendar's span to its end: a monthly group's
        // twelve meetings are all read, however long ago they were.
        const last = ruleEnd(master, start);
        if (last) dates.push(last < horizon ? last : horizon);
      }
    } catch (error) {
      passOverrun(error);
      // Reported when the event itself is read.
    }
  }
  const kept = dates.filter((d) => d >= FIRST_DAY && d <= LAST_DAY).sort();
  const start = kept[0] ?? today;
  const minEnd = dayPlus(start, ICAL_LIMITS.minWindowDays - 1);
  const last = kept.at(-1) ?? start;
  const own = { start, end: last > minEnd ? last : minEnd };
  if (!recurs) return own;
  const recent = { start: dayPlus(today, -RECENT_DAYS_BEFORE), end: horizon };
  // The two overlap or touch: one range.
  if (recent.start <= dayPlus(own.end, 1) && own.start <= dayPlus(recent.end, 1))
    return {
      start: own.start < recent.start ? own.start : recent.start,
      end: own.end > recent.end ? own.end : recent.end,
    };
  const [a, b] = own.start < recent.start ? [own, recent] : [recent, own];
  return { start: a.start, end: b.end, ranges: [a, b] };
}

export function readDraft(
  draft: Draft,
  reading: Reading,
  window: Window,
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
  const hasRule = master.component.hasProperty('rrule');
  const pending: Array<Time | InstanceType<typeof ICAL.Period>> = hasRule ? [] : [master.startDate];
  // DTSTART is the first instance even when the rule would not give it (RFC 5545 §3.8.5.3): a
  // monthly group's "COUNT=12;BYDAY=2TU" begun on a Friday keeps that Friday, within its count.
  let left = Infinity;
  if (hasRule) {
    const first = iterator.next() as Time | null;
    if (first && first.compare(master.startDate) > 0) {
      pending.push(master.startDate);
      const rule = master.component.getFirstPropertyValue('rrule') as { count?: number | null } | null;
      if (typeof rule?.count === 'number') left = rule.count;
    }
    if (first) pending.push(first);
  }
  const seen = new Set<string>();
  let skippedBefore = 0;
  for (let n = 0; n < perEvent * 4;) {
    const raw = (pending.shift() ?? iterator.next()) as Time | InstanceType<typeof ICAL.Period> | null;
    if (!raw || left-- <= 0) break;
    const period = raw instanceof ICAL.Period ? raw : null;
    const next = period ? period.start : (raw as Time);
    const key = next.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    const day = dateString(next);
    if (day > window.end) break;
    // Days before the window are stepped through, within the calendar's budget of steps.
    if (!inWindow(window, day)) {
      if (++skippedBefore > ICAL_LIMITS.stepsBeforeWindow) {
        problems.add(at, `began too long before ${window.start}; its occurrences from then were not read`);
        break;
      }
      continue;
    }
    n++;
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
  if (out.length === 0 && seen.size > 0) {
    const where = (window.ranges ?? [window]).map((r) => `${r.start} to ${r.end}`).join(' or ');
    problems.add(at, `recurs, but on no day read (${where}); no event from it`);
  }
  return out;
}
