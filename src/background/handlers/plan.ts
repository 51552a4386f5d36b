import { readPlan, savedStatus, setSaved, type AfterpartyDb } from '../../db/index.ts';
import type { PlanMessages } from '../../messages/plan.ts';
import { calendarFor } from '../calendar-export.ts';
import type { HandlersFor } from './types.ts';

export function planHandlers({
  db,
  ready,
}: {
  db: AfterpartyDb;
  ready: () => Promise<void>;
}): HandlersFor<PlanMessages> {
  return {
    async getPlan() {
      await ready();
      return readPlan(db);
    },
    async getSavedStatus({ eventKeys }) {
      return { saved: await savedStatus(db, eventKeys) };
    },
    async setSaved({ eventKey, status }) {
      await ready();
      return { saved: await setSaved(db, eventKey, status) };
    },
    async exportCalendar({ eventKeys, name }) {
      await ready();
      return calendarFor(db, eventKeys, name);
    },
  };
}
