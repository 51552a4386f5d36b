// The user's own events as the form, a page offer or a backup hands them in: checked exactly
// like a feed's events, so nothing reaches the database that a feed could not put there.
import { readEvent } from './feed/index.ts';
import { isPlainObject } from './guards.ts';
import type { FeedEvent } from './model.ts';
import type { InvitationRef } from './rows.ts';
import type { PageEventDraft } from './page-events/index.ts';
import { isTimeZone, wallTimeToIso } from './time/index.ts';
import { INVITATION_SEQUENCE_MAX } from './ical/index.ts';

/** What the form or the page offer sends: times already carry their offset (or are a date alone). */
export type UserEventInput = Omit<FeedEvent, 'id' | 'films'> & {
  /** Film keys ("default/fugitive-pieces"). */
  films: string[];
  /** The zone the time was entered in, to show it again when editing. */
  timeZone: string | null;
  moved: boolean;
  /** Set only by an invitation import (importInvitation). */
  invitation?: InvitationRef | null;
};

const UID_MAX = 400;

const isUid = (v: unknown): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= UID_MAX && !/[\u0000-\u001f\u007f]/.test(v);

/**
 * An invitation's UID, SEQUENCE, series and organiser, or null: printable text and an integer
 * from 0 to INVITATION_SEQUENCE_MAX. Series and organiser are kept only when present, so an
 * event imported before they were stored reads back as it was.
 */
export function checkInvitationRef(raw: unknown): InvitationRef | null | string {
  if (raw === undefined || raw === null) return null;
  if (!isPlainObject(raw)) return 'invitation must be {uid, sequence}';
  const { uid, sequence, series, organizer } = raw;
  if (!isUid(uid)) return `invitation.uid must be text of 1 to ${UID_MAX} characters`;
  if (typeof sequence !== 'number' || !Number.isSafeInteger(sequence) || sequence < 0)
    return 'invitation.sequence must be a whole number, 0 or more';
  if (sequence > INVITATION_SEQUENCE_MAX) return `invitation.sequence must be at most ${INVITATION_SEQUENCE_MAX}`;
  if (series !== undefined && !isUid(series)) return `invitation.series must be text of 1 to ${UID_MAX} characters`;
  if (organizer !== undefined && organizer !== null && !isUid(organizer))
    return `invitation.organizer must be null or text of 1 to ${UID_MAX} characters`;
  return {
    uid,
    sequence,
    ...(series !== undefined ? { series } : {}),
    ...(organizer !== undefined ? { organizer } : {}),
  };
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
  const invitation = checkInvitationRef(raw.invitation);
  if (typeof invitation === 'string') return invitation;
  const timeZone = typeof raw.timeZone === 'string' && isTimeZone(raw.timeZone) ? raw.timeZone : null;
  const { id: _id, ...fields } = event;
  return { ...fields, timeZone, moved: raw.moved === true, ...(invitation ? { invitation } : {}) };
}

/**
 * An event found on a page, as the user's own: it keeps its page as its source, and a time the
 * page wrote without a zone (outside any known festival) is read in `localZone`. An event the
 * page gives no name takes the name the user gave it.
 */
export function inputFromDraft(draft: PageEventDraft, localZone: string, name = ''): UserEventInput {
  const place = (time: string | null) =>
    time && draft.floating && time.length > 10 ? wallTimeToIso(time, localZone) : time;
  return {
    kind: draft.kind,
    title: draft.title ?? name.trim(),
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
