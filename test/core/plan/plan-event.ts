// A saved event as the reminder and trip code reads it, titled after its key.
import type { ReminderEvent } from '../../../src/background/reminders.ts';

export const planEvent = (key: string, start: string | null, extra: Partial<ReminderEvent> = {}): ReminderEvent => ({
  key,
  title: key,
  start,
  end: null,
  venue: null,
  cancelled: false,
  ...extra,
});
