// What the reminders last scheduled and notified (src/background/reminders.ts), one row in the
// `settings` table beside the display settings, so only the background can write it. Read back
// field by field: a bad entry is dropped, which at worst repeats one notice, never breaks them all.
import { isPlainObject } from '../core/guards.ts';
import type { AfterpartyDb } from './database.ts';

const ID = 'reminders';

export interface ReminderState {
  /** The reminders last set, to tell a removed or cancelled event from one never reminded. */
  scheduled: Record<string, { at: number; start: number; title: string }>;
  /** Per event key: the reminder time already notified, or "off" once its cancellation was. */
  notified: Record<string, number | 'off'>;
}

const table = (db: AfterpartyDb) => db.table<{ id: string; value: unknown }, string>('settings');

export async function loadReminderState(db: AfterpartyDb): Promise<ReminderState> {
  const value = (await table(db).get(ID))?.value;
  const state: ReminderState = { scheduled: {}, notified: {} };
  if (!isPlainObject(value)) return state;
  if (isPlainObject(value.scheduled)) {
    for (const [key, s] of Object.entries(value.scheduled)) {
      if (isPlainObject(s) && Number.isFinite(s.at) && Number.isFinite(s.start) && typeof s.title === 'string') {
        state.scheduled[key] = { at: s.at as number, start: s.start as number, title: s.title };
      }
    }
  }
  if (isPlainObject(value.notified)) {
    for (const [key, n] of Object.entries(value.notified)) {
      if (n === 'off' || Number.isFinite(n)) state.notified[key] = n as number | 'off';
    }
  }
  return state;
}

export async function saveReminderState(db: AfterpartyDb, state: ReminderState): Promise<void> {
  await table(db).put({ id: ID, value: state });
}
