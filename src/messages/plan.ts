import type { ReminderView } from '../core/plan/index.ts';
import type { Plan, SavedRow, SaveStatus } from '../core/rows.ts';
import { bool, fail, field, keys, list, matches, obj, oneOf, reword, text, type Check } from '../core/check.ts';
import { isPlainObject, own, type JsonRecord } from '../core/guards.ts';
import { checkParams, noParams, objectParams, type SpecsFor } from './spec.ts';

/**
 * The events you are going to that one the card shows overlaps (the clash rule of
 * src/core/plan/clashes.ts): named when a card may show them (events of listed films), else
 * only counted, so a page learns no more of the plan than the card shows it.
 */
export interface CardClashes {
  titles: string[];
  others: number;
}

/** popup.html?event=<event key>: the popup's page opened on that saved event (a reminder's notification). */
export const FOCUS_EVENT_PARAM = 'event';

export interface PlanMessages {
  /** The saved events with their films and festivals (popup "Saved"); extension pages only. */
  getPlan: { params: Record<string, never>; result: Plan & { reminders: Record<string, ReminderView> } };
  /**
   * What the card shows besides its listings: the save status of its events, their reminders,
   * their clashes with events you are going to (by event key, only those that clash), and the
   * card's keyboard shortcut as the browser has it (null when none is set; a content script
   * cannot read the commands). From a content script, only events of listed films are
   * answered (handlers/plan.ts): a page learns nothing else of the plan.
   */
  getSavedStatus: {
    params: { eventKeys: string[] };
    result: {
      saved: Record<string, SaveStatus>;
      reminders: Record<string, ReminderView>;
      clashes: Record<string, CardClashes>;
      shortcut: string | null;
    };
  };
  /**
   * Saves an event as going or interested, or (null) removes it. From a content script, only an
   * event of a listed film, so a page cannot remove what it was never shown.
   */
  setSaved: { params: { eventKey: string; status: SaveStatus | null }; result: { saved: SavedRow | null } };
  /**
   * "Remind me" on or off for a saved event; answers when it will notify or why it will not.
   * From a content script, only an event of a listed film (as setSaved).
   */
  setReminder: { params: { eventKey: string; remind: boolean }; result: { reminder: ReminderView } };
  /**
   * An .ics of some events (the card's "Add to calendar", the plan's export); reads only. From a
   * content script, events of listed films only; the others count as missing.
   */
  exportCalendar: {
    params: { eventKeys: string[]; name: string };
    result: { ics: string; fileName: string; skipped: string[]; missing: number };
  };
}

const EVENT_KEY = matches(/\//, 'must be an event key ("feed/event")', 400);
const STATUS = oneOf<SaveStatus | null>(['going', 'interested', null], 'must be "going", "interested" or null');

/** The params' eventKeys: a missing list names the params, a bad one the field. */
function eventKeysOf(params: unknown): string[] {
  const keys = isPlainObject(params) ? own(params, 'eventKeys') : undefined;
  if (!Array.isArray(keys)) return fail('', 'needs {eventKeys: string[]}');
  return reword(list(text(400), 2_000), 'must be at most 2000 short strings')(keys, 'eventKeys');
}

/** An object with exactly these fields, else the words for what the message needs or takes. */
const exactly =
  (names: string[]): Check<JsonRecord> =>
  (v, path) =>
    keys(names, `takes exactly {${names.join(', ')}}`)(reword(obj, `needs {${names.join(', ')}}`)(v, path), path);

export const planSpecs: SpecsFor<PlanMessages> = {
  getPlan: { privileged: true, validate: noParams('getPlan') },
  getSavedStatus: { validate: checkParams('getSavedStatus', (v) => ({ eventKeys: eventKeysOf(v) })) },
  // Not privileged: the card saves from the content script. From a page the handler accepts
  // only an event of a listed film, so the worst a hostile page could do is tick or untick a
  // box the card would show.
  setSaved: {
    changes: true,
    validate: checkParams('setSaved', (v, path) => {
      const o = exactly(['eventKey', 'status'])(v, path);
      return { eventKey: field(o, 'eventKey', EVENT_KEY, path), status: field(o, 'status', STATUS, path) };
    }),
  },
  // Not privileged, like setSaved: the card's "Remind me".
  setReminder: {
    changes: true,
    validate: checkParams('setReminder', (v, path) => {
      const o = exactly(['eventKey', 'remind'])(v, path);
      return { eventKey: field(o, 'eventKey', EVENT_KEY, path), remind: field(o, 'remind', bool, path) };
    }),
  },
  exportCalendar: {
    validate: objectParams('exportCalendar', 'needs {eventKeys, name}', (get, params) => ({
      eventKeys: eventKeysOf(params),
      name: get('name', text(300, 'must be a short string')),
    })),
  },
};
