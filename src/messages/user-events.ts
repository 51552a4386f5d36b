// The user's own events: written from the popup's "Add an event" form or picked up from a page
// ("Add this event"). Stored beside feed events, shaped like them, under the feed id "user".
import { checkUserEventInput, type UserEventInput } from '../core/user-event-input.ts';
import type { InvitationRef, UserEventRow } from '../core/rows.ts';
import type { InvitationChange, InvitationOutcome } from '../core/invitation-change.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

import { USER_FEED_ID } from '../core/rows.ts';

/** An invitation's event ready to save: its UID and SEQUENCE are required. */
export type InvitationEvent = UserEventInput & { invitation: InvitationRef };

export interface InvitationPreview {
  method: InvitationChange['method'];
  /** Each event, with what saving it would do and the titles of the films it is tied to. */
  items: { event: InvitationEvent; outcome: InvitationOutcome; filmTitles: string[] }[];
  /** Parts of the file that could not be read, in plain words. */
  problems: string[];
}

export interface UserEventMessages {
  /** Reads an .ics file for review; writes nothing. */
  previewInvitation: { params: { text: string }; result: InvitationPreview };
  /** Saves the reviewed events: new ones added, newer versions updated, CANCEL marks cancelled. */
  importInvitation: {
    params: { method: InvitationChange['method']; events: InvitationEvent[] };
    result: { results: { uid: string; outcome: InvitationOutcome; key: string | null }[] };
  };
  getUserEvents: { params: Record<string, never>; result: { events: UserEventRow[] } };
  addUserEvent: { params: { event: UserEventInput }; result: { event: UserEventRow } };
  updateUserEvent: { params: { key: string; event: UserEventInput }; result: { event: UserEventRow } };
  deleteUserEvent: { params: { key: string }; result: { deleted: boolean } };
}

function keyParam(params: Record<string, unknown>): string | null {
  const key = params.key;
  return typeof key === 'string' && key.startsWith(`${USER_FEED_ID}/`) && key.length <= 400 ? key : null;
}

/** An invitation file is small; a mailbox export is not an invitation. */
export const INVITATION_TEXT_MAX = 2_000_000;
const INVITATION_EVENTS_MAX = 500;
const METHODS = new Set(['REQUEST', 'CANCEL', 'PUBLISH']);

export const userEventSpecs: SpecsFor<UserEventMessages> = {
  previewInvitation: {
    privileged: true,
    validate(params) {
      if (!isPlainObject(params) || typeof params.text !== 'string') return 'previewInvitation needs {text}';
      if (params.text.length > INVITATION_TEXT_MAX) return 'previewInvitation: the file is too large for an invitation';
      return { text: params.text };
    },
  },
  importInvitation: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params) || typeof params.method !== 'string' || !METHODS.has(params.method))
        return 'importInvitation needs {method: REQUEST, CANCEL or PUBLISH, events}';
      if (!Array.isArray(params.events) || params.events.length === 0 || params.events.length > INVITATION_EVENTS_MAX)
        return `importInvitation: events must be a list of 1 to ${INVITATION_EVENTS_MAX}`;
      const events: InvitationEvent[] = [];
      for (const [i, raw] of params.events.entries()) {
        const event = checkUserEventInput(raw);
        if (typeof event === 'string') return `importInvitation: events[${i}]: ${event}`;
        if (!event.invitation) return `importInvitation: events[${i}] needs its invitation {uid, sequence}`;
        events.push({ ...event, invitation: event.invitation });
      }
      return { method: params.method as InvitationChange['method'], events };
    },
  },
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
