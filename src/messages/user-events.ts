// The user's own events: written from the popup's "Add an event" form or picked up from a page
// ("Add this event"). Stored beside feed events, shaped like them, under the feed id "user".
import { checkUserEventInput, type UserEventInput } from '../core/user-event-input.ts';
import type { UserEventRow } from '../core/rows.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

import { USER_FEED_ID } from '../core/rows.ts';

export interface UserEventMessages {
  getUserEvents: { params: Record<string, never>; result: { events: UserEventRow[] } };
  addUserEvent: { params: { event: UserEventInput }; result: { event: UserEventRow } };
  updateUserEvent: { params: { key: string; event: UserEventInput }; result: { event: UserEventRow } };
  deleteUserEvent: { params: { key: string }; result: { deleted: boolean } };
}

function keyParam(params: Record<string, unknown>): string | null {
  const key = params.key;
  return typeof key === 'string' && key.startsWith(`${USER_FEED_ID}/`) && key.length <= 400 ? key : null;
}

export const userEventSpecs: SpecsFor<UserEventMessages> = {
  getUserEvents: { validate: noParams('getUserEvents'), privileged: true },
  addUserEvent: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'addUserEvent needs {event}';
      const event = checkUserEventInput(params.event);
      return typeof event === 'string' ? `addUserEvent: ${event}` : { event };
    },
  },
  updateUserEvent: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'updateUserEvent needs {key, event}';
      const key = keyParam(params);
      if (!key) return 'updateUserEvent: key must be one of your own events ("user/…")';
      const event = checkUserEventInput(params.event);
      return typeof event === 'string' ? `updateUserEvent: ${event}` : { key, event };
    },
  },
  deleteUserEvent: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'deleteUserEvent needs {key}';
      const key = keyParam(params);
      return key ? { key } : 'deleteUserEvent: key must be one of your own events ("user/…")';
    },
  },
};
