import { eventsOfListedFilms, readPlan, savedStatus, setSaved, type AfterpartyDb } from '../../db/index.ts';
import type { PlanMessages } from '../../messages/plan.ts';
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
}: {
  db: AfterpartyDb;
  ready: () => Promise<void>;
}): HandlersFor<PlanMessages> {
  const shown = async (keys: string[], from?: SenderContext) => {
    if (!fromContent(from)) return keys;
    await ready();
    const listed = await eventsOfListedFilms(db, keys);
    return keys.filter((key) => listed.has(key));
  };
  return {
    async getPlan() {
      await ready();
      return readPlan(db);
    },
    async getSavedStatus({ eventKeys }, from) {
      return { saved: await savedStatus(db, await shown(eventKeys, from)) };
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
