// Backing up and restoring the user's own data (saved events, corrections, own events,
// settings) as one JSON file. A restore checks the whole file before it writes anything and
// then replaces the user's tables in one transaction: a bad file changes nothing.
// Feed tables are not in a backup: they are rebuilt from the feeds.
import { isPlainObject } from '../core/guards.ts';
import { ACCESS_LEVELS, EVENT_KINDS } from '../core/model.ts';
import { readSettings, type Settings } from '../core/settings.ts';
import { loadSettings } from './settings.ts';
import type { AfterpartyDb } from './database.ts';
import { syncStateOf } from './feed-slots.ts';
import type { CorrectionRow, SavedRow, UserEventRow } from '../core/rows.ts';

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
  settings: Settings;
}

export async function makeBackup(db: AfterpartyDb, now = new Date()): Promise<Backup> {
  return db.transaction('r', [db.saved, db.corrections, db.userEvents, db.settings], async () => ({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    saved: await db.saved.toArray(),
    corrections: await db.corrections.toArray(),
    userEvents: await db.userEvents.toArray(),
    settings: await loadSettings(db),
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
const httpUrl: Check<string | null> = (v, path) => {
  const text = strOrNull(v, path);
  return text === null || /^https?:\/\//i.test(text) ? text : fail(path, 'must be an http(s) address');
};

const savedRow: Check<SavedRow> = (v, path) => {
  const o = obj(v, path);
  return {
    eventKey: key(o.eventKey, `${path}.eventKey`),
    status: oneOf(['going', 'interested'] as const)(o.status, `${path}.status`),
    savedAt: str(o.savedAt, `${path}.savedAt`),
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

const userEventRow: Check<UserEventRow> = (v, path) => {
  const o = obj(v, path);
  const venue = o.venue === null || o.venue === undefined ? null : obj(o.venue, `${path}.venue`);
  const source = o.source === null || o.source === undefined ? null : obj(o.source, `${path}.source`);
  if (typeof o.cancelled !== 'boolean') fail(`${path}.cancelled`, 'must be true or false');
  // Fields a newer release added are kept as they are: the row is the user's.
  return {
    ...o,
    key: key(o.key, `${path}.key`),
    id: key(o.id, `${path}.id`),
    feedId: key(o.feedId, `${path}.feedId`),
    kind: oneOf(EVENT_KINDS)(o.kind, `${path}.kind`),
    title: str(o.title, `${path}.title`),
    films: list(key)(o.films, `${path}.films`),
    filmKeys: list(key)(o.filmKeys, `${path}.filmKeys`),
    festival: strOrNull(o.festival ?? null, `${path}.festival`),
    start: strOrNull(o.start ?? null, `${path}.start`),
    end: strOrNull(o.end ?? null, `${path}.end`),
    venue: venue && {
      name: str(venue.name, `${path}.venue.name`),
      address: strOrNull(venue.address ?? null, `${path}.venue.address`),
    },
    host: strOrNull(o.host ?? null, `${path}.host`),
    access: oneOf(ACCESS_LEVELS)(o.access, `${path}.access`),
    url: httpUrl(o.url ?? null, `${path}.url`),
    description: strOrNull(o.description ?? null, `${path}.description`),
    source: source && {
      name: str(source.name, `${path}.source.name`),
      url: httpUrl(source.url ?? null, `${path}.source.url`),
    },
    cancelled: o.cancelled as boolean,
    createdAt: str(o.createdAt, `${path}.createdAt`),
    updatedAt: str(o.updatedAt, `${path}.updatedAt`),
  };
};

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
      // Settings are forgiving like everywhere else: a bad field takes its default.
      settings: readSettings(o.settings),
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
}

/** Replaces the user's data with a backup's, in one transaction; refuses a bad file untouched. */
export async function restoreBackup(db: AfterpartyDb, document: unknown): Promise<RestoreCounts> {
  const backup = readBackup(document);
  if (typeof backup === 'string') throw new Error(backup);
  await db.transaction('rw', [db.saved, db.corrections, db.userEvents, db.settings], async () => {
    await Promise.all([db.saved.clear(), db.corrections.clear(), db.userEvents.clear()]);
    await Promise.all([
      db.saved.bulkPut(backup.saved),
      db.corrections.bulkPut(backup.corrections),
      db.userEvents.bulkPut(backup.userEvents),
      db.settings.put({ id: 'display', value: backup.settings }),
    ]);
  });
  return { saved: backup.saved.length, corrections: backup.corrections.length, userEvents: backup.userEvents.length };
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
