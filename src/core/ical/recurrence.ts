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
export function spanOf(
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

export function readDraft(
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
