// The export writes VTIMEZONE observances for the years that hold an event's start or end only:
// an event from 2026 to 9999 (stored before feeds were bounded to 1900–2200) used to cost over
// a minute of sampling and a 1.5 MB file.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { exportIcs, vtimezone } from '../../../src/core/ical/export.ts';
import type { FeedEvent } from '../../../src/core/model.ts';

const event = (start: string, end: string | null): FeedEvent & { key: string } => ({
  key: 'default/long',
  id: 'long',
  kind: 'party',
  title: 'Long party',
  films: [],
  festival: null,
  start,
  end,
  venue: null,
  host: null,
  access: 'public',
  url: null,
  description: null,
  source: null,
  cancelled: false,
});

const observanceYears = (ics: string) =>
  [...ics.matchAll(/^DTSTART:(\d{4})/gm)].map((m) => Number(m[1])).filter((y, i, all) => all.indexOf(y) === i);

describe('VTIMEZONE years', () => {
  it('an event from 2026 to 9999 gets observances for 2026 and 9999, not the years between', () => {
    const { ics } = exportIcs(
      [{ event: event('2026-09-10T19:00:00-04:00', '9999-09-10T19:00:00-04:00'), timeZone: 'America/Toronto' }],
      Date.UTC(2026, 0, 1),
    );
    expect(observanceYears(ics)).toEqual([2026, 9999]);
    // Two years of Toronto: January's rule and two changes each.
    expect(ics.match(/^BEGIN:(STANDARD|DAYLIGHT)/gm)).toHaveLength(6);
    expect(ics.length).toBeLessThan(5_000);
  });

  it('each year opens with the rule in force, so a reader gets the right offset in either year', () => {
    const lines = vtimezone('America/Toronto', [2030, 2026]);
    const calendar = new ICAL.Component(
      ICAL.parse(
        ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', ...lines, 'END:VCALENDAR'].join('\r\n') + '\r\n',
      ),
    );
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    const offsetAt = (text: string) => {
      const time = ICAL.Time.fromDateTimeString(text);
      return zone.utcOffset(time) / 3600;
    };
    expect(offsetAt('2026-07-01T12:00:00')).toBe(-4);
    expect(offsetAt('2026-12-01T12:00:00')).toBe(-5);
    expect(offsetAt('2030-07-01T12:00:00')).toBe(-4);
    expect(offsetAt('2030-01-15T12:00:00')).toBe(-5);
  });
});
