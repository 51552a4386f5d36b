import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, exportIcs, foldLine, icsFileName, type ExportItem } from '../../../src/core/ical/export.ts';
import { offsetMinutes } from '../../../src/core/time/zoned-time.ts';
import type { FeedEvent } from '../../../src/core/model.ts';

function event(overrides: Partial<FeedEvent> & { key: string }): FeedEvent & { key: string } {
  return {
    id: overrides.key,
    kind: 'party',
    title: 'Fugitive Pieces house party',
    films: [],
    festival: 'tiff-2007',
    start: '2007-09-06T22:38:00-04:00',
    end: null,
    venue: { name: 'A house in Rosedale', address: 'Rosedale, Toronto' },
    host: 'Serendipity Point Films',
    access: 'invite',
    url: 'https://example.org/party',
    description: 'Wine; cheese, and a line\nout the door',
    source: { name: 'Toronto Star', url: null },
    cancelled: false,
    ...overrides,
  };
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  // A calendar program registers the file's own zone definitions; so do we.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar;
}

describe('iCalendar export', () => {
  it('round-trips through ical.js keeping the instant and the festival zone', () => {
    const items: ExportItem[] = [
      {
        event: event({ key: 'default/fp', end: '2007-09-07T02:00:00-04:00' }),
        timeZone: 'America/Toronto',
        filmTitles: ['Fugitive Pieces'],
      },
      // November: standard time (EST), so the VTIMEZONE must carry both observances.
      {
        event: event({ key: 'default/late', title: 'Late dinner', start: '2007-11-20T19:00:00-05:00' }),
        timeZone: 'America/Toronto',
      },
    ];
    const { ics, skipped } = exportIcs(items, Date.UTC(2026, 0, 1));
    expect(skipped).toEqual([]);
    const calendar = parse(ics);
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
    const [first, second] = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(first!.summary).toBe('Fugitive Pieces house party');
    expect(first!.startDate.zone?.tzid).toBe('America/Toronto');
    expect(first!.startDate.toUnixTime() * 1000).toBe(Date.parse('2007-09-06T22:38:00-04:00'));
    expect(first!.endDate.toUnixTime() * 1000).toBe(Date.parse('2007-09-07T02:00:00-04:00'));
    expect(first!.startDate.utcOffset()).toBe(-4 * 3600);
    expect(first!.location).toBe('A house in Rosedale, Rosedale, Toronto');
    expect(first!.description).toContain('Wine; cheese, and a line\nout the door');
    expect(first!.description).toContain('Fugitive Pieces');
    expect(first!.uid).toBe('default/fp@afterparty');
    expect(second!.startDate.toUnixTime() * 1000).toBe(Date.parse('2007-11-20T19:00:00-05:00'));
    expect(second!.startDate.utcOffset()).toBe(-5 * 3600);
  });

  it('writes a date-only event as an all-day event and leaves undated ones out', () => {
    const { ics, skipped } = exportIcs(
      [
        { event: event({ key: 'a', start: '2007-09-09' }), timeZone: 'America/Toronto' },
        { event: event({ key: 'b', start: null }), timeZone: 'America/Toronto' },
      ],
      0,
    );
    expect(skipped).toEqual(['b']);
    const [allDay] = parse(ics)
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c));
    expect(allDay!.startDate.isDate).toBe(true);
    expect(allDay!.startDate.toString()).toBe('2007-09-09');
    expect(allDay!.endDate.toString()).toBe('2007-09-10');
  });

  it('marks cancelled events and writes the kind as a category', () => {
    const { ics } = exportIcs(
      [{ event: event({ key: 'c', cancelled: true, kind: 'dinner' }), timeZone: 'Europe/Paris' }],
      0,
    );
    const vevent = parse(ics).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('categories')).toBe('DINNER');
    expect(new ICAL.Event(vevent).startDate.zone?.tzid).toBe('Europe/Paris');
  });

  it('escapes text and folds long lines at 75 octets without splitting characters', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'é'.repeat(80)}`);
    for (const line of folded.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(80)}`);
  });

  it('refuses a line break in any value it writes unescaped, and escapes one in text', () => {
    const now = Date.UTC(2026, 0, 1);
    // Control: the same event without a break exports.
    expect(() => exportIcs([{ event: event({ key: 'k' }), timeZone: 'America/Toronto' }], now)).not.toThrow();
    for (const brk of ['\r\n', '\n', '\r']) {
      const alarm = `${brk}BEGIN:VALARM${brk}ACTION:DISPLAY${brk}END:VALARM`;
      expect(() =>
        exportIcs([{ event: event({ key: 'k', url: `https://example.org/${alarm}` }), timeZone: 'Europe/Paris' }], now),
      ).toThrow(/line break into a calendar's URL/);
      // A zone with a break is refused too (Intl refuses it before the line is written).
      expect(() => exportIcs([{ event: event({ key: 'k' }), timeZone: `Europe/Paris${alarm}` }], now)).toThrow(
        /line break into a calendar's|Invalid time zone/,
      );
      expect(() =>
        exportIcs([{ event: event({ key: 'k', kind: `party${alarm}` as never }), timeZone: 'UTC' }], now),
      ).toThrow(/line break into a calendar's CATEGORIES/);
      // Text, the UID's key included, is escaped: one event, no alarm.
      const { ics } = exportIcs(
        [{ event: event({ key: `k${alarm}`, title: `t${alarm}` }), timeZone: 'America/Toronto' }],
        now,
      );
      const vevents = parse(ics).getAllSubcomponents('vevent');
      expect(vevents).toHaveLength(1);
      expect(vevents[0]!.getAllSubcomponents('valarm')).toEqual([]);
      expect(vevents[0]!.getFirstPropertyValue('summary')).toBe(`t${alarm.replace(/\r\n?/g, '\n')}`);
    }
  });

  it('reads zone offsets from the platform', () => {
    expect(offsetMinutes(Date.parse('2007-09-06T12:00:00Z'), 'America/Toronto')).toBe(-240);
    expect(offsetMinutes(Date.parse('2007-12-06T12:00:00Z'), 'America/Toronto')).toBe(-300);
    expect(offsetMinutes(Date.parse('2007-12-06T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
    expect(icsFileName('Young People F***ing party')).toBe('young-people-f-ing-party.ics');
  });
});
