import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../src/background/calendar-export.ts';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { parseFeed } from '../../src/core/feed/index.ts';
import { replaceFeed } from '../../src/db/index.ts';
import { freshDb } from '../db/fake-db.ts';

/** A feed with an announced start time: the embedded listings state days only. */
const timed = parseFeed({
  afterparty: 1,
  title: 'Timed',
  festivals: [{ id: 'tiff', name: 'TIFF 2007', timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-15' }],
  films: [{ id: 'fp', title: 'Fugitive Pieces', year: 2007 }],
  events: [
    {
      id: 'fp-party',
      title: 'Fugitive Pieces premiere party',
      kind: 'party',
      films: ['fp'],
      festival: 'tiff',
      start: '2007-09-06T22:30:00-04:00',
    },
  ],
});

function readCalendar(ics: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  // As a calendar program does: the file's own zone definitions are registered first.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

describe('calendarFor', () => {
  it('writes a timed event in its festival zone, with its film, and says what it left out', async () => {
    if (!timed.ok) throw new Error(timed.error);
    const db = freshDb();
    await loadDefaultFeed(db);
    await replaceFeed(db, { id: 'timed', url: null, builtIn: false, problems: [] }, timed.feed, new Date());
    const keys = ['timed/fp-party', 'default/happy-go-lucky-joso', 'default/no-such-event'];
    const { ics, fileName, skipped, missing } = await calendarFor(
      db,
      keys,
      'Fugitive Pieces party',
      Date.UTC(2026, 0, 1),
    );
    expect(fileName).toBe('fugitive-pieces-party.ics');
    expect(skipped).toEqual(['default/happy-go-lucky-joso']); // its date was never announced
    expect(missing).toBe(1);
    const [event] = readCalendar(ics);
    expect(event!.summary).toBe('Fugitive Pieces premiere party');
    expect(event!.startDate.zone?.tzid).toBe('America/Toronto');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2007-09-07T02:30:00.000Z');
    expect(event!.description).toContain('Fugitive Pieces');
  });

  it('writes an event whose day alone is known as an all-day event on that day', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const { ics, skipped } = await calendarFor(
      db,
      ['default/fugitive-pieces-rosedale'],
      'Rosedale',
      Date.UTC(2026, 0, 1),
    );
    expect(skipped).toEqual([]);
    const [event] = readCalendar(ics);
    expect(event!.startDate.isDate).toBe(true);
    expect(event!.startDate.toString()).toBe('2007-09-06');
  });
});
