import { reminderViews, type ReminderView } from '../../core/plan/index.ts';
import type { Plan } from '../../core/rows.ts';
import {
  eventsOfListedFilms,
  readPlan,
  readReminderInputs,
  savedStatus,
  setReminder,
  setSaved,
  type AfterpartyDb,
} from '../../db/index.ts';
import type { PlanMessages } from '../../messages/index.ts';
import { calendarFor } from '../calendar-export.ts';
import type { HandlersFor, SenderContext } from './types.ts';

// A content script may see and mark only events a card can show: events of films some feed
// lists (eventsOfListedFilms). The user's events tied to no film, saved entries of events that
// are gone, and events of no film stay with our own pages, so a page cannot rebuild the plan
// or the user's own events key by key. The background cannot know which films a page really
// found (a page holding the title index can claim any), so the bound is the listings, not a page.
const fromContent = (from?: SenderContext) => from?.extensionPage !== true;

export function planHandlers({
  db,
  ready,
  notificationsAllowed = async () => false,
  clock = Date.now,
}: {
  db: AfterpartyDb;
  ready: () => Promise<void>;
  notificationsAllowed?: () => Promise<boolean>;
  clock?: () => number;
}): HandlersFor<PlanMessages> {
  // Over the whole plan: a leave-by time depends on the saved event before.
  const reminders = async (keys: string[], plan?: Plan): Promise<Record<string, ReminderView>> => {
    if (keys.length === 0) return {};
    const [{ events, remind, lead, mode }, allowed] = await Promise.all([
      readReminderInputs(db, plan),
      notificationsAllowed(),
    ]);
    const views = reminderViews(events, new Set(remind), { lead, mode, allowed, now: clock() });
    return Object.fromEntries(keys.filter((key) => views[key]).map((key) => [key, views[key]!]));
  };
  const shown = async (keys: string[], from?: SenderContext) => {
    if (!fromContent(from)) return keys;
    await ready();
    const listed = await eventsOfListedFilms(db, keys);
    return keys.filter((key) => listed.has(key));
  };
  return {
    async getPlan() {
      await ready();
      const plan = await readPlan(db);
      return {
        ...plan,
        reminders: await reminders(
          plan.saved.map((s) => s.eventKey),
          plan,
        ),
      };
    },
    async getSavedStatus({ eventKeys }, from) {
      const saved = await savedStatus(db, await shown(eventKeys, from));
      // Only saved events have reminders: a card of events none saved reads nothing more.
      return { saved, reminders: await reminders(Object.keys(saved)) };
    },
    async setReminder({ eventKey, remind }, from) {
      await ready();
      if ((await shown([eventKey], from)).length === 0)
        throw new Error('setReminder: a page may only set reminders on events of the films it lists');
      await setReminder(db, eventKey, remind);
      return { reminder: (await reminders([eventKey]))[eventKey]! };
    },
    async setSaved({ eventKey, status }, from) {
      await ready();
      if ((await shown([eventKey], from)).length === 0)
        throw new Error('setSaved: a page may only save events of the films it lists');
      return { saved: await setSaved(db, eventKey, status) };
    },
    async exportCalendar({ eventKeys, name }, from) {
      await ready();
      const keys = await shown(eventKeys, from);
      const calendar = await calendarFor(db, keys, name);
      return { ...calendar, missing: calendar.missing + eventKeys.length - keys.length };
    },
  };
}
