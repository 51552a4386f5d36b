// What syncs between a person's browsers, as records: one id and one compact value per saved
// status, correction, own film, own event, changed setting and subscribed feed. The listings cache never
// syncs: each device fetches its feeds itself.
import { checked, obj, oneOf, reword } from '../check.ts';
import { isPlainObject } from '../guards.ts';
import type { CorrectionRow, SavedRow, SaveStatus, UserEventRow, UserFilmRow } from '../rows.ts';
import { DEFAULT_SETTINGS, type Settings } from '../settings.ts';

export type RecordKind = 'setting' | 'feed' | 'saved' | 'correction' | 'film' | 'event';

/**
 * The id's prefix names its kind; the order is the order space is given out when the quota is
 * short. Own films come before own events: an event that syncs without its film shows without it.
 */
export const KIND_PREFIX: Readonly<Record<RecordKind, string>> = {
  setting: 's:',
  feed: 'f:',
  saved: 'v:',
  correction: 'c:',
  film: 'm:',
  event: 'e:',
};
export const KINDS = Object.keys(KIND_PREFIX) as RecordKind[];

export function kindOf(id: string): RecordKind | null {
  return KINDS.find((kind) => id.startsWith(KIND_PREFIX[kind])) ?? null;
}

/** The user's data on one device, as read from its database. */
export interface LocalData {
  saved: SavedRow[];
  corrections: CorrectionRow[];
  userEvents: UserEventRow[];
  userFilms: UserFilmRow[];
  settings: Settings | Record<string, unknown>;
  /** Addresses of the feeds subscribed by hand (the built-in feed is everywhere already). */
  feedUrls: string[];
}

const iso = (t: number) => new Date(t).toISOString();

const STATUS_CODE: Record<SaveStatus, string> = { going: 'g', interested: 'i' };

/**
 * An own event's fields in one or two letters: about a fifth of an event's bytes, in 100 KB that
 * a plan shares. A field without a code (one added later) travels under its own name, so it
 * syncs without a change here; a code is never a field's name (those are longer).
 */
const EVENT_CODES: Readonly<Record<string, string>> = {
  kind: 'k',
  title: 't',
  films: 'f',
  festival: 'F',
  start: 's',
  end: 'e',
  venue: 'v',
  host: 'h',
  access: 'a',
  url: 'u',
  description: 'd',
  source: 'S',
  cancelled: 'c',
  createdAt: 'C',
  timeZone: 'z',
  moved: 'm',
  invitation: 'i',
};

/**
 * Left out of a record: what the id gives (key, feedId, id), the record's own change time
 * (updatedAt), what another field gives (an event's filmKeys), and empty values, which the
 * database's checks read back as they were (null, false, no films).
 */
const isEmpty = (v: unknown) => v === undefined || v === null || v === false || (Array.isArray(v) && v.length === 0);

/**
 * Turns a row into its record and back by its field codes; `derived` are left out too, and
 * `emptied` gives back the fields an empty value was left out of where the reader wants them.
 */
function rowCodec(
  codes: Readonly<Record<string, string>>,
  derived: readonly string[],
  emptied: Record<string, unknown>,
) {
  const fields = Object.fromEntries(Object.entries(codes).map(([field, code]) => [code, field]));
  const left = new Set(['key', 'feedId', 'id', 'updatedAt', ...derived]);
  return {
    compact(row: object): Record<string, unknown> {
      const value: Record<string, unknown> = {};
      for (const [field, v] of Object.entries(row)) {
        if (left.has(field) || isEmpty(v)) continue;
        value[codes[field] ?? field] = v;
      }
      return value;
    },
    expand(value: Record<string, unknown>, id: string, t: number): Record<string, unknown> {
      const row: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) row[fields[key] ?? key] = v;
      return { ...emptied, ...row, id, updatedAt: iso(t) };
    },
  };
}

const EVENT_RECORD = rowCodec(EVENT_CODES, ['filmKeys'], {});

/** An own film in the same one-letter fields. */
const FILM_RECORD = rowCodec({ title: 't', aliases: 'a', year: 'y', directors: 'd', createdAt: 'C' }, [], {
  aliases: [],
  year: null,
  directors: [],
});

const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

/**
 * Every record of the local data, by id. A setting is a record only while it differs from its
 * default, so a new device's defaults never overwrite the settings chosen elsewhere, and going
 * back to the default is a deletion. Any setting syncs, including ones added later.
 */
export function recordsOf(data: LocalData): Map<string, unknown> {
  const records = new Map<string, unknown>();
  const defaults = DEFAULT_SETTINGS as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(data.settings)) {
    if (!sameJson(value, defaults[name])) records.set(KIND_PREFIX.setting + name, value);
  }
  for (const url of data.feedUrls) records.set(KIND_PREFIX.feed + url, 1);
  for (const row of data.saved) records.set(KIND_PREFIX.saved + row.eventKey, STATUS_CODE[row.status]);
  // A correction's id is made of all it says (site, film, text: db/corrections.ts), so the id is the record.
  for (const row of data.corrections) records.set(KIND_PREFIX.correction + row.id, 1);
  for (const row of data.userFilms) records.set(KIND_PREFIX.film + row.id, FILM_RECORD.compact(row));
  for (const row of data.userEvents) records.set(KIND_PREFIX.event + row.id, EVENT_RECORD.compact(row));
  return records;
}

/** What a record asks one device's database to hold, or, with `value` null, to drop. */
export type RowChange =
  | { kind: 'setting'; name: string; value: unknown }
  | { kind: 'feed'; url: string; subscribed: boolean }
  | { kind: 'saved'; eventKey: string; row: SavedRow | null }
  | { kind: 'correction'; id: string; row: CorrectionRow | null }
  /** `value` is unchecked: the database checks it like a backup's film before writing it. */
  | { kind: 'film'; id: string; value: Record<string, unknown> | null }
  /** `value` is unchecked: the database checks it like a backup's event before writing it. */
  | { kind: 'event'; id: string; value: Record<string, unknown> | null };

function correctionRow(id: string, t: number): CorrectionRow | null {
  let parts: unknown;
  try {
    parts = JSON.parse(id);
  } catch {
    return null;
  }
  if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((p) => typeof p === 'string')) return null;
  const [site, filmKey, surface] = parts as [string, string, string];
  return { id, filmKey, surface, site: site === '*' ? null : site, createdAt: iso(t) };
}

/**
 * The database change a record's winning version asks for (`value` null is a deletion), or a
 * reason it cannot be applied here; such a record stays in sync storage for the devices that can.
 */
export function rowChangeOf(id: string, value: unknown, t: number): RowChange | string {
  const kind = kindOf(id);
  const rest = kind ? id.slice(KIND_PREFIX[kind].length) : '';
  const gone = value === null;
  switch (kind) {
    case 'setting':
      return { kind, name: rest, value: gone ? null : value };
    case 'feed':
      return { kind, url: rest, subscribed: !gone };
    case 'saved': {
      if (gone) return { kind, eventKey: rest, row: null };
      const code = checked(oneOf(['g', 'i'] as const, `unknown saved status in ${id.slice(0, 80)}`))(value);
      const status = code === 'g' ? 'going' : code === 'i' ? 'interested' : null;
      if (!status) return code;
      return { kind, eventKey: rest, row: { eventKey: rest, status, savedAt: iso(t) } };
    }
    case 'correction': {
      const row = correctionRow(rest, t);
      if (!row) return `unreadable correction ${id.slice(0, 80)}`;
      return { kind, id: rest, row: gone ? null : row };
    }
    case 'film':
    case 'event': {
      if (gone) return { kind, id: rest, value: null };
      const fields = checked(RECORD_VALUE, `${kind} ${rest.slice(0, 80)}`)(value);
      if (typeof fields === 'string') return fields;
      return { kind, id: rest, value: (kind === 'film' ? FILM_RECORD : EVENT_RECORD).expand(fields, rest, t) };
    }
    default:
      return `unknown record ${id.slice(0, 80)}`;
  }
}

/** A film's or an event's record is its row's fields; the database checks them like a backup's. */
const RECORD_VALUE = reword(obj, 'is not an object');

/** JSON with object keys sorted, so equal values compare and hash equal on every device. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
