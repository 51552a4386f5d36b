// What importing an invitation asks of the user's events, and what it did (applyInvitation,
// src/db/user-events.ts); the popup and the messages share these words.
import type { InvitationRef } from './rows.ts';
import type { UserEventInput } from './user-event-input.ts';

/** What an invitation does to the user's events (RFC 5546 §3.2). */
export type InvitationOutcome =
  /** A new event. */
  | 'added'
  /** A REQUEST with a higher SEQUENCE: the event is replaced by the new version. */
  | 'updated'
  /** A CANCEL: the event is kept, marked cancelled. */
  | 'cancelled'
  /** The same or an older version: nothing to do. */
  | 'unchanged'
  /** A CANCEL of an event the user does not have: reported, never invented. */
  | 'unknown'
  /** The user's event of that UID came from another ORGANIZER (or from none): left as it is. */
  | 'foreign';

export interface InvitationChange {
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  event: UserEventInput & { invitation: InvitationRef };
}
