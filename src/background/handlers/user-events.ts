import { addUserEvent, deleteUserEvent, listUserEvents, updateUserEvent, type AfterpartyDb } from '../../db/index.ts';
import type { UserEventMessages } from '../../messages/user-events.ts';
import type { HandlersFor } from './types.ts';

export function userEventHandlers({
  db,
  ready,
}: {
  db: AfterpartyDb;
  ready: () => Promise<void>;
}): HandlersFor<UserEventMessages> {
  return {
    async getUserEvents() {
      return { events: await listUserEvents(db) };
    },
    async addUserEvent({ event }) {
      // Films and festivals are checked against the catalog, so it must be loaded first.
      await ready();
      return { event: await addUserEvent(db, event) };
    },
    async updateUserEvent({ key, event }) {
      await ready();
      return { event: await updateUserEvent(db, key, event) };
    },
    async deleteUserEvent({ key }) {
      return { deleted: await deleteUserEvent(db, key) };
    },
  };
}
