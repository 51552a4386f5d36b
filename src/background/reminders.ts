// Reminders as alarms, one per reminder, named after the event key (reminderAlarmName), so they
// survive the worker stopping and the browser restarting; rebuilt from the plan at start-up and
// after every change or sync. What was notified is stored, so nothing notifies twice: the record
// is written before the notification is shown (a crash between the two loses one notice rather
// than repeating it). Browser APIs, storage, clock and words come in as arguments (as createFeedSync).
import { eventKeyOfAlarm, plannedReminders, reminderAlarmName, type Reminder } from '../core/plan/index.ts';
import type { FeedEvent } from '../core/model.ts';
import type { ReminderState } from '../db/index.ts';
import type { ReminderLead, TravelMode } from '../core/settings.ts';

export interface ReminderAlarmsApi {
  create(name: string, info: { when: number }): void | Promise<void>;
  clear(name: string): Promise<boolean> | Promise<void> | void;
  getAll(): Promise<Array<{ name: string; scheduledTime: number }>>;
}

export interface ReminderNotificationsApi {
  create(
    id: string,
    options: { type: 'basic'; iconUrl: string; title: string; message: string },
  ): Promise<unknown> | void;
}

export type { ReminderState };

export type ReminderEvent = Pick<FeedEvent, 'start' | 'end' | 'cancelled' | 'venue' | 'title'> & { key: string };

export interface ReminderPlan {
  events: ReminderEvent[];
  /** Keys the user set "Remind me" on. */
  remind: string[];
  lead: ReminderLead;
  mode: TravelMode;
}

export interface ReminderWords {
  /** `now` tells "starts in 10 minutes" from a missed reminder's "started 5 minutes ago". */
  reminder(reminder: Reminder, event: ReminderEvent, now: number): { title: string; message: string };
  off(title: string, why: 'cancelled' | 'removed'): { title: string; message: string };
}

/**
 * Chrome allows an extension 500 alarms, replacements included, and refuses the rest: past it a
 * rebuild threw half-way and the feed sync's alarm could no longer move. Reminders take at most
 * this many, the soonest; the others wait and get theirs as the earlier ones fire.
 */
export const MAX_REMINDER_ALARMS = 400;

export interface Reminders {
  /** Sets every alarm the plan asks for, clears the rest, shows missed and "off" notices once. */
  rebuild(): Promise<void>;
  /** The alarm listener: notifies for a reminder alarm, ignores every other alarm. */
  onAlarm(alarm: { name: string }): Promise<void>;
  /** The keys of the reminders waiting for an alarm, soonest first, as of the last rebuild. */
  waiting(): string[];
}

export function createReminders({
  alarms,
  notifications,
  loadState,
  saveState,
  readPlan,
  clock,
  words,
  iconUrl,
  maxAlarms = MAX_REMINDER_ALARMS,
}: {
  alarms: ReminderAlarmsApi;
  notifications: ReminderNotificationsApi;
  loadState: () => Promise<ReminderState>;
  saveState: (state: ReminderState) => Promise<void>;
  readPlan: () => Promise<ReminderPlan>;
  clock: () => number;
  words: ReminderWords;
  iconUrl: string;
  maxAlarms?: number;
}): Reminders {
  let waiting: string[] = [];
  type Notice = { key: string; text: { title: string; message: string } };

  async function current() {
    const plan = await readPlan();
    const planned = plannedReminders(plan.events, new Set(plan.remind), plan.lead, plan.mode);
    return { plan, planned: new Map(planned.map((r) => [r.eventKey, r])) };
  }

  async function show(notices: Notice[]) {
    for (const { key, text } of notices) {
      await notifications.create(reminderAlarmName(key), { type: 'basic', iconUrl, ...text });
    }
  }

  async function rebuildNow() {
    const now = clock();
    const state = await loadState();
    const { plan, planned } = await current();
    const byKey = new Map(plan.events.map((e) => [e.key, e]));
    const notices: Notice[] = [];
    const existing = new Map<string, number>();
    const due = [...planned.values()]
      .filter((r) => r.at > now && state.notified[r.eventKey] !== r.at)
      .sort((a, b) => a.at - b.at);
    const armed = new Set(due.slice(0, maxAlarms).map((r) => r.eventKey));
    waiting = due.slice(maxAlarms).map((r) => r.eventKey);
    for (const alarm of await alarms.getAll()) {
      const key = eventKeyOfAlarm(alarm.name);
      if (key === null) continue;
      if (!armed.has(key) || planned.get(key)?.at !== alarm.scheduledTime) await alarms.clear(alarm.name);
      else existing.set(key, alarm.scheduledTime);
    }
    for (const [key, reminder] of planned) {
      if (state.notified[key] === reminder.at) continue;
      if (reminder.at > now) {
        if (armed.has(key) && !existing.has(key)) await alarms.create(reminderAlarmName(key), { when: reminder.at });
      } else if (now < reminder.end) {
        // Its time passed while the browser was closed, and the event is still on: say it once now.
        state.notified[key] = reminder.at;
        notices.push({ key, text: words.reminder(reminder, byKey.get(key)!, now) });
      }
    }
    const remind = new Set(plan.remind);
    for (const [key, was] of Object.entries(state.scheduled)) {
      if (planned.has(key) || !remind.has(key) || state.notified[key] === 'off' || was.start <= now) continue;
      const event = byKey.get(key);
      if (event && !event.cancelled) continue; // still there: the user changed the lead time or its time
      state.notified[key] = 'off';
      notices.push({ key, text: words.off(event?.title ?? was.title, event ? 'cancelled' : 'removed') });
    }
    state.scheduled = Object.fromEntries(
      [...planned.values()].map((r) => [r.eventKey, { at: r.at, start: r.start, title: byKey.get(r.eventKey)!.title }]),
    );
    await saveState(state);
    await show(notices);
  }

  async function onAlarmNow(name: string) {
    const key = eventKeyOfAlarm(name);
    if (key === null) return;
    const now = clock();
    const { plan, planned } = await current();
    const reminder = planned.get(key);
    // Gone, cancelled or moved later since the alarm was set: the rebuild says so or sets it again.
    if (!reminder || reminder.at > now + 60_000) return rebuildNow();
    const state = await loadState();
    if (state.notified[key] === reminder.at || now >= reminder.end) return;
    state.notified[key] = reminder.at;
    await saveState(state);
    // A slot is free: the next waiting reminder takes it.
    if (waiting.length > 0) await rebuildNow();
    await show([
      {
        key,
        text: words.reminder(
          reminder,
          plan.events.find((e) => e.key === key)!,
          now,
        ),
      },
    ]);
  }

  // One at a time: an alarm firing during a rebuild must not notify what the rebuild notifies.
  let queue: Promise<void> = Promise.resolve();
  const serial = (job: () => Promise<void>) => (queue = queue.then(job, job));
  return {
    rebuild: () => serial(rebuildNow),
    onAlarm: (alarm) => serial(() => onAlarmNow(alarm.name)),
    waiting: () => [...waiting],
  };
}
