// "Remind me" in the .ics export: a VALARM at the reminder's lead before a timed event, read back
// by ical.js; none for an event without a reminder, a date alone, or a cancelled event (each
// absence beside an event of the same file that has one).
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { exportIcs } from '../../../src/core/ical/export.ts';
import type { FeedEvent } from '../../../src/core/model.ts';
import { plainEvent } from './plain-event.ts';

const event = (key: string, start: string, extra: Partial<FeedEvent> = {}) => plainEvent(key, { start, ...extra });

describe('VALARM in the export', () => {
  it('carries each reminder as a display alarm before the start', () => {
    const zone = 'America/Toronto';
    const { ics } = exportIcs(
      [
        { event: event('leave', '2007-09-10T21:00:00-04:00'), timeZone: zone, alarmMinutesBefore: 15.6 },
        { event: event('plain', '2007-09-10T23:00:00-04:00'), timeZone: zone },
        { event: event('day', '2007-09-11'), timeZone: zone, alarmMinutesBefore: 30 },
        {
          event: event('off', '2007-09-12T21:00:00-04:00', { cancelled: true }),
          timeZone: zone,
          alarmMinutesBefore: 30,
        },
      ],
      Date.UTC(2026, 0, 1),
    );
    const vevents = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
    const alarms = Object.fromEntries(
      vevents.map((v) => [
        v.getFirstPropertyValue('summary'),
        v.getAllSubcomponents('valarm').map((a) => ({
          action: a.getFirstPropertyValue('action'),
          trigger: String(a.getFirstPropertyValue('trigger')),
          description: a.getFirstPropertyValue('description'),
        })),
      ]),
    );
    expect(alarms).toEqual({
      'Party leave': [{ action: 'DISPLAY', trigger: '-PT16M', description: 'Party leave' }],
      'Party plain': [],
      'Party day': [],
      'Party off': [],
    });
  });
});
