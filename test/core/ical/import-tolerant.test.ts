// What real producers write that a strict reader refuses (issue 15): each case is one quirk,
// and one bad part must never cost the other events of the calendar.
import { describe, expect, it } from 'vitest';
import { importICalendar, looksLikeICalendar } from '../../../src/core/ical/import.ts';
import { ianaFromWindows } from '../../../src/core/time/index.ts';

const cal = (body: string, head = '') =>
  `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${head}${body.trim().split('\n').join('\r\n')}\r\nEND:VCALENDAR\r\n`;
const clean = 'BEGIN:VEVENT\nUID:clean\nDTSTART:20260910T190000Z\nSUMMARY:Clean party\nEND:VEVENT';

function read(text: string, options = {}) {
  const result = importICalendar(text, options);
  if (!result.ok) throw new Error(result.error);
  return {
    events: result.feed.events.map((e) => [e.id, e.start, e.end]),
    problems: result.problems.map((p) => `${p.path}: ${p.message}`),
  };
}

describe('quirks that cost nothing', () => {
  it.each([
    ['a date without VALUE=DATE', 'UID:d\nDTSTART:20260910\nDTEND:20260912', ['d', '2026-09-10', '2026-09-11']],
    ['a date with a Z (Google birthdays)', 'UID:d\nDTSTART:20260910Z', ['d', '2026-09-10', null]],
    [
      'a Windows zone name',
      'UID:w\nDTSTART;TZID=W. Europe Standard Time:20260910T190000',
      ['w', '2026-09-10T19:00:00+02:00', null],
    ],
    [
      'a globally unique TZID',
      'UID:g\nDTSTART;TZID=/mozilla.org/20070129_1/America/New_York:20260910T190000',
      ['g', '2026-09-10T19:00:00-04:00', null],
    ],
    [
      'Exchange spaces in BYDAY',
      'UID:r\nDTSTART:20260907T190000Z\nRRULE:FREQ=DAILY;COUNT=2;BYDAY=MO, TU',
      ['r/2026-09-07T1900', '2026-09-07T19:00:00Z', null],
    ],
    [
      'a parameter line without a value',
      'UID:o\nORGANIZER;CN=Sixt SE\nDTSTART:20260910T190000Z',
      ['o', '2026-09-10T19:00:00Z', null],
    ],
    [
      'a broken Apple fold',
      'UID:a\nX-APPLE-RADIUS=49.9\nDTSTART:20260910T190000Z',
      ['a', '2026-09-10T19:00:00Z', null],
    ],
    [
      'RFC 6868 and RFC 7256 parameters',
      'UID:p\nATTENDEE;CN=Babe ^\'Ruth^\';MEMBER="mailto:a@x","mailto:b@x":mailto:b@x\nDTSTART:20260910T190000Z',
      ['p', '2026-09-10T19:00:00Z', null],
    ],
    [
      'RFC 7986 properties',
      'UID:c\nCOLOR:red\nIMAGE;VALUE=URI;DISPLAY=BADGE:https://x/p.png\nCONFERENCE;VALUE=URI;FEATURE=AUDIO,VIDEO:https://x/c\nDTSTART:20260910T190000Z',
      ['c', '2026-09-10T19:00:00Z', null],
    ],
    [
      'an event given by RDATE alone',
      'UID:rd\nRDATE;VALUE=PERIOD:20260910T190000Z/PT2H',
      ['rd', '2026-09-10T19:00:00Z', '2026-09-10T21:00:00Z'],
    ],
  ])('%s', (_, lines, first) => {
    const { events } = read(cal(`BEGIN:VEVENT\n${lines}\nEND:VEVENT\n${clean}`));
    expect(events[0]).toEqual(first);
    expect(events.at(-1)?.[0]).toBe('clean');
  });

  it('reads an RDATE PERIOD as its own start and end, after DTSTART', () => {
    const { events } = read(
      cal(
        'BEGIN:VEVENT\nUID:p\nDTSTART:20260910T190000Z\nDTEND:20260910T200000Z\nRDATE;VALUE=PERIOD:20260911T180000Z/PT3H\nEND:VEVENT',
      ),
    );
    expect(events).toEqual([
      ['p/2026-09-10T1900', '2026-09-10T19:00:00Z', '2026-09-10T20:00:00Z'],
      ['p/2026-09-11T1800', '2026-09-11T18:00:00Z', '2026-09-11T21:00:00Z'],
    ]);
  });

  it('reads every VCALENDAR of a file, after a byte-order mark', () => {
    const text = `\uFEFF${cal(clean)}${cal(clean.replace('UID:clean', 'UID:second'))}`;
    expect(looksLikeICalendar(text)).toBe(true);
    expect(read(text).events.map((e) => e[0])).toEqual(['clean', 'second']);
  });

  it('reads a bare VEVENT as a calendar', () => {
    const text = `${clean.split('\n').join('\r\n')}\r\n`;
    expect(looksLikeICalendar(text)).toBe(true);
    expect(read(text).events.map((e) => e[0])).toEqual(['clean']);
  });
});

describe('a zone the file does not define', () => {
  const outlook = 'BEGIN:VEVENT\nUID:o\nDTSTART;TZID="Western/Central Europe":20260910T190000\nEND:VEVENT';

  it('maps Windows names by the CLDR table', () => {
    expect(ianaFromWindows('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaFromWindows('eastern standard time')).toBe('America/New_York');
    expect(ianaFromWindows('Western/Central Europe')).toBeNull();
  });

  it.each([
    ['X-WR-TIMEZONE', 'X-WR-TIMEZONE:Europe/Paris\r\n', {}, '+02:00', /read in Europe\/Paris \(X-WR-TIMEZONE\)/],
    [
      "the festival's zone",
      '',
      { timeZone: 'America/Toronto' },
      '-04:00',
      /read in America\/Toronto \(the festival's zone\)/,
    ],
    ["the calendar's zone", '', {}, 'Z', /read in UTC \(the calendar's zone\)/],
  ])('falls back to %s and says so, per event', (_, head, options, offset, note) => {
    const { events, problems } = read(cal(outlook, head), options);
    expect(events).toEqual([['o', `2026-09-10T19:00:00${offset}`, null]]);
    expect(problems).toEqual([expect.stringMatching(note)]);
    expect(problems[0]).toMatch(/^VEVENT\[0\]\.DTSTART: names the time zone "Western\/Central Europe"/);
  });
});

describe('one bad part costs only its own event', () => {
  it.each([
    ['a bad FREQ', 'RRULE:FREQ=NEVER', /line 7: RRULE has no valid FREQ/],
    ['an RRULE ical.js cannot read', 'RRULE:FREQ=YEARLY;BYMONTH=13', /line 7: RRULE could not be read/],
  ])('%s: the event is read at its first date, and says so', (_, rule, reason) => {
    const { events, problems } = read(
      cal(`BEGIN:VEVENT\nUID:bad\nDTSTART:20260910T190000Z\nSUMMARY:Bad\n${rule}\nEND:VEVENT\n${clean}`),
    );
    expect(events.map((e) => e.slice(0, 2))).toEqual([
      ['bad', '2026-09-10T19:00:00Z'],
      ['clean', expect.any(String)],
    ]);
    expect(problems.join('\n')).toMatch(reason);
    expect(problems.join('\n')).toMatch(
      /VEVENT\[0\]: its RRULE \(line \d+\) could not be read; only its first date was read/,
    );
  });

  it('a DTSTART that is not a date: kept with its date not announced, and says so', () => {
    const { events, problems } = read(cal(`BEGIN:VEVENT\nUID:bad\nDTSTART:INVALID\nSUMMARY:Bad\nEND:VEVENT\n${clean}`));
    expect(events.map((e) => e.slice(0, 2)).sort()).toEqual([
      ['bad', null],
      ['clean', expect.any(String)],
    ]);
    expect(problems.join('\n')).toMatch(/line 5: DTSTART "INVALID" is not a date/);
    expect(problems.join('\n')).toMatch(
      /VEVENT\[0\]: its DTSTART \(line \d+\) could not be read; kept with its date not announced/,
    );
  });

  it('an event with no DTSTART and no SUMMARY is skipped: nothing to show (one with a SUMMARY is kept)', () => {
    const { events, problems } = read(
      cal(`BEGIN:VEVENT\nUID:empty\nEND:VEVENT\nBEGIN:VEVENT\nUID:named\nSUMMARY:Named\nEND:VEVENT\n${clean}`),
    );
    expect(events.map((e) => e[0]).sort()).toEqual(['clean', 'named']);
    expect(problems.join('\n')).toMatch(/VEVENT\[0\]: has neither a DTSTART nor a SUMMARY/);
    expect(problems.join('\n')).toMatch(/VEVENT\[1\]: has no DTSTART; kept with its date not announced/);
  });

  it('an event the file ends inside is skipped (a download cut short); the events before it are read', () => {
    const { events, problems } = read(`BEGIN:VCALENDAR\n${clean}\nBEGIN:VEVENT\nUID:cut\nSUMMARY:Cut sh`);
    expect(events.map((e) => e[0])).toEqual(['clean']);
    expect(problems.join('\n')).toMatch(
      /VEVENT\[1\]: its closing END:VEVENT \(the file ends before it\) could not be read/,
    );
  });

  it('undated events count against the events budget, and the cut is said once', () => {
    const undated = (id: string) => `BEGIN:VEVENT\nUID:${id}\nSUMMARY:Undated ${id}\nEND:VEVENT`;
    const text = cal([clean, undated('u1'), undated('u2'), undated('u3')].join('\n'));
    const within = importICalendar(text, { budget: { events: 4 } });
    const over = importICalendar(text, { budget: { events: 2 } });
    if (!within.ok || !over.ok) throw new Error('not read');
    // Positive control: with room for all four, all four are read and nothing is cut.
    expect(within.feed.events).toHaveLength(4);
    expect(within.problems.map((p) => p.message).join('\n')).not.toMatch(/only the first were read/);
    expect(over.feed.events.map((e) => [e.id, e.start === null])).toEqual([
      ['clean', false],
      ['u1', true],
    ]);
    expect(over.problems.filter((p) => /more than 2 events; only the first were read/.test(p.message))).toHaveLength(1);
  });

  it('an unreadable RDATE is left out, the event kept', () => {
    const { events, problems } = read(
      cal(`BEGIN:VEVENT\nUID:t\nDTSTART:20260910T190000Z\nRDATE;VALUE=TIME:083000\nEND:VEVENT`),
    );
    expect(events).toEqual([['t', '2026-09-10T19:00:00Z', null]]);
    expect(problems).toEqual([expect.stringMatching(/^line 6: RDATE has VALUE=TIME/)]);
  });
});
