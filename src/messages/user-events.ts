// The user's own events: written from the popup's "Add an event" form or picked up from a page
// ("Add this event"). Stored beside feed events, shaped like them, under the feed id "user".
import { checkUserEventInput, type UserEventInput } from '../core/user-event-input.ts';
import type { InvitationRef, UserEventRow } from '../core/rows.ts';
import type { InvitationChange, InvitationOutcome } from '../core/invitation-change.ts';
import { at, fail, field, fromResult, guard, say, type Check } from '../core/check.ts';
import { isPlainObject, own, type JsonRecord } from '../core/guards.ts';
import { checkParams, noParams, objectParams, type SpecsFor } from './spec.ts';

import { USER_FEED_ID } from '../core/rows.ts';

/** An invitation's event ready to save: its UID and SEQUENCE are required. */
export type InvitationEvent = UserEventInput & { invitation: InvitationRef };

/** One of the user's stored events an invitation would change, as the review shows it. */
export interface InvitationTarget {
  key: string;
  title: string;
  start: string | null;
  end: string | null;
  timeZone: string | null;
}

export interface InvitationPreview {
  method: InvitationChange['method'];
  /**
   * Each event, with what saving it would do, the titles of the films it is tied to, and every
   * stored event saving it would update or cancel (a CANCEL of a series: each occurrence).
   */
  items: { event: InvitationEvent; outcome: InvitationOutcome; filmTitles: string[]; changes: InvitationTarget[] }[];
  /** Events of the file beyond the first INVITATION_EVENTS_MAX, which one import can save: counted, not sent. */
  notShown: number;
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

/** An invitation file is small; a mailbox export is not an invitation. */
export const INVITATION_TEXT_MAX = 2_000_000;
export const INVITATION_EVENTS_MAX = 500;
const METHODS = ['REQUEST', 'CANCEL', 'PUBLISH'] as const;

const OWN_EVENT_KEY = guard(
  (v): v is string => typeof v === 'string' && v.startsWith(`${USER_FEED_ID}/`) && v.length <= 400,
  'must be one of your own events ("user/…")',
);
const EVENT = fromResult(checkUserEventInput);

const invitationEvent: Check<InvitationEvent> = (v, path) => {
  const event = checkUserEventInput(v);
  if (typeof event === 'string') return say(path, `${path}: ${event}`);
  if (!event.invitation) return fail(path, 'needs its invitation {uid, sequence}');
  return { ...event, invitation: event.invitation };
};

const invitationEvents: Check<InvitationEvent[]> = (v, path) => {
  if (!Array.isArray(v) || v.length === 0 || v.length > INVITATION_EVENTS_MAX)
    return fail(path, `must be a list of 1 to ${INVITATION_EVENTS_MAX}`);
  return v.map((raw, i) => invitationEvent(raw, at(path, i)));
};

const isMethodParams = (v: unknown): v is JsonRecord =>
  isPlainObject(v) && (METHODS as readonly unknown[]).includes(own(v, 'method'));

export const userEventSpecs: SpecsFor<UserEventMessages> = {
  previewInvitation: {
    privileged: true,
    validate: checkParams('previewInvitation', (v, path) => {
      const o = guard((x): x is JsonRecord => isPlainObject(x) && typeof x.text === 'string', 'needs {text}')(v, path);
      const text = o.text as string;
      if (text.length > INVITATION_TEXT_MAX) say('text', 'the file is too large for an invitation');
      return { text };
    }),
  },
  importInvitation: {
    privileged: true,
    changes: true,
    validate: checkParams('importInvitation', (v, path) => {
      const o = guard(isMethodParams, 'needs {method: REQUEST, CANCEL or PUBLISH, events}')(v, path);
      const events = field(o, 'events', invitationEvents, path);
      return { method: o.method as InvitationChange['method'], events };
    }),
  },
  getUserEvents: { validate: noParams('getUserEvents'), privileged: true },
  addUserEvent: {
    privileged: true,
    changes: true,
    validate: objectParams('addUserEvent', 'needs {event}', (get) => ({ event: get('event', EVENT) })),
  },
  updateUserEvent: {
    privileged: true,
    changes: true,
    validate: objectParams('updateUserEvent', 'needs {key, event}', (get) => ({
      key: get('key', OWN_EVENT_KEY),
      event: get('event', EVENT),
    })),
  },
  deleteUserEvent: {
    privileged: true,
    changes: true,
    validate: objectParams('deleteUserEvent', 'needs {key}', (get) => ({ key: get('key', OWN_EVENT_KEY) })),
  },
};
