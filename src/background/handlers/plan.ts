import { findClashes, reminderViews, type ReminderView } from '../../core/plan/index.ts';
import type { Plan } from '../../core/rows.ts';
import {
  eventsOfListedFilms,
  eventsWithContext,
  readPlan,
  readReminderInputs,
  savedStatus,
  setReminder,
  setSaved,
  type AfterpartyDb,
} from '../../db/index.ts';
import type { CardClashes, PlanMessages } from '../../messages/index.ts';
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
  shortcut = async () => null,
}: {
  db: AfterpartyDb;
  ready: () => Promise<void>;
  notificationsAllowed?: () => Promise<boolean>;
  clock?: () => number;
  /** The card's keyboard shortcut as the browser has it ("Alt+Shift+F"), null when none is set. */
  shortcut?: () => Promise<string | null>;
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
  // Each shown event that overlaps an event you are going to, by the plan's one clash rule.
  const clashes = async (keys: string[], from?: SenderContext): Promise<Record<string, CardClashes>> => {
    if (keys.length === 0) return {};
    const plan = await readPlan(db);
    const going = new Set(plan.saved.filter((s) => s.status === 'going').map((s) => s.eventKey));
    const goingEvents = plan.events.filter((e) => going.has(e.key));
    if (goingEvents.length === 0) return {};
    const others = (await eventsWithContext(db, keys)).events.filter((e) => !going.has(e.key));
    const overlaps = findClashes([...goingEvents, ...others]);
    const titleOf = new Map(goingEvents.map((e) => [e.key, e.title]));
    const out: Record<string, CardClashes> = {};
    for (const key of new Set(keys)) {
      const partners = (overlaps.get(key) ?? []).filter((other) => going.has(other) && other !== key);
      if (partners.length === 0) continue;
      const named = new Set(await shown(partners, from));
      out[key] = {
        titles: partners.filter((k) => named.has(k)).map((k) => titleOf.get(k) ?? ''),
        others: partners.filter((k) => !named.has(k)).length,
      };
    }
    return out;
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
      const keys = await shown(eventKeys, from);
      const [saved, clashing, key] = await Promise.all([
        savedStatus(db, keys),
        clashes(keys, from),
        shortcut().catch(() => null),
      ]);
      // Only saved events have reminders: a card of events none saved reads nothing more.
      return { saved, reminders: await reminders(Object.keys(saved)), clashes: clashing, shortcut: key };
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
