import type { SavedRow } from '../db/database.ts';
import type { Plan } from '../db/plan.ts';
import { isPlainObject, noParams, type SpecsFor } from './spec.ts';

export type { Plan } from '../db/plan.ts';
export type SaveStatus = SavedRow['status'];

export interface PlanMessages {
  /** The saved events with their films and festivals (popup "Saved"); extension pages only. */
  getPlan: { params: Record<string, never>; result: Plan };
  /** The save status of the events the card shows: a page learns nothing else of the plan. */
  getSavedStatus: { params: { eventKeys: string[] }; result: { saved: Record<string, SaveStatus> } };
  /** Saves an event as going or interested, or (null) removes it. */
  setSaved: { params: { eventKey: string; status: SaveStatus | null }; result: { saved: SavedRow | null } };
}

const STATUSES: ReadonlyArray<SaveStatus | null> = ['going', 'interested', null];

export const planSpecs: SpecsFor<PlanMessages> = {
  getPlan: { privileged: true, validate: noParams('getPlan') },
  getSavedStatus: {
    validate(params) {
      if (!isPlainObject(params) || !Array.isArray(params.eventKeys)) return 'getSavedStatus needs {eventKeys: string[]}';
      const keys = params.eventKeys;
      if (keys.length > 2_000 || !keys.every((k) => typeof k === 'string' && k.length <= 400)) return 'getSavedStatus: eventKeys must be at most 2000 short strings';
      return { eventKeys: keys as string[] };
    },
  },
  // Not privileged: the card saves from the content script. It can only mark an event that
  // exists (checked by the handler), so the worst a hostile page could do is tick a box.
  setSaved: {
    validate(params) {
      if (!isPlainObject(params)) return 'setSaved needs {eventKey, status}';
      const keys = Object.keys(params).sort().join(',');
      if (keys !== 'eventKey,status') return 'setSaved takes exactly {eventKey, status}';
      const { eventKey, status } = params;
      if (typeof eventKey !== 'string' || eventKey.length === 0 || eventKey.length > 400 || !eventKey.includes('/')) {
        return 'setSaved: eventKey must be an event key ("feed/event")';
      }
      if (!STATUSES.includes(status as SaveStatus | null)) return 'setSaved: status must be "going", "interested" or null';
      return { eventKey, status: status as SaveStatus | null };
    },
  },
};
