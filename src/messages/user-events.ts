// The user's own events: written from the popup's "Add an event" form or picked up from a page
// ("Add this event"). Stored beside feed events, shaped like them, under the feed id "user".
import { readEvent } from '../core/feed/index.ts';
import type { FeedEvent } from '../core/model.ts';
import type { PageEventDraft } from '../core/page-events/index.ts';
import { isTimeZone, wallTimeToIso } from '../core/time/index.ts';
import type { UserEventRow } from '../core/rows.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

import { USER_FEED_ID } from '../core/rows.ts';

/** What the form or the page offer sends: times already carry their offset (or are a date alone). */
export type UserEventInput = Omit<FeedEvent, 'id' | 'films'> & {
  /** Film keys ("default/fugitive-pieces"). */
  films: string[];
  /** The zone the time was entered in, to show it again when editing. */
  timeZone: string | null;
  moved: boolean;
};

export interface UserEventMessages {
  getUserEvents: { params: Record<string, never>; result: { events: UserEventRow[] } };
  addUserEvent: { params: { event: UserEventInput }; result: { event: UserEventRow } };
  updateUserEvent: { params: { key: string; event: UserEventInput }; result: { event: UserEventRow } };
  deleteUserEvent: { params: { key: string }; result: { deleted: boolean } };
}

/**
 * Checks an event the same way a feed's events are checked (core/feed/items.ts readEvent): the
 * same limits, http(s) links only, times with offsets. Returns the cleaned event or the reasons.
 */
export function checkUserEventInput(raw: unknown): UserEventInput | string {
  if (!isPlainObject(raw)) return 'the event must be an object';
  const problems: string[] = [];
  const films = Array.isArray(raw.films)
    ? raw.films.filter((f): f is string => typeof f === 'string' && f.length <= 400).slice(0, 200)
    : [];
  const festival = typeof raw.festival === 'string' && raw.festival.length <= 400 ? raw.festival : null;
  const event = readEvent(
    { ...raw, id: 'new', films, festival },
    'event',
    { films: new Set(films), festivals: new Set(festival ? [festival] : []) },
    (path, message) => problems.push(`${path}: ${message}`),
  );
  if (!event) return problems.join('; ') || 'the event could not be read';
  const timeZone = typeof raw.timeZone === 'string' && isTimeZone(raw.timeZone) ? raw.timeZone : null;
  const { id: _id, ...fields } = event;
  return { ...fields, timeZone, moved: raw.moved === true };
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

/**
 * An event found on a page, as the user's own: it keeps its page as its source, and a time the
 * page wrote without a zone (outside any known festival) is read in `localZone`.
 */
export function inputFromDraft(draft: PageEventDraft, localZone: string): UserEventInput {
  const place = (time: string | null) =>
    time && draft.floating && time.length > 10 ? wallTimeToIso(time, localZone) : time;
  return {
    kind: draft.kind,
    title: draft.title,
    films: draft.films,
    festival: draft.festival,
    start: place(draft.start),
    end: place(draft.end),
    timeZone: draft.floating ? localZone : null,
    venue: draft.venue,
    host: draft.host,
    access: draft.access,
    url: draft.url,
    description: draft.description,
    source: draft.source,
    cancelled: draft.status === 'cancelled',
    moved: draft.status === 'moved',
  };
}
