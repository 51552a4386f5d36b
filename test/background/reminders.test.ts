// Reminders with fake alarms, notifications, storage and clock (as the sync scheduler's tests):
// rebuilt from the plan, moved with the event, notified once, "off" said once, missed ones shown.
import { describe, expect, it } from 'vitest';
import {
  createReminders,
  type ReminderAlarmsApi,
  type ReminderPlan,
  type ReminderState,
} from '../../src/background/reminders.ts';
import { plannedReminders, reminderAlarmName, eventKeyOfAlarm } from '../../src/core/plan/index.ts';
import { planEvent as ev } from '../core/plan/plan-event.ts';

const MIN = 60_000;
const T0 = Date.parse('2007-09-10T18:00:00-04:00');

function fakeAlarms() {
  const set = new Map<string, number>();
  const api: ReminderAlarmsApi = {
    create: (name, { when }) => void set.set(name, when),
    clear: async (name) => set.delete(name),
    getAll: async () => [...set].map(([name, scheduledTime]) => ({ name, scheduledTime })),
  };
  return { api, set };
}

function world(plan: ReminderPlan) {
  const alarms = fakeAlarms();
  const shown: Array<{ id: string; title: string; message: string }> = [];
  let stored: ReminderState = { scheduled: {}, notified: {} };
  const clock = { now: T0 };
  const reminders = () =>
    createReminders({
      alarms: alarms.api,
      notifications: {
        create: async (id, o) => {
          shown.push({ id, title: o.title, message: o.message });
          return id;
        },
      },
      loadState: async () => structuredClone(stored),
      saveState: async (s) => void (stored = structuredClone(s)),
      readPlan: async () => structuredClone(plan),
      clock: () => clock.now,
      words: {
        reminder: (r, event) => ({ title: event.title, message: r.leaveBy ? 'leave now' : 'soon' }),
        off: (title, why) => ({ title, message: why }),
      },
      iconUrl: 'icon.png',
    });
  return { alarms, shown, clock, plan, reminders, state: () => stored };
}

const party = ev('default/party', '2007-09-10T21:00:00-04:00');
const basePlan = (): ReminderPlan => ({ events: [party], remind: ['default/party'], lead: '30', mode: 'transit' });
const name = reminderAlarmName('default/party');

describe('reminder alarm names', () => {
  it('round-trip an event key and ignore other alarms', () => {
    expect(eventKeyOfAlarm(reminderAlarmName('default/a:b'))).toBe('default/a:b');
    expect(eventKeyOfAlarm('afterparty-sync')).toBeNull();
    expect(eventKeyOfAlarm(reminderAlarmName(''))).toBeNull();
  });
});

describe('plannedReminders', () => {
  it('fires the lead time before the start, only for reminded, timed, live events', () => {
    const events = [
      party,
      ev('default/other', '2007-09-10T22:00:00-04:00'),
      ev('default/day', '2007-09-10'),
      ev('default/gone', '2007-09-10T23:00:00-04:00', { cancelled: true }),
    ];
    const all = new Set(events.map((e) => e.key));
    const start = Date.parse(party.start!);
    expect(plannedReminders(events, new Set(['default/party']), '10', 'car')).toEqual([
      { eventKey: 'default/party', at: start - 10 * MIN, start, end: start + 3 * 60 * MIN, leaveBy: false },
    ]);
    expect(plannedReminders(events, all, '60', 'car').map((r) => r.eventKey)).toEqual([
      'default/party',
      'default/other',
    ]);
    expect(plannedReminders(events, all, 'off', 'car')).toEqual([]);
  });

  it('leave-by fires when the trip from the previous venue must begin, else 30 minutes before', () => {
    const castle = { name: 'Casa Loma', address: null, geo: { lat: 43.678, lon: -79.4094 } };
    const north = { name: 'North', address: null, geo: { lat: 43.678 + 3 / 111.195, lon: -79.4094 } };
    const events = [
      ev('a', '2007-09-10T18:00:00-04:00', { end: '2007-09-10T20:00:00-04:00', venue: castle }),
      ev('b', '2007-09-10T21:00:00-04:00', { venue: north }),
    ];
    const [first, second] = plannedReminders(events, new Set(['a', 'b']), 'leave-by', 'transit');
    expect(first).toMatchObject({ leaveBy: false, at: Date.parse('2007-09-10T17:30:00-04:00') });
    expect(second!.leaveBy).toBe(true);
    // 3.9 km at 15 km/h: 15.6 minutes before 21:00.
    expect((Date.parse('2007-09-10T21:00:00-04:00') - second!.at) / MIN).toBeCloseTo(15.6, 1);
  });
});

describe('createReminders', () => {
  it('sets one alarm per reminder and notifies once when it fires', async () => {
    const w = world(basePlan());
    await w.reminders().rebuild();
    expect([...w.alarms.set]).toEqual([[name, Date.parse('2007-09-10T20:30:00-04:00')]]);
    expect(w.shown).toEqual([]);
    w.clock.now = Date.parse('2007-09-10T20:30:00-04:00');
    await w.reminders().onAlarm({ name });
    await w.reminders().onAlarm({ name });
    await w.reminders().rebuild();
    expect(w.shown).toEqual([{ id: name, title: 'default/party', message: 'soon' }]);
  });

  it('ignores alarms that are not reminders (positive control: a reminder alarm notifies)', async () => {
    const w = world(basePlan());
    w.clock.now = Date.parse('2007-09-10T20:30:00-04:00');
    await w.reminders().onAlarm({ name: 'afterparty-sync' });
    expect(w.shown).toEqual([]);
    await w.reminders().onAlarm({ name });
    expect(w.shown).toHaveLength(1);
  });

  it('rebuilds the same alarms after a restart, and moves one when a sync moves its event', async () => {
    const w = world(basePlan());
    await w.reminders().rebuild();
    const before = [...w.alarms.set];
    await w.reminders().rebuild(); // a new worker, same plan
    expect([...w.alarms.set]).toEqual(before);
    w.plan.events[0] = { ...party, start: '2007-09-10T22:00:00-04:00' };
    await w.reminders().rebuild();
    expect([...w.alarms.set]).toEqual([[name, Date.parse('2007-09-10T21:30:00-04:00')]]);
    // The old alarm firing late (it was already queued) notifies nothing: the event is later now.
    w.clock.now = Date.parse('2007-09-10T20:30:00-04:00');
    await w.reminders().onAlarm({ name });
    expect(w.shown).toEqual([]);
  });

  it('says once that a cancelled or removed event is off', async () => {
    for (const change of ['cancelled', 'removed'] as const) {
      const w = world(basePlan());
      await w.reminders().rebuild();
      if (change === 'cancelled') w.plan.events[0] = { ...party, cancelled: true };
      else w.plan.events = [];
      await w.reminders().rebuild();
      await w.reminders().rebuild();
      expect(w.shown).toEqual([{ id: name, title: 'default/party', message: change }]);
      expect(w.alarms.set.size).toBe(0);
    }
  });

  it('says nothing when the user turns the reminder off (positive control above)', async () => {
    const w = world(basePlan());
    await w.reminders().rebuild();
    w.plan.remind = [];
    await w.reminders().rebuild();
    expect(w.shown).toEqual([]);
    expect(w.alarms.set.size).toBe(0);
  });

  it('shows a reminder missed while the browser was closed once at start-up, if the event is not over', async () => {
    const w = world(basePlan());
    await w.reminders().rebuild();
    w.alarms.set.clear(); // the browser was closed through the alarm time
    w.clock.now = Date.parse('2007-09-10T21:15:00-04:00');
    await w.reminders().rebuild();
    await w.reminders().rebuild();
    expect(w.shown).toEqual([{ id: name, title: 'default/party', message: 'soon' }]);

    const late = world(basePlan());
    await late.reminders().rebuild();
    late.clock.now = Date.parse('2007-09-11T00:30:00-04:00'); // past its assumed end
    await late.reminders().rebuild();
    expect(late.shown).toEqual([]);
  });

  it('notifies once when an alarm and a rebuild run together', async () => {
    const w = world(basePlan());
    await w.reminders().rebuild();
    w.clock.now = Date.parse('2007-09-10T20:31:00-04:00');
    const r = w.reminders();
    await Promise.all([r.onAlarm({ name }), r.rebuild(), r.onAlarm({ name })]);
    expect(w.shown).toHaveLength(1);
  });

  it("keeps to Chrome's alarm limit: the soonest reminders get alarms, the rest wait and follow as slots free", async () => {
    // 500 reminded events, one a minute from 21:00; the browser refuses a 501st alarm, as Chrome does.
    const events = Array.from({ length: 500 }, (_, i) =>
      ev(`default/e${i}`, new Date(Date.parse('2007-09-10T21:00:00-04:00') + i * MIN).toISOString()),
    );
    const w = world({ events, remind: events.map((e) => e.key), lead: '30', mode: 'transit' });
    w.alarms.set.set('afterparty-sync', T0 + 60 * MIN);
    const create = w.alarms.api.create;
    w.alarms.api.create = (alarmName, info) => {
      if (w.alarms.set.size >= 500) throw new Error('Too many alarms');
      return create(alarmName, info);
    };
    const r = w.reminders();
    await r.rebuild();
    const reminderAlarms = () => [...w.alarms.set.keys()].filter((n) => eventKeyOfAlarm(n) !== null);
    expect(reminderAlarms()).toHaveLength(400);
    expect(w.alarms.set.has('afterparty-sync')).toBe(true);
    expect(r.waiting()).toHaveLength(100);
    expect(r.waiting()[0]).toBe('default/e400');
    // The first fires: it notifies, and the first waiting reminder takes its slot.
    const first = reminderAlarmName('default/e0');
    w.clock.now = w.alarms.set.get(first)!;
    w.alarms.set.delete(first);
    await r.onAlarm({ name: first });
    expect(w.shown.map((s) => s.id)).toEqual([first]);
    expect(w.alarms.set.has(reminderAlarmName('default/e400'))).toBe(true);
    expect(reminderAlarms()).toHaveLength(400);
    expect(r.waiting()).toHaveLength(99);
  });
});
