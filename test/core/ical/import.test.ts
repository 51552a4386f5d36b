import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importICalendar, looksLikeICalendar, type ICalResult } from '../../../src/core/ical/import.ts';
import { sharedFolder } from '../../shared-folder.ts';
import { compileMatcher, filmTie } from '../../../src/core/matching/index.ts';

const SAMPLES = sharedFolder('ics-samples');
const fixture = (path: string) => readFileSync(join(SAMPLES!, path), 'utf8');

function ok(result: ICalResult) {
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result;
}

const cal = (body: string, head = '') =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n${head}${body}END:VCALENDAR\r\n`;
const vevent = (lines: string) =>
  `BEGIN:VEVENT\r\nDTSTAMP:20070901T000000Z\r\n${lines.trim().split('\n').join('\r\n')}\r\nEND:VEVENT\r\n`;

describe.skipIf(!SAMPLES)('real-world calendar files', () => {
  it('Google Calendar: a timed event in its zone, the calendar name and zone', () => {
    const { feed } = ok(importICalendar(fixture('ical.js/blank_description.ics')));
    expect(feed.title).toBe('calmozilla1@gmail.com');
    expect(feed.festivals[0]?.timeZone).toBe('America/Los_Angeles');
    expect(feed.events[0]).toMatchObject({
      title: 'Really long event name thing',
      start: '2012-06-30T06:00:00-07:00',
      end: '2012-06-30T07:00:00-07:00',
    });
  });

  it("Google Calendar: a daily recurring event, expanded within the calendar's dates and from today on", () => {
    // Issue 31: a rule with no end is read in its own first weeks and from 30 days before now
    // to 12 months after, up to the occurrences one event may give, and says it stopped there.
    const now = Date.UTC(2026, 11, 1, 12);
    const { feed, problems } = ok(importICalendar(fixture('ical.js/daily_recur.ics'), { now }));
    const days = feed.events.map((e) => e.start?.slice(0, 10));
    expect(days.filter((d) => d! < '2013-01-01')).toHaveLength(14);
    expect(days).toContain('2012-08-14');
    expect(days).toContain('2026-11-01');
    expect(days).toContain('2026-12-01');
    expect(days).not.toContain('2026-10-31');
    expect(new Set(feed.events.map((e) => e.id)).size).toBe(feed.events.length);
    expect(feed.events).toHaveLength(400);
    expect(problems.map((p) => p.message)).toContain('repeats more than 400 times; only the first were read');
  });

  it('Google birthdays: all-day dates stay dates', () => {
    const { feed } = ok(importICalendar(fixture('ical.js/google_birthday.ics')));
    // The overrides of 2012 and 2013 widen the window the calendar is read in.
    expect(feed.events.find((e) => e.start === '2014-12-10')).toMatchObject({ end: null });
    expect(feed.events.every((e) => /^\d{4}-\d\d-\d\d$/.test(e.start ?? ''))).toBe(true);
  });

  it('DURATION instead of DTEND', () => {
    const { feed } = ok(importICalendar(fixture('ical.js/duration_instead_of_dtend.ics')));
    expect(feed.events[0]).toMatchObject({ start: '2012-06-30T06:00:00-07:00', end: '2012-07-01T06:00:00-07:00' });
  });

  it('Thunderbird and Etar (Android) exports, with alarms, in Europe/London', () => {
    const tb = ok(importICalendar(fixture('python-icalendar/alarm_thunderbird_future.ics'))).feed;
    expect(tb.events[0]).toMatchObject({ title: 'event with alarms', start: '2024-10-23T15:00:00+01:00' });
    const etar = ok(importICalendar(fixture('python-icalendar/alarm_etar_future.ics'))).feed;
    expect(etar.events[0]).toMatchObject({ start: '2024-10-05T13:00:00+01:00', end: '2024-10-05T13:00:00Z' });
  });

  it('a custom zone defined only in the file, and Pacific/Fiji', () => {
    const ny = ok(importICalendar(fixture('python-icalendar/america_new_york.ics'))).feed;
    expect(ny.events[0]?.start).toBe('2014-08-29T08:00:00-04:00');
    expect(ny.festivals[0]?.timeZone).toBe('Etc/GMT+4');
    const fiji = ok(importICalendar(fixture('python-icalendar/pacific_fiji.ics'))).feed;
    expect(fiji.events[0]?.start).toBe('2014-08-29T08:00:00+12:00');
  });

  it('a daily meeting across the end of summer time keeps its wall-clock time (Europe/Zurich)', () => {
    const { feed } = ok(importICalendar(fixture('python-icalendar/x_location.ics')));
    const starts = feed.events.map((e) => e.start);
    expect(starts).toContain('2016-10-28T14:00:00+02:00');
    expect(starts).toContain('2016-10-31T14:00:00+01:00');
  });

  it('LOCATION to a venue name and address', () => {
    const { feed } = ok(importICalendar(fixture('python-icalendar/timezoned.ics')));
    expect(feed.events[0]).toMatchObject({
      venue: { name: 'aka bild', address: 'wien' },
      start: '2012-02-13T10:00:00+01:00',
    });
  });

  it('REFRESH-INTERVAL (RFC 7986) and NAME', () => {
    const result = ok(importICalendar(fixture('python-icalendar/rfc_7986_properties.ics')));
    expect(result.refreshMinutes).toBe(180);
    expect(result.feed.title).toBe('RFC 7986 calendar');
  });

  it('broken files are refused with a reason or read in part, never thrown', () => {
    // One bad line costs its own property or event (repair.ts), not the file.
    const bad = ok(importICalendar(fixture('python-icalendar/big_bad_calendar.ics')));
    expect(bad.problems.length).toBeGreaterThan(0);
    // A DTSTART that is no date: the event is kept with its date not announced, and says so.
    const partly = ok(importICalendar(fixture('python-icalendar/issue_1081_invalid_start_and_end.ics')));
    expect(partly.feed.events.map((e) => [e.title, e.start, e.end])).toEqual([['Test', null, null]]);
    expect(partly.problems.map((p) => p.message).join('\n')).toMatch(
      /its DTSTART \(line \d+\) could not be read; kept with its date not announced/,
    );
    for (const file of [
      'python-icalendar/broken_ical.ics',
      'python-icalendar/empty.ics',
      'python-icalendar/bom_calendar.ics',
      'ical.js/test__parser__newline_junk.ics',
      'python-icalendar/issue_722_missing_timezones.ics',
      'python-icalendar/issue_1050_multiple_calendars.ics',
    ]) {
      expect(() => importICalendar(fixture(file))).not.toThrow();
    }
  });

  it('non-ASCII calendar names', () => {
    expect(ok(importICalendar(fixture('python-icalendar/calendar_with_unicode.ics'))).feed.title).toBe('äöü ÄÖÜ €');
  });
});

describe('the mapping', () => {
  const films = [
    { id: 'default/happy-go-lucky', title: 'Happy-Go-Lucky', aliases: [], year: 2008, directors: ['Mike Leigh'] },
    { id: 'default/medicine', title: 'Medicine for Melancholy', aliases: [], year: 2008, directors: [] },
  ];

  it('ties events to films through SUMMARY and DESCRIPTION', () => {
    const text = cal(
      vevent(
        `UID:1\nDTSTART:20080906T230000Z\nSUMMARY:Dinner at Josos'\nDESCRIPTION:For Happy-Go-Lucky\\, with Mike Leigh.`,
      ) +
        vevent(`UID:2\nDTSTART:20080907T030000Z\nSUMMARY:Medicine for Melancholy karaoke`) +
        vevent(`UID:3\nDTSTART:20080907T030000Z\nSUMMARY:Sponsor lounge`),
    );
    const { links } = ok(importICalendar(text, { tie: filmTie(compileMatcher(films)) }));
    expect(links.get('1')).toEqual(['default/happy-go-lucky']);
    expect(links.get('2')).toEqual(['default/medicine']);
    expect(links.has('3')).toBe(false);
  });

  it('CATEGORIES to the kind, STATUS:CANCELLED, URL, TZID, all-day DTEND exclusive', () => {
    const text = cal(
      vevent(
        `UID:a\nDTSTART;TZID=America/Toronto:20070906T213000\nSUMMARY:YPF party\nCATEGORIES:Nightlife,Party\nURL:https://example.com/ypf\nSTATUS:CANCELLED`,
      ) +
        vevent(
          `UID:b\nDTSTART;VALUE=DATE:20070907\nDTEND;VALUE=DATE:20070909\nSUMMARY:Press days\nCATEGORIES:Screening`,
        ) +
        vevent(
          `UID:c\nDTSTART;VALUE=DATE:20070908\nDTEND;VALUE=DATE:20070909\nSUMMARY:Cocktails\nCATEGORIES:RECEPTION\nURL:javascript:alert(1)`,
        ),
    );
    const { feed } = ok(importICalendar(text));
    expect(feed.events[0]).toMatchObject({
      kind: 'party',
      cancelled: true,
      url: 'https://example.com/ypf',
      start: '2007-09-06T21:30:00-04:00',
    });
    expect(feed.events[1]).toMatchObject({ kind: 'screening', start: '2007-09-07', end: '2007-09-08' });
    expect(feed.events[2]).toMatchObject({ kind: 'reception', start: '2007-09-08', end: null, url: null });
    expect(feed.festivals[0]).toMatchObject({ timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-19' });
  });

  it('expands recurring events within the festival window, with their overrides and exceptions', () => {
    const text = cal(
      vevent(
        `UID:daily\nDTSTART;TZID=Europe/Paris:20250513T180000\nDURATION:PT2H\nRRULE:FREQ=DAILY\nEXDATE;TZID=Europe/Paris:20250515T180000\nSUMMARY:Terrace cocktails\nCATEGORIES:reception`,
      ) +
        `BEGIN:VEVENT\r\nUID:daily\r\nDTSTAMP:20250101T000000Z\r\nRECURRENCE-ID;TZID=Europe/Paris:20250516T180000\r\nDTSTART;TZID=Europe/Paris:20250516T200000\r\nDTEND;TZID=Europe/Paris:20250516T220000\r\nSUMMARY:Terrace cocktails (late)\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\n`,
      'X-WR-TIMEZONE:Europe/Paris\r\n',
    );
    const { feed } = ok(importICalendar(text, { window: { start: '2025-05-13', end: '2025-05-24' } }));
    expect(feed.events).toHaveLength(11);
    expect(feed.events.map((e) => e.start)).not.toContain('2025-05-15T18:00:00+02:00');
    const late = feed.events.find((e) => e.start === '2025-05-16T20:00:00+02:00');
    expect(late).toMatchObject({
      title: 'Terrace cocktails (late)',
      cancelled: true,
      end: '2025-05-16T22:00:00+02:00',
    });
  });

  it('X-PUBLISHED-TTL as the refresh period', () => {
    expect(ok(importICalendar(cal('', 'X-PUBLISHED-TTL:PT2H\r\n'))).refreshMinutes).toBe(120);
  });

  it('reads a calendar whose first line is folded (RFC 5545 allows folding anywhere)', () => {
    const body = cal(vevent('UID:fold-1\nSUMMARY:Folded party\nDTSTART:20070908T230000Z')).replace(
      'BEGIN:VCALENDAR',
      'BEGIN:VCAL\r\n ENDAR',
    );
    expect(body.startsWith('BEGIN:VCAL\r\n ENDAR\r\n')).toBe(true);
    expect(looksLikeICalendar(body)).toBe(true);
    expect(looksLikeICalendar('\uFEFFBEG\n\tIN:VCALENDAR\nVERSION:2.0')).toBe(true);
    expect(ok(importICalendar(body)).feed.events.map((e) => e.title)).toEqual(['Folded party']);
    // Folding is a line break then whitespace: a bare line break is not one.
    expect(looksLikeICalendar('BEGIN:VCAL\r\nENDAR\r\n')).toBe(false);
  });

  it('refuses what is not a calendar', () => {
    expect(importICalendar('<!doctype html><p>no')).toEqual({
      ok: false,
      error: 'This is not an iCalendar file (it looks like an HTML page)',
    });
    expect(importICalendar('{"afterparty":1}')).toMatchObject({ ok: false });
  });
});
