import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../src/background/calendar-export.ts';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { freshDb } from '../db/fake-db.ts';

describe('calendarFor', () => {
  it('writes the events asked for in their festival zone, with their films, and says what it left out', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const keys = ['default/fugitive-pieces-rosedale', 'default/happy-go-lucky-joso', 'default/no-such-event'];
    const { ics, fileName, skipped, missing } = await calendarFor(
      db,
      keys,
      'Fugitive Pieces house party',
      Date.UTC(2026, 0, 1),
    );
    expect(fileName).toBe('fugitive-pieces-house-party.ics');
    expect(skipped).toEqual(['default/happy-go-lucky-joso']); // its date was never announced
    expect(missing).toBe(1);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    // As a calendar program does: the file's own zone definitions are registered first.
    for (const zone of calendar.getAllSubcomponents('vtimezone'))
      ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe('Fugitive Pieces house party');
    expect(event.startDate.zone?.tzid).toBe('America/Toronto');
    expect(event.startDate.toJSDate().toISOString()).toBe('2007-09-07T02:38:00.000Z');
    expect(event.description).toContain('Fugitive Pieces');
  });
});
