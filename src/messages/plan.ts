import type { ReminderView } from '../core/plan/index.ts';
import type { Plan, SavedRow, SaveStatus } from '../core/rows.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

/** popup.html?event=<event key>: the popup's page opened on that saved event (a reminder's notification). */
export const FOCUS_EVENT_PARAM = 'event';

export interface PlanMessages {
  /** The saved events with their films and festivals (popup "Saved"); extension pages only. */
  getPlan: { params: Record<string, never>; result: Plan & { reminders: Record<string, ReminderView> } };
  /**
   * The save status of the events the card shows. From a content script, only events of listed
   * films are answered (handlers/plan.ts): a page learns nothing else of the plan.
   */
  getSavedStatus: {
    params: { eventKeys: string[] };
    result: { saved: Record<string, SaveStatus>; reminders: Record<string, ReminderView> };
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

function checkEventKey(name: string, eventKey: unknown): string | null {
  return typeof eventKey !== 'string' || eventKey.length === 0 || eventKey.length > 400 || !eventKey.includes('/')
    ? `${name}: eventKey must be an event key ("feed/event")`
    : null;
}

const STATUSES: ReadonlyArray<SaveStatus | null> = ['going', 'interested', null];

function checkEventKeys(name: string, keys: unknown): string[] | string {
  if (!Array.isArray(keys)) return `${name} needs {eventKeys: string[]}`;
  if (keys.length > 2_000 || !keys.every((k) => typeof k === 'string' && k.length <= 400))
    return `${name}: eventKeys must be at most 2000 short strings`;
  return keys as string[];
}

export const planSpecs: SpecsFor<PlanMessages> = {
  getPlan: { privileged: true, validate: noParams('getPlan') },
  getSavedStatus: {
    validate(params) {
      const keys = checkEventKeys('getSavedStatus', isPlainObject(params) ? params.eventKeys : undefined);
      return typeof keys === 'string' ? keys : { eventKeys: keys };
    },
  },
  // Not privileged: the card saves from the content script. From a page the handler accepts
  // only an event of a listed film, so the worst a hostile page could do is tick or untick a
  // box the card would show.
  setSaved: {
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'setSaved needs {eventKey, status}';
      const keys = Object.keys(params).sort().join(',');
      if (keys !== 'eventKey,status') return 'setSaved takes exactly {eventKey, status}';
      const { eventKey, status } = params;
      const badKey = checkEventKey('setSaved', eventKey);
      if (badKey) return badKey;
      if (!STATUSES.includes(status as SaveStatus | null))
        return 'setSaved: status must be "going", "interested" or null';
      return { eventKey: eventKey as string, status: status as SaveStatus | null };
    },
  },
  // Not privileged, like setSaved: the card's "Remind me".
  setReminder: {
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'setReminder needs {eventKey, remind}';
      if (Object.keys(params).sort().join(',') !== 'eventKey,remind')
        return 'setReminder takes exactly {eventKey, remind}';
      const badKey = checkEventKey('setReminder', params.eventKey);
      if (badKey) return badKey;
      if (typeof params.remind !== 'boolean') return 'setReminder: remind must be true or false';
      return { eventKey: params.eventKey as string, remind: params.remind };
    },
  },
  exportCalendar: {
    validate(params) {
      if (!isPlainObject(params)) return 'exportCalendar needs {eventKeys, name}';
      const keys = checkEventKeys('exportCalendar', params.eventKeys);
      if (typeof keys === 'string') return keys;
      if (typeof params.name !== 'string' || params.name.length > 300)
        return 'exportCalendar: name must be a short string';
      return { eventKeys: keys, name: params.name };
    },
  },
};
