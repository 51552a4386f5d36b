// Backing up and restoring the user's own data (saved events, corrections, own events, own
// films, settings) as one JSON file. A restore checks the whole file before it writes anything and
// then replaces the user's tables in one transaction: a bad file changes nothing.
// Feed tables are not in a backup: they are rebuilt from the feeds.
import { isPlainObject } from '../core/guards.ts';
import { readSettings, type Settings } from '../core/settings.ts';
import { loadSettings } from './settings.ts';
import type { AfterpartyDb } from './database.ts';
import { syncStateOf } from './feed-slots.ts';
import { USER_FEED_ID, type CorrectionRow, type SavedRow, type UserEventRow, type UserFilmRow } from '../core/rows.ts';
import { checkUserEventInput } from '../core/user-event-input.ts';
import { checkUserFilmInput } from '../core/user-film-input.ts';
import { userEventRow as toUserEventRow } from './user-events.ts';
import { userFilmRow as toUserFilmRow } from './user-films.ts';

export const BACKUP_FORMAT = 'afterparty-backup';
export const BACKUP_VERSION = 1;
const MAX_ROWS = 50_000;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exportedAt: string;
  saved: SavedRow[];
  corrections: CorrectionRow[];
  userEvents: UserEventRow[];
  /** The films the user added; absent from files made before: read as none. */
  userFilms: UserFilmRow[];
  settings: Settings;
  /**
   * Addresses of the feeds subscribed by hand, as sync carries them; a restore lists the ones
   * missing here for the user to allow and subscribe (a permission is asked only on a click).
   * Absent from files made before: read as none.
   */
  feeds: string[];
}

export async function makeBackup(db: AfterpartyDb, now = new Date()): Promise<Backup> {
  const tables = [db.saved, db.corrections, db.userEvents, db.userFilms, db.settings, db.feeds];
  return db.transaction('r', tables, async () => ({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    saved: await db.saved.toArray(),
    corrections: await db.corrections.toArray(),
    userEvents: await db.userEvents.toArray(),
    userFilms: await db.userFilms.toArray(),
    settings: await loadSettings(db),
    feeds: (await db.feeds.toArray()).filter((feed) => !feed.builtIn && feed.url).map((feed) => feed.url as string),
  }));
}

type Check<T> = (value: unknown, path: string) => T;

class BackupError extends Error {}

const fail = (path: string, what: string): never => {
  throw new BackupError(`${path} ${what}`);
};
const obj = (v: unknown, path: string): Record<string, unknown> =>
  isPlainObject(v) ? v : fail(path, 'must be an object');
const str: Check<string> = (v, path) =>
  typeof v === 'string' && v.length <= 10_000 ? v : fail(path, 'must be a string');
const key: Check<string> = (v, path) =>
  typeof v === 'string' && v.length > 0 && v.length <= 400 ? v : fail(path, 'must be a short non-empty string');
const strOrNull: Check<string | null> = (v, path) => (v === null ? null : str(v, path));
const oneOf =
  <T extends string>(choices: readonly T[]): Check<T> =>
  (v, path) =>
    typeof v === 'string' && (choices as readonly string[]).includes(v)
      ? (v as T)
      : fail(path, `must be one of ${choices.join(', ')}`);
const list =
  <T>(item: Check<T>): Check<T[]> =>
  (v, path) => {
    if (!Array.isArray(v)) return fail(path, 'must be a list');
    if (v.length > MAX_ROWS) return fail(path, `has more than ${MAX_ROWS} items`);
    return v.map((x, i) => item(x, `${path}[${i}]`));
  };

const savedRow: Check<SavedRow> = (v, path) => {
  const o = obj(v, path);
  return {
    eventKey: key(o.eventKey, `${path}.eventKey`),
    status: oneOf(['going', 'interested'] as const)(o.status, `${path}.status`),
    savedAt: str(o.savedAt, `${path}.savedAt`),
    ...(o.remind === true ? { remind: true as const } : {}),
  };
};

const correctionRow: Check<CorrectionRow> = (v, path) => {
  const o = obj(v, path);
  return {
    id: key(o.id, `${path}.id`),
    filmKey: key(o.filmKey, `${path}.filmKey`),
    surface: str(o.surface, `${path}.surface`),
    site: strOrNull(o.site, `${path}.site`),
    createdAt: str(o.createdAt, `${path}.createdAt`),
  };
};

// A backup file is as hostile as a feed: the user may be handed one. Each own event goes
// through the checks addUserEvent's input goes through (checkUserEventInput: fields
// whitelisted, text cleaned like feed text, bidi controls stripped, http(s) links only, dates
// read strictly), and its key and feed are forced to the user's, so it shows as "Your event"
// and can be deleted. Film and festival links are kept when they look like keys of a feed,
// not checked against the catalog: the feeds a backup's events point at may not be
// subscribed again yet (a backup holds no feeds).
const USER_EVENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
const FEED_KEY = /^(?!user\/)[^/\s]+\/\S+$/;
// An own film's key: an event may name one (user-films.ts), which the same backup or a later
// sync brings; until then the event's readers, which look films up, show it without.
const OWN_FILM_KEY = new RegExp(`^${USER_FEED_ID}/[A-Za-z0-9_-]{1,100}$`);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

// What addUserEvent's checks would clean a link into could still lead somewhere else: a file
// Afterparty wrote never holds a link with spaces or control characters, so such a file is refused.
const link: Check<string | null> = (v, path) =>
  v === null || v === undefined || (typeof v === 'string' && /^https?:\/\/[^\s\u0000-\u001f\u007f-\u009f]+$/i.test(v))
    ? (v ?? null)
    : fail(path, 'must be an http(s) address without spaces or line breaks');

const feedAddress: Check<string> = (v, path) =>
  typeof v === 'string' && v.length <= 2_000 && /^https?:\/\/[^\s\u0000-\u001f\u007f-\u009f]+$/i.test(v)
    ? v
    : fail(path, 'must be an http(s) address without spaces or line breaks');

const instant: Check<string> = (v, path) =>
  typeof v === 'string' && ISO_INSTANT.test(v) && Number.isFinite(Date.parse(v))
    ? v
    : fail(path, 'must be a UTC time like 2026-01-01T00:00:00.000Z');

const userEventRow: Check<UserEventRow> = (v, path) => {
  const o = obj(v, path);
  const id = typeof o.id === 'string' && USER_EVENT_ID.test(o.id) ? o.id : fail(`${path}.id`, 'must be an event id');
  const films = list(key)(o.filmKeys ?? o.films ?? [], `${path}.filmKeys`);
  const bad = films.find((film) => !FEED_KEY.test(film) && !OWN_FILM_KEY.test(film));
  if (bad !== undefined) fail(`${path}.filmKeys`, `holds "${bad.slice(0, 80)}", which is not a film key`);
  const festival = strOrNull(o.festival ?? null, `${path}.festival`);
  if (festival !== null && !FEED_KEY.test(festival)) fail(`${path}.festival`, 'must be a festival key');
  link(o.url, `${path}.url`);
  if (isPlainObject(o.source)) link(o.source.url, `${path}.source.url`);
  // Only the fields an event has: anything else in the file is left behind.
  const { kind, title, start, end, venue, host, access, url, description, source, cancelled, timeZone, moved } = o;
  const fields = { kind, title, start, end, venue, host, access, url, description, source, cancelled, timeZone, moved };
  const invitation = o.invitation;
  const input = checkUserEventInput({ ...fields, films, festival, invitation });
  if (typeof input === 'string') return fail(path, `is not a valid event (${input})`);
  const [createdAt, updatedAt] = [instant(o.createdAt, `${path}.createdAt`), instant(o.updatedAt, `${path}.updatedAt`)];
  return toUserEventRow(id, input, { films: input.films, festival: input.festival }, createdAt, updatedAt);
};

// An own film goes through addUserFilm's checks (checkUserFilmInput, a feed film's limits and
// cleaning); its key and feed are forced to the user's.
const userFilmRow: Check<UserFilmRow> = (v, path) => {
  const o = obj(v, path);
  const id = typeof o.id === 'string' && USER_EVENT_ID.test(o.id) ? o.id : fail(`${path}.id`, 'must be a film id');
  const { title, aliases, year, directors } = o;
  const input = checkUserFilmInput({ title, aliases, year, directors });
  if (typeof input === 'string') return fail(path, `is not a valid film (${input})`);
  return toUserFilmRow(id, input, instant(o.createdAt, `${path}.createdAt`), instant(o.updatedAt, `${path}.updatedAt`));
};

/** A check for one row from outside (another device's sync storage): the row, or why not. */
function readOne<T>(check: Check<T>, path: string): (value: unknown) => T | string {
  return (value) => {
    try {
      return check(value, path);
    } catch (error) {
      if (error instanceof BackupError) return error.message;
      throw error;
    }
  };
}

/** One own film from outside, checked like a backup's; or why not. */
export const readUserFilmRow = readOne(userFilmRow, 'the film');

/** One own event from outside, checked like a backup's; or why not. */
export const readUserEventRow = readOne(userEventRow, 'the event');

/** The backup, checked whole; or the first problem found, in plain words. */
export function readBackup(document: unknown): Backup | string {
  try {
    const o = obj(document, 'the file');
    if (o.format !== BACKUP_FORMAT) return 'This is not an Afterparty backup file.';
    if (o.version !== BACKUP_VERSION) {
      return typeof o.version === 'number' && o.version > BACKUP_VERSION
        ? `This backup was made by a newer Afterparty (format ${o.version}); update Afterparty to restore it.`
        : 'This backup has no format version Afterparty knows.';
    }
    return {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      exportedAt: str(o.exportedAt, 'exportedAt'),
      saved: list(savedRow)(o.saved, 'saved'),
      corrections: list(correctionRow)(o.corrections, 'corrections'),
      userEvents: list(userEventRow)(o.userEvents, 'userEvents'),
      userFilms: o.userFilms === undefined ? [] : list(userFilmRow)(o.userFilms, 'userFilms'),
      // Settings are forgiving like everywhere else: a bad field takes its default.
      settings: readSettings(o.settings),
      feeds: o.feeds === undefined ? [] : list(feedAddress)(o.feeds, 'feeds'),
    };
  } catch (error) {
    if (error instanceof BackupError) return `The backup is damaged: ${error.message}.`;
    throw error;
  }
}

export interface RestoreCounts {
  saved: number;
  corrections: number;
  userEvents: number;
  userFilms: number;
  /** The backup's feeds not subscribed here: offered to the user, who allows each origin. */
  feedsToSubscribe: string[];
}

/** Replaces the user's data with a backup's, in one transaction; refuses a bad file untouched. */
export async function restoreBackup(db: AfterpartyDb, document: unknown): Promise<RestoreCounts> {
  const backup = readBackup(document);
  if (typeof backup === 'string') throw new Error(backup);
  await db.transaction('rw', [db.saved, db.corrections, db.userEvents, db.userFilms, db.settings], async () => {
    await Promise.all([db.saved.clear(), db.corrections.clear(), db.userEvents.clear(), db.userFilms.clear()]);
    await Promise.all([
      db.saved.bulkPut(backup.saved),
      db.corrections.bulkPut(backup.corrections),
      db.userEvents.bulkPut(backup.userEvents),
      db.userFilms.bulkPut(backup.userFilms),
      db.settings.put({ id: 'display', value: backup.settings }),
    ]);
  });
  const subscribed = new Set((await db.feeds.toArray()).map((feed) => feed.url));
  return {
    saved: backup.saved.length,
    corrections: backup.corrections.length,
    userEvents: backup.userEvents.length,
    userFilms: backup.userFilms.length,
    feedsToSubscribe: [...new Set(backup.feeds)].filter((url) => !subscribed.has(url)),
  };
}

/**
 * Empties the listings cache (festivals, films, events, in both slots, and any staging job) and
 * forgets what each feed last fetched (validators, hash, back-off), so everything is fetched again;
 * subscriptions and the user's tables are kept. The built-in feed's row goes too (the clearCache
 * handler loads the embedded listings again).
 */
export async function clearCache(db: AfterpartyDb): Promise<void> {
  const rows = [db.festivals, db.films, db.events, db.festivalsAlt, db.filmsAlt, db.eventsAlt];
  await db.transaction('rw', [db.feeds, db.stageJobs, ...rows], async () => {
    await Promise.all([...rows, db.stageJobs].map((table) => table.clear()));
    await db.feeds.filter((feed) => feed.builtIn).delete();
    await db.feeds.toCollection().modify((feed) => {
      feed.lastSync = null;
      feed.eventCount = 0;
      feed.filmCount = 0;
      const state = syncStateOf(feed);
      // A conditional request or an unchanged hash would write nothing and leave the cache empty.
      feed.sync = {
        ...state,
        slot: 'a',
        etag: null,
        lastModified: null,
        contentHash: null,
        failures: 0,
        nextAttempt: null,
        warning: null,
      };
    });
  });
}
