// What "Remind me" says for each saved event: when it notifies, or the one reason it will not.
import { describe, expect, it } from 'vitest';
import { reminderViews } from '../../../src/core/plan/index.ts';
import { planEvent as ev } from './plan-event.ts';

const NOW = Date.parse('2007-09-10T12:00:00-04:00');
const events = [
  ev('timed', '2007-09-10T21:00:00-04:00'),
  ev('day', '2007-09-10'),
  ev('gone', '2007-09-10T22:00:00-04:00', { cancelled: true }),
  ev('past', '2007-09-09T21:00:00-04:00'),
];
const all = new Set(events.map((e) => e.key));
const base = { lead: '30', mode: 'transit', allowed: true, now: NOW } as const;

describe('reminderViews', () => {
  it('gives the time and lead of a reminder that will notify', () => {
    expect(reminderViews(events, all, base).timed).toEqual({
      on: true,
      at: Date.parse('2007-09-10T20:30:00-04:00'),
      minutesBefore: 30,
      leaveBy: false,
      blocked: null,
    });
  });

  it('says the one reason each other reminder will not notify', () => {
    const views = reminderViews(events, all, base);
    expect([views.day?.blocked, views.gone?.blocked, views.past?.blocked]).toEqual(['noTime', 'cancelled', 'over']);
    expect([views.day?.at, views.gone?.at, views.past?.at]).toEqual([null, null, null]);
    expect(reminderViews(events, all, { ...base, allowed: false }).timed?.blocked).toBe('noPermission');
    expect(reminderViews(events, all, { ...base, lead: 'off' }).timed?.blocked).toBe('leadOff');
  });

  it('says what a reminder would lack before it is turned on, so the first click can ask for it', () => {
    const views = reminderViews(events, new Set(), { ...base, allowed: false });
    expect(views.timed).toEqual({ on: false, at: null, minutesBefore: null, leaveBy: false, blocked: 'noPermission' });
    // Positive control: allowed, the same event lacks nothing.
    expect(reminderViews(events, new Set(), base).timed?.blocked).toBeNull();
  });

  it('leave-by: minutes before are the trip from the previous venue', () => {
    const castle = { name: 'Casa Loma', address: null, geo: { lat: 43.678, lon: -79.4094 } };
    const north = { name: 'North', address: null, geo: { lat: 43.678 + 3 / 111.195, lon: -79.4094 } };
    const plan = [
      ev('a', '2007-09-10T18:00:00-04:00', { end: '2007-09-10T20:00:00-04:00', venue: castle }),
      ev('b', '2007-09-10T21:00:00-04:00', { venue: north }),
    ];
    const views = reminderViews(plan, new Set(['a', 'b']), { ...base, lead: 'leave-by' });
    expect(views.a).toMatchObject({ leaveBy: false, minutesBefore: 30 });
    expect(views.b).toMatchObject({ leaveBy: true, minutesBefore: 16 });
  });
});
