import type { SavedRow } from '../db/database.ts';
import type { Plan } from '../db/plan.ts';
import { isPlainObject, noParams, type SpecsFor } from './spec.ts';

export type { Plan } from '../db/plan.ts';
export type SaveStatus = SavedRow['status'];

export interface PlanMessages {
  /** The saved events with their films and festivals (popup "Saved", card buttons). */
  getPlan: { params: Record<string, never>; result: Plan };
  /** Saves an event as going or interested, or (null) removes it. */
  setSaved: { params: { eventKey: string; status: SaveStatus | null }; result: { saved: SavedRow | null } };
}

const STATUSES: ReadonlyArray<SaveStatus | null> = ['going', 'interested', null];

export const planSpecs: SpecsFor<PlanMessages> = {
  getPlan: { validate: noParams('getPlan') },
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
