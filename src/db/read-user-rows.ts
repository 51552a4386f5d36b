// The user's rows as read from outside (a backup file, another device's sync storage): each
// checked like the message that adds it, so what arrives this way is no more trusted than that.
import { at, checked, field, fail, key, list, nullable, obj, oneOf, str, type Check } from '../core/check.ts';
import { isPlainObject } from '../core/guards.ts';
import { USER_FEED_ID, type CorrectionRow, type SavedRow, type UserEventRow, type UserFilmRow } from '../core/rows.ts';
import { INVITATION_SEQUENCE_MAX } from '../core/ical/index.ts';
import { checkUserEventInput } from '../core/user-event-input.ts';
import { checkUserFilmInput } from '../core/user-film-input.ts';
import { userEventRow as toUserEventRow } from './user-events.ts';
import { userFilmRow as toUserFilmRow } from './user-films.ts';

export const savedRow: Check<SavedRow> = (v, path) => {
  const o = obj(v, path);
  return {
    eventKey: field(o, 'eventKey', key, path),
    status: field(o, 'status', oneOf(['going', 'interested'] as const), path),
    savedAt: field(o, 'savedAt', str, path),
    ...(o.remind === true ? { remind: true as const } : {}),
  };
};

export const correctionRow: Check<CorrectionRow> = (v, path) => {
  const o = obj(v, path);
  return {
    id: field(o, 'id', key, path),
    filmKey: field(o, 'filmKey', key, path),
    surface: field(o, 'surface', str, path),
    site: field(o, 'site', nullable(str), path),
    createdAt: field(o, 'createdAt', str, path),
  };
};

// A backup file is as hostile as a feed: the user may be handed one. Each own event goes
// through the checks addUserEvent's input goes through (checkUserEventInput: fields
// whitelisted, text cleaned like feed text, bidi controls stripped, http(s) links only, dates
// read strictly), and its key and feed are forced to the user's, so it shows as "Your event"
// and can be deleted. Film and festival links are kept when they look like keys of a feed,
// not checked against the catalog: the feeds a backup's events point at may not be
// subscribed again yet (a backup holds no feeds).
const USER_ROW_ID = /^[A-Za-z0-9_-]{1,100}$/;
const FEED_KEY = /^(?!user\/)[^/\s]+\/\S+$/;
// An own film's key: an event may name one (user-films.ts), which the same backup or a later
// sync brings; until then the event's readers, which look films up, show it without.
const OWN_FILM_KEY = new RegExp(`^${USER_FEED_ID}/[A-Za-z0-9_-]{1,100}$`);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
/** What addUserEvent's checks would clean a link into could still lead somewhere else: a file
 * Afterparty wrote never holds a link with spaces or control characters, so such a file is refused. */
const PLAIN_LINK = /^https?:\/\/[^\s\u0000-\u001f\u007f-\u009f]+$/i;
const NOT_A_LINK = 'must be an http(s) address without spaces or line breaks';

const link: Check<string | null> = (v, path) =>
  v === null || v === undefined || (typeof v === 'string' && PLAIN_LINK.test(v)) ? (v ?? null) : fail(path, NOT_A_LINK);

export const feedAddress: Check<string> = (v, path) =>
  typeof v === 'string' && v.length <= 2_000 && PLAIN_LINK.test(v) ? v : fail(path, NOT_A_LINK);

const instant: Check<string> = (v, path) =>
  typeof v === 'string' && ISO_INSTANT.test(v) && Number.isFinite(Date.parse(v))
    ? v
    : fail(path, 'must be a UTC time like 2026-01-01T00:00:00.000Z');

const rowId =
  (what: string): Check<string> =>
  (v, path) =>
    typeof v === 'string' && USER_ROW_ID.test(v) ? v : fail(path, `must be ${what}`);

/** A row stored before SEQUENCE was capped keeps its event, at the cap, rather than fail the whole file. */
function cappedSequence(invitation: unknown): unknown {
  if (!isPlainObject(invitation) || typeof invitation.sequence !== 'number') return invitation;
  return { ...invitation, sequence: Math.min(invitation.sequence, INVITATION_SEQUENCE_MAX) };
}

export const userEventRow: Check<UserEventRow> = (v, path) => {
  const o = obj(v, path);
  const id = field(o, 'id', rowId('an event id'), path);
  const films = list(key)(o.filmKeys ?? o.films ?? [], at(path, 'filmKeys'));
  const bad = films.find((film) => !FEED_KEY.test(film) && !OWN_FILM_KEY.test(film));
  if (bad !== undefined) fail(at(path, 'filmKeys'), `holds "${bad.slice(0, 80)}", which is not a film key`);
  const festival = nullable(str)(o.festival ?? null, at(path, 'festival'));
  if (festival !== null && !FEED_KEY.test(festival)) fail(at(path, 'festival'), 'must be a festival key');
  link(o.url, at(path, 'url'));
  if (isPlainObject(o.source)) link(o.source.url, at(at(path, 'source'), 'url'));
  // Only the fields an event has: anything else in the file is left behind.
  const { kind, title, start, end, venue, host, access, url, description, source, cancelled, timeZone, moved } = o;
  const fields = { kind, title, start, end, venue, host, access, url, description, source, cancelled, timeZone, moved };
  const invitation = cappedSequence(o.invitation);
  const input = checkUserEventInput({ ...fields, films, festival, invitation });
  if (typeof input === 'string') return fail(path, `is not a valid event (${input})`);
  const [createdAt, updatedAt] = [field(o, 'createdAt', instant, path), field(o, 'updatedAt', instant, path)];
  const row = toUserEventRow(id, input, { films: input.films, festival: input.festival }, createdAt, updatedAt);
  // The user's choice to leave it out of the plan (core/plan/brought.ts) comes back with it.
  return o.outOfPlan === true ? { ...row, outOfPlan: true } : row;
};

// An own film goes through addUserFilm's checks (checkUserFilmInput, a feed film's limits and
// cleaning); its key and feed are forced to the user's.
export const userFilmRow: Check<UserFilmRow> = (v, path) => {
  const o = obj(v, path);
  const id = field(o, 'id', rowId('a film id'), path);
  const { title, aliases, year, directors } = o;
  const input = checkUserFilmInput({ title, aliases, year, directors });
  if (typeof input === 'string') return fail(path, `is not a valid film (${input})`);
  return toUserFilmRow(id, input, field(o, 'createdAt', instant, path), field(o, 'updatedAt', instant, path));
};

/** One own film from outside, checked like a backup's; or why not. */
export const readUserFilmRow = checked(userFilmRow, 'the film');

/** One own event from outside, checked like a backup's; or why not. */
export const readUserEventRow = checked(userEventRow, 'the event');
