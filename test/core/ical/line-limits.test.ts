// ical.js reads a property's parameters in time quadratic in the line: the repair pass caps a
// line's length and its parameters before any ical.js call, so an import's parameter work is
// linear in the calendar.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { importICalendar } from '../../../src/core/ical/index.ts';
import { ICAL_LINE_LIMITS } from '../../../src/core/ical/repair.ts';

type ParseParameters = (line: string, start: number, designSet: unknown) => unknown;
const parse = ICAL.parse as unknown as { _parseParameters: ParseParameters };

/** Characters ical.js's parameter reader is handed, over one import: its work, not its time. */
function parameterWork(text: string) {
  const original = parse._parseParameters;
  let work = 0;
  parse._parseParameters = function (line, start, designSet) {
    work += line.length - start;
    return original.call(this, line, start, designSet);
  };
  try {
    const result = importICalendar(text);
    if (!result.ok) throw new Error(result.error);
    return { work, result };
  } finally {
    parse._parseParameters = original;
  }
}

const calendar = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:party-1',
    'DTSTART:20260910T210000Z',
    'SUMMARY:Premiere party',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

const manyParams = (n: number) => `X-A${';P=V'.repeat(n)}:x`;

describe('iCalendar line limits', () => {
  it('leaves out a property with too many parameters, with its reason, and keeps the event', () => {
    const { result } = parameterWork(calendar(manyParams(5_000)));
    expect(result.feed?.events.map((e) => e.title)).toEqual(['Premiere party']);
    expect(result.problems.map((p) => p.message).join('\n')).toContain(
      `X-A has more than ${ICAL_LINE_LIMITS.params} parameters (5000); ignored`,
    );
  });

  it('leaves out a line longer than the limit, and marks a vital one so the event says why', () => {
    const long = `DESCRIPTION:${'a'.repeat(ICAL_LINE_LIMITS.chars)}`;
    const { result } = parameterWork(calendar(long));
    expect(result.feed?.events).toHaveLength(1);
    expect(result.problems.map((p) => p.message).join('\n')).toContain(
      `DESCRIPTION is longer than ${ICAL_LINE_LIMITS.chars} characters; ignored`,
    );
  });

  it('hands ical.js parameter work linear in the calendar, however its lines are made', () => {
    // Positive control: parameters within the limit are read, and counted.
    const within = parameterWork(calendar(manyParams(ICAL_LINE_LIMITS.params)));
    expect(within.work).toBeGreaterThan(0);
    expect(within.result.problems).toEqual([]);
    const extra = (n: number) => parameterWork(calendar(manyParams(n))).work - parameterWork(calendar()).work;
    expect(extra(20_000)).toBeLessThanOrEqual(2 * extra(10_000));
    const lines = (n: number) =>
      parameterWork(calendar(...Array.from({ length: n }, () => manyParams(ICAL_LINE_LIMITS.params)))).work;
    expect(lines(400) / lines(200)).toBeLessThanOrEqual(2.2);
  });
});
