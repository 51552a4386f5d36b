// Counts the work an iCalendar import asks of ical.js instead of timing it.
// - Component reads: every VEVENT, property and subcomponent handed back by ical.js's Component
//   getters, so a scan of the whole calendar per event (ical.js's Event constructor without
//   `exceptions`) counts as one read per VEVENT of the calendar.
// - Recurrence steps: the two RecurIterator methods the budget meters (src/core/ical/budget.ts),
//   wrapped again here around the budget's own wrap.
import ICAL from 'ical.js';

type Method = (this: unknown, ...args: unknown[]) => unknown;

function counting<T>(
  proto: Record<string, unknown>,
  names: readonly string[],
  weigh: (value: unknown) => number,
  work: () => T,
): { value: T; count: number } {
  const originals = names.map((name) => [name, proto[name] as Method] as const);
  let count = 0;
  for (const [name, original] of originals) {
    proto[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      count += weigh(result);
      return result;
    };
  }
  try {
    const value = work();
    return { value, count };
  } finally {
    for (const [name, original] of originals) proto[name] = original;
  }
}

const COMPONENT_GETTERS = [
  'getAllSubcomponents',
  'getFirstSubcomponent',
  'getAllProperties',
  'getFirstProperty',
  'getFirstPropertyValue',
  'hasProperty',
];

/** Runs `work`, counting the components and properties it reads through ical.js. */
export function countComponentReads<T>(work: () => T): { value: T; reads: number } {
  const proto = ICAL.Component.prototype as unknown as Record<string, unknown>;
  const { value, count } = counting(proto, COMPONENT_GETTERS, (r) => (Array.isArray(r) ? r.length : 1), work);
  return { value, reads: count };
}

/** Runs `work`, counting the recurrence candidates ical.js tries. */
export function countRecurrenceSteps<T>(work: () => T): { value: T; steps: number } {
  const proto = ICAL.RecurIterator.prototype as unknown as Record<string, unknown>;
  const { value, count } = counting(proto, ['check_contracting_rules', 'expand_year_days'], () => 1, work);
  return { value, steps: count };
}
