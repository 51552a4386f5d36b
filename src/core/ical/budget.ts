// One work budget per calendar, shared by everything a calendar can make the importer do:
// recurrence steps (ical.js's own VTIMEZONE expansions included), components and their nesting,
// events and occurrences. Steps, components and nesting are refusals (the calendar is not read,
// the sync fails and the last good data stays); events and occurrences are cut with a problem.
import ICAL from 'ical.js';
import { YEAR_MAX } from '../feed/index.ts';

export interface IcalBudget {
  /** Candidate dates ical.js may try, in all, before the calendar is refused. */
  steps: number;
  /** Components (VEVENT, VALARM, VTIMEZONE…) in the file. */
  components: number;
  /** VCALENDAR > VEVENT > VALARM is 3; VCALENDAR > VTIMEZONE > STANDARD is 3. */
  depth: number;
  /** Events read, occurrences included; the rest are cut with a problem. */
  events: number;
  occurrencesPerEvent: number;
}

// About half a second of ical.js stepping for typical rules, some seconds for the slowest
// (measured in Node on one core): room for thousands of sane recurring events.
export const ICAL_BUDGET: Readonly<IcalBudget> = {
  steps: 500_000,
  components: 200_000,
  depth: 12,
  events: 50_000,
  occurrencesPerEvent: 400,
};

export type BudgetPart = 'steps' | 'components' | 'depth';

/** Thrown when a calendar needs more work than its budget: caught once, by importICalendar. */
export class BudgetOverrun extends Error {
  constructor(
    readonly part: BudgetPart,
    readonly limit: number,
  ) {
    super(`the calendar needs more than ${limit} ${part === 'depth' ? 'levels of nesting' : part}`);
  }
}

/** A BudgetOverrun stops the whole import: no catch below may take it for one bad event. */
export function passOverrun(error: unknown): void {
  if (error instanceof BudgetOverrun) throw error;
}

export const ICAL_LIMITS = {
  events: ICAL_BUDGET.events,
  occurrencesPerEvent: ICAL_BUDGET.occurrencesPerEvent,
  minWindowDays: 14,
  /** Occurrences of one event stepped through before the window (a daily rule begun in 1970 is 20,000). */
  stepsBeforeWindow: 25_000,
};

// An iterator past this year has nothing left to give: no date after YEAR_MAX is kept. ical.js
// expands VTIMEZONE rules five years past the time it converts, hence the margin.
const STOP_YEAR = YEAR_MAX + 10;

interface MeteredIterator {
  last: { year: number };
  completed: boolean;
}

// ical.js's RecurIterator.next() loops until a candidate date passes the rule's BY… parts and
// has no limit: FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30 never passes, so next() never returns. Every
// candidate goes through check_contracting_rules (YEARLY rules through expand_year_days), so
// counting those calls bounds every expansion, the ones ical.js runs on its own for VTIMEZONEs
// included. The wrap is inert outside metered(). test/core/ical/budget.test.ts pins the names.
let tick: ((iterator: MeteredIterator) => boolean) | null = null;
const proto = ICAL.RecurIterator.prototype as unknown as {
  check_contracting_rules(this: MeteredIterator): boolean;
  expand_year_days(this: MeteredIterator, year: number): unknown;
};
const checkRules = proto.check_contracting_rules;
const expandYear = proto.expand_year_days;
proto.check_contracting_rules = function (this: MeteredIterator) {
  if (tick?.(this)) return true;
  return checkRules.call(this);
};
proto.expand_year_days = function (this: MeteredIterator, year: number) {
  tick?.(this);
  return expandYear.call(this, year);
};

/** Runs `work` with every recurrence step counted against `limit` (throws BudgetOverrun past it). */
export function metered<T>(limit: number, work: () => T): T {
  const outer = tick;
  let steps = 0;
  tick = (iterator) => {
    if (++steps > limit) throw new BudgetOverrun('steps', limit);
    // Past the last year kept: end the rule here (next() hands back this one date, past any window).
    if (iterator.last.year <= STOP_YEAR) return false;
    iterator.completed = true;
    return true;
  };
  try {
    return work();
  } finally {
    tick = outer;
  }
}

/** Counts components and measures nesting without recursion; throws BudgetOverrun past either limit. */
export function checkNesting(roots: readonly unknown[], budget: Pick<IcalBudget, 'components' | 'depth'>): void {
  // A jCal component is [name, properties, subcomponents].
  const stack: Array<[unknown, number]> = roots.map((root) => [root, 1]);
  let count = 0;
  while (stack.length > 0) {
    const [component, depth] = stack.pop()!;
    if (depth > budget.depth) throw new BudgetOverrun('depth', budget.depth);
    if (++count > budget.components) throw new BudgetOverrun('components', budget.components);
    const children = Array.isArray(component) ? component[2] : null;
    if (Array.isArray(children)) for (const child of children) stack.push([child, depth + 1]);
  }
}
