// iCalendar (RFC 5545) to the feed model, with ical.js: each VEVENT (each occurrence of a
// recurring one) becomes an event, tied to films by the caller's `tie` over its SUMMARY and
// DESCRIPTION. The calendar becomes one festival spanning its events, so every time is shown in
// the calendar's own zone. Mapping documented in docs/feed-format.md.
import ICAL from 'ical.js';
import type { FeedProblem } from '../feed/index.ts';
import { ProblemList } from '../feed/index.ts';
import { durationMinutes, oneLine } from './fields.ts';
import {
  BudgetOverrun,
  checkNesting,
  ICAL_BUDGET,
  metered,
  passOverrun,
  type BudgetPart,
  type IcalBudget,
} from './budget.ts';
import { eventFields, safeId, type Reading } from './occurrence.ts';
import { dropSparseZoneRules, readDraft, spanOf, withoutExtraDates } from './recurrence.ts';
import { repairICalendar } from './repair.ts';
import { itipFields, type ItipFields } from './itip.ts';
import { groupByUid, veventsOf } from './vevents.ts';
import { calendarZone, declaredZone, zoneForTzid, type ZoneFallbacks } from './zones.ts';
import { isTimeZone } from '../time/index.ts';
import type { FeedEvent, Festival, Feed } from '../model.ts';
import { errorText } from '../error-text.ts';

type Component = InstanceType<typeof ICAL.Component>;

/** The keys of the films a text names; the extension's is the worker's matcher. */
export type FilmTie = (text: string) => readonly string[];

export type ICalResult =
  | {
      ok: true;
      feed: Feed;
      /** Event id to the keys of the films (from `tie`) its summary or description names. */
      links: Map<string, string[]>;
      problems: FeedProblem[];
      /** REFRESH-INTERVAL (RFC 7986) or X-PUBLISHED-TTL, in minutes. */
      refreshMinutes: number | null;
      /** With `itip`: METHOD, SEQUENCE and ORGANIZER, and each event id's series UID (a key of `fields.byUid`). */
      itip?: { fields: ItipFields; series: Map<string, string> };
    }
  /** `overrun`: the calendar needed more work than its budget (budget.ts). */
  | { ok: false; error: string; overrun?: BudgetPart };

export interface ICalOptions {
  /** Ties events to films; without it, no event is tied to any. */
  tie?: FilmTie;
  /** The feed's title when the calendar has no name (X-WR-CALNAME, NAME). */
  fallbackTitle?: string;
  /**
   * Recurring events are expanded within these dates; by default the span of the calendar and,
   * when an event recurs, 30 days before `now` to 12 months after.
   */
  window?: { start: string; end: string };
  /** The time "today" is read from (ms since the epoch); tests fix it, the extension leaves it. */
  now?: number;
  /** The festival's zone: read times whose TZID the file neither defines nor names a known zone. */
  timeZone?: string;
  /** Tests shrink or grow it; the extension uses ICAL_BUDGET. */
  budget?: Partial<IcalBudget>;
  /** Read what an invitation adds (itip.ts), from the same parse. */
  itip?: boolean;
}

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

  const fields = options.itip ? itipFields(calendar, vevents) : null;
  const series = new Map<string, string>();
  const { masters, exceptions, undated } = groupByUid(vevents, problems);
  const window = options.window ?? spanOf([...masters.values()], zone, exceptions, options.now);
  const events: FeedEvent[] = [];
  const add = (draft: { uid: string; series?: string }, read: FeedEvent[]) => {
    if (fields) for (const event of read) series.set(event.id, draft.series ?? draft.uid);
    events.push(...read);
  };
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
      add(draft, readDraft(draft, reading, window, problems, budget.occurrencesPerEvent));
    } catch (error) {
      passOverrun(error);
      const why = errorText(error, 100);
      // Extra dates (RDATE, EXDATE) cost themselves, not the event.
      const retry = withoutExtraDates(draft);
      if (retry) {
        try {
          add(draft, readDraft(retry, reading, window, problems, budget.occurrencesPerEvent));
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
    add({ uid }, [{ ...eventFields(component), id: safeId(uid), start: null, end: null }]);
  }

  // A file that yields nothing says why: each VEVENT's reason is among the problems above.
  if (events.length === 0 && vevents.length === 0) problems.add('', 'the calendar holds no VEVENT: no event to read');
  else if (events.length === 0 && problems.list.length === 0)
    problems.add('', `its ${vevents.length} VEVENT${vevents.length === 1 ? '' : 's'} gave no event`);
  const links = options.tie ? linkFilms(events, options.tie) : new Map<string, string[]>();
  const festival: Festival | null =
    events.length > 0 ? { id: FESTIVAL_ID, name: title, timeZone: zone, start: window.start, end: window.end } : null;
  const feed: Feed = {
    title,
    updated: null,
    festivals: festival ? [festival] : [],
    films: [],
    events: events.map((e) => ({ ...e, festival: festival ? FESTIVAL_ID : null })),
  };
  const itip = fields ? { fields, series } : undefined;
  return { ok: true, feed, links, problems: problems.finish(), refreshMinutes, ...(itip ? { itip } : {}) };
}

function linkFilms(events: FeedEvent[], tie: FilmTie): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const event of events) {
    const keys = new Set<string>();
    for (const text of [event.title, event.description ?? '']) for (const key of tie(text)) keys.add(key);
    if (keys.size > 0) links.set(event.id, [...keys]);
  }
  return links;
}
