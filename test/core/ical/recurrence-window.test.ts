// Calendars from the past forward (issue 31): a recurring event is read from 30 days before
// `now` to 12 months after, whatever its first date; a first date outside its own rule is kept;
// a file that yields no events says why.
import { describe, expect, it } from 'vitest';
import { importICalendar, type ICalResult } from '../../../src/core/ical/import.ts';

const cal = (body: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n${body}END:VCALENDAR\r\n`;
const vevent = (lines: string) =>
  `BEGIN:VEVENT\r\nDTSTAMP:20200101T000000Z\r\n${lines.trim().split('\n').join('\r\n')}\r\nEND:VEVENT\r\n`;
const now = Date.UTC(2026, 11, 1, 12); // Tuesday 1 December 2026

function ok(result: ICalResult) {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result;
}

describe('recurring events from the past forward', () => {
  const club = cal(
    vevent(`UID:club
DTSTART;TZID=Europe/London:20200107T193000
DURATION:PT2H
RRULE:FREQ=WEEKLY
SUMMARY:Film club`),
  );

  it('a weekly club begun in 2020 gives its next occurrences from today on', () => {
    const { feed } = ok(importICalendar(club, { now }));
    const days = feed.events.map((e) => e.start!.slice(0, 10));
    // Tuesdays from 30 days before now (3 November 2026) to 12 months after (30 November 2027).
    expect(days).toContain('2026-12-01');
    expect(days).toContain('2026-11-03');
    expect(days).toContain('2027-11-30');
    expect(days.filter((d) => d >= '2026-11-01')).toHaveLength(57);
    expect(days.some((d) => d > '2026-10-01' && d < '2026-11-01')).toBe(false);
    expect(feed.events.find((e) => e.start!.startsWith('2026-12-01'))).toMatchObject({
      start: '2026-12-01T19:30:00Z',
      end: '2026-12-01T21:30:00Z',
    });
    // The calendar's festival spans what was read, so times show in its zone.
    expect(feed.festivals[0]).toMatchObject({ start: '2020-01-07', end: '2027-12-01' });
  });

  it('the window moves with `now`', () => {
    const { feed } = ok(importICalendar(club, { now: Date.UTC(2030, 5, 1) }));
    expect(feed.events.map((e) => e.start!.slice(0, 10))).toContain('2030-06-04');
    expect(feed.events.map((e) => e.start!.slice(0, 10))).not.toContain('2026-12-01');
  });

  it('a rule that ended long ago is still read over its own dates', () => {
    const ended = cal(
      vevent(`UID:old
DTSTART:20190105T180000Z
RRULE:FREQ=MONTHLY;UNTIL=20191231T000000Z
SUMMARY:Old series`),
    );
    const { feed } = ok(importICalendar(ended, { now }));
    expect(feed.events).toHaveLength(12);
  });

  it('keeps a first date outside its own rule, within the rule’s COUNT', () => {
    // 5 January 2024 is a Friday; the rule is the second Tuesday of each month.
    const group = cal(
      vevent(`UID:group
DTSTART:20240105T180000Z
DURATION:PT2H
RRULE:FREQ=MONTHLY;COUNT=12;BYDAY=2TU
SUMMARY:Monthly group`),
    );
    const { feed } = ok(importICalendar(group, { now }));
    const starts = feed.events.map((e) => e.start);
    expect(starts[0]).toBe('2024-01-05T18:00:00Z');
    expect(starts[1]).toBe('2024-01-09T18:00:00Z');
    expect(starts).toHaveLength(12);
    // Positive control: a first date on its rule is counted once.
    const synced = cal(
      vevent(`UID:synced
DTSTART:20240109T180000Z
RRULE:FREQ=MONTHLY;COUNT=12;BYDAY=2TU
SUMMARY:Monthly group`),
    );
    const again = ok(importICalendar(synced, { now })).feed.events.map((e) => e.start);
    expect(again[0]).toBe('2024-01-09T18:00:00Z');
    expect(again).toHaveLength(12);
  });
});

describe('a calendar that yields no events says why', () => {
  it('per VEVENT', () => {
    const result = ok(
      importICalendar(
        cal(vevent('UID:a\nDESCRIPTION:no start, no summary') + vevent('UID:b\nDESCRIPTION:nor this one')),
        { now },
      ),
    );
    expect(result.feed.events).toEqual([]);
    expect(result.problems.filter((p) => /nothing to show/.test(p.message))).toHaveLength(2);
  });

  it('when it holds no VEVENT at all', () => {
    const result = ok(importICalendar(cal(''), { now }));
    expect(result.feed.events).toEqual([]);
    expect(result.problems).toContainEqual({ path: '', message: 'the calendar holds no VEVENT: no event to read' });
    // Positive control: a calendar with an event reports no such problem.
    const one = ok(importICalendar(cal(vevent('UID:c\nDTSTART:20261201T100000Z\nSUMMARY:Talk')), { now }));
    expect(one.feed.events).toHaveLength(1);
    expect(one.problems).toEqual([]);
  });
});
