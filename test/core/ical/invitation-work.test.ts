// An invitation is read with one ical.js parse of the repaired calendar (#26.1), and naming each
// event's series is a lookup, not a scan of every UID per event (#26.12). Work is counted at n
// and 2n, never timed.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { readInvitation } from '../../../src/core/ical/index.ts';
import { ICAL_LINE_LIMITS } from '../../../src/core/ical/repair.ts';

type ParseParameters = (line: string, start: number, designSet: unknown) => unknown;
const icalParse = ICAL.parse as unknown as { _parseParameters: ParseParameters };

function counted<T>(target: object, name: string, weigh: (args: unknown[]) => number, work: () => T) {
  const host = target as Record<string, (...args: unknown[]) => unknown>;
  const original = host[name]!;
  let count = 0;
  // ICAL.parse carries its helpers (parse.property, parse._parseParameters) as properties.
  host[name] = Object.assign(function (this: unknown, ...args: unknown[]) {
    count += weigh(args);
    return original.apply(this, args);
  }, original);
  try {
    return { value: work(), count };
  } finally {
    host[name] = original;
  }
}

const invitation = (events: string[][], ...extra: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'METHOD:REQUEST',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    ...extra,
    'END:VCALENDAR',
  ].join('\r\n');

const party = (i: number, ...lines: string[]) => [
  `UID:party-${i}@films.example`,
  'SEQUENCE:3',
  `DTSTART:20260912T${String(10 + (i % 10)).padStart(2, '0')}0000Z`,
  `SUMMARY:Party ${i}`,
  ...lines,
];

const many = (n: number) => invitation(Array.from({ length: n }, (_, i) => party(i)));

describe('reading an invitation', () => {
  it('parses the calendar once, after its repair', () => {
    const text = invitation([party(1)]);
    const { value, count } = counted(
      ICAL,
      'parse',
      () => 1,
      () => readInvitation(text),
    );
    expect(count).toBe(1);
    // Positive control: that one parse read METHOD, UID and SEQUENCE.
    expect(value.ok && value.method).toBe('REQUEST');
    expect(value.ok && value.items.map((i) => [i.uid, i.sequence])).toEqual([['party-1@films.example', 3]]);
  });

  it('hands ical.js no property with more parameters than the repair allows, so its work stays linear', () => {
    const line = (n: number) => `X-A${';P=V'.repeat(n)}:x`;
    // ical.js looks for the ":" once per parameter: the parameters of the longest line it reads.
    const widest = (n: number) => {
      let most = 0;
      counted(
        icalParse,
        '_parseParameters',
        (args) => ((most = Math.max(most, (args[0] as string).split(';').length - 1)), 0),
        () => readInvitation(invitation([party(1, line(n))])),
      );
      return most;
    };
    // Positive control: parameters within the limit reach ical.js.
    expect(widest(ICAL_LINE_LIMITS.params)).toBe(ICAL_LINE_LIMITS.params);
    expect(widest(10_000)).toBeLessThanOrEqual(ICAL_LINE_LIMITS.params);
  });

  it('names each event by its series with work linear in the number of events', () => {
    // The old lookup compared each event id with every UID (startsWith): quadratic.
    const work = (n: number) => {
      const { value, count } = counted(
        String.prototype,
        'startsWith',
        () => 1,
        () => readInvitation(many(n)),
      );
      expect(value.ok && value.items).toHaveLength(n);
      return count;
    };
    const [small, large] = [work(1_000), work(2_000)];
    expect(small).toBeGreaterThan(0);
    expect(large / small).toBeLessThanOrEqual(2.2);
  });

  it('gives every occurrence of a series its series UID and SEQUENCE', () => {
    const read = readInvitation(invitation([party(7, 'RRULE:FREQ=DAILY;COUNT=2')]));
    expect(read.ok && read.items.map((i) => [i.uid, i.series, i.sequence])).toEqual([
      ['party-7@films.example/2026-09-12T1700', 'party-7@films.example', 3],
      ['party-7@films.example/2026-09-13T1700', 'party-7@films.example', 3],
    ]);
  });
});
