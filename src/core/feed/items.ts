// One festival, film or event of a feed v1 document. Each reader returns null when the item
// must be skipped; docs/feed-format.md lists, per field, what is repaired and what skips.

import { ACCESS_LEVELS, EVENT_KINDS } from '../model';
import type { FeedEvent, Festival, Film, GeoPoint, Source, Venue } from '../model';
import { isTimeZone } from '../time/index.ts';
import { checkGeo } from '../geo.ts';
import { checkDate, endsBeforeStart } from './dates';
import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import { ItemReader, describe, quote } from './fields';
import type { Report } from './fields';

export const LIMITS = {
  id: 200,
  title: 300,
  name: 300,
  address: 500,
  description: 5000,
  timeNote: 200,
  aliases: 50,
  directors: 20,
  eventFilms: 200,
  festivals: 1000,
  films: 20_000,
  events: 50_000,
} as const;

const YEAR_MIN = 1870;
const YEAR_MAX = 2100;

/** Whether a film may carry this year: the first films to this century's end. */
export function isFilmYear(year: number): boolean {
  return Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX;
}

/** The ids an event may point at, known once festivals and films are read. */
export interface KnownIds {
  festivals: ReadonlySet<string>;
  films: ReadonlySet<string>;
}

function reader(raw: unknown, at: string, noun: string, report: Report): ItemReader | null {
  if (isPlainObject(raw)) return new ItemReader(raw, at, noun, report);
  report(at, `each ${noun} must be an object, but this is ${describe(raw)}; it was skipped`);
  return null;
}

function festivalDay(r: ItemReader, key: string): string | null {
  // Capped generously: a too-long value must fail the date check, not be cut into a date.
  const text = r.requiredText(key, 100);
  if (text === null) return null;
  const checked = checkDate(text);
  return checked.ok ? checked.value : r.skip(key, `${key} ${quote(text)} ${checked.reason}`);
}

export function readFestival(raw: unknown, at: string, report: Report): Festival | null {
  const r = reader(raw, at, 'festival', report);
  if (!r) return null;
  const id = r.requiredText('id', LIMITS.id);
  if (id === null) return null;
  const name = r.requiredText('name', LIMITS.name);
  if (name === null) return null;
  const timeZone = r.requiredText('timeZone', 100);
  if (timeZone === null) return null;
  if (!isTimeZone(timeZone)) {
    return r.skip('timeZone', `timeZone ${quote(timeZone)} is not a known IANA time zone like "America/Toronto"`);
  }
  const start = festivalDay(r, 'start');
  if (start === null) return null;
  let end = festivalDay(r, 'end');
  if (end === null) return null;
  if (end < start) {
    r.problem('end', `end ${end} is before start ${start}; the festival is read as one day long`);
    end = start;
  }
  return { id, name, timeZone, start, end };
}

export function readFilm(raw: unknown, at: string, report: Report): Film | null {
  const r = reader(raw, at, 'film', report);
  if (!r) return null;
  const id = r.requiredText('id', LIMITS.id);
  if (id === null) return null;
  const title = r.requiredText('title', LIMITS.title);
  if (title === null) return null;
  return {
    id,
    title,
    aliases: r.textList('aliases', LIMITS.aliases, LIMITS.title),
    year: readYear(r),
    directors: r.textList('directors', LIMITS.directors, LIMITS.name),
  };
}

function readYear(r: ItemReader): number | null {
  const value = r.get('year');
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && isFilmYear(value)) {
    return value;
  }
  const what = typeof value === 'number' ? String(value) : describe(value);
  r.problem('year', `year must be a whole number from ${YEAR_MIN} to ${YEAR_MAX}, not ${what}; it was left out`);
  return null;
}

export function readEvent(raw: unknown, at: string, known: KnownIds, report: Report): FeedEvent | null {
  const r = reader(raw, at, 'event', report);
  if (!r) return null;
  const id = r.requiredText('id', LIMITS.id);
  if (id === null) return null;
  const title = r.requiredText('title', LIMITS.title);
  if (title === null) return null;
  const start = r.moment('start');
  if (start === undefined) return null;
  let end = r.moment('end');
  if (end === undefined) return null;
  if (start !== null && end !== null && endsBeforeStart(start, end)) {
    r.problem('end', `end ${quote(end)} is before start ${quote(start)}; the end was left out`);
    end = null;
  }
  if (start === null && end !== null) {
    r.problem('end', 'end is given without a start; the end was left out');
    end = null;
  }
  // Left out when absent, so events of feeds without notes keep their shape.
  const timeNote = r.optionalText('timeNote', LIMITS.timeNote);
  return {
    id,
    kind: r.oneOf('kind', EVENT_KINDS, 'other'),
    title,
    films: readFilmRefs(r, known.films),
    festival: readFestivalRef(r, known.festivals),
    start,
    end,
    venue: readVenue(r),
    host: r.optionalText('host', LIMITS.name),
    access: r.oneOf('access', ACCESS_LEVELS, 'unknown'),
    url: r.url('url'),
    description: r.optionalText('description', LIMITS.description, true),
    source: readSource(r),
    cancelled: r.boolean('cancelled', false),
    ...(timeNote === null ? {} : { timeNote }),
  };
}

function readFilmRefs(r: ItemReader, films: ReadonlySet<string>): string[] {
  const ids = r.textList('films', LIMITS.eventFilms, LIMITS.id);
  return ids.filter((id, i) => {
    if (films.has(id)) return true;
    r.problem(`films[${i}]`, `film ${quote(id)} is not among the feed's films; the link was left out`);
    return false;
  });
}

function readFestivalRef(r: ItemReader, festivals: ReadonlySet<string>): string | null {
  const id = r.optionalText('festival', LIMITS.id);
  if (id === null || festivals.has(id)) return id;
  r.problem('festival', `festival ${quote(id)} is not among the feed's festivals; it was left out`);
  return null;
}

function readVenue(r: ItemReader): Venue | null {
  const value = r.get('venue');
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    const name = r.textValue('venue', value, LIMITS.name);
    return name === null ? null : { name, address: null };
  }
  if (!isPlainObject(value)) {
    r.problem('venue', `venue must be text or an object with a name, but it is ${describe(value)}; it was left out`);
    return null;
  }
  const rawName = own(value, 'name');
  const name = presentText(r, 'venue.name', value, 'name', LIMITS.name);
  const address = presentText(r, 'venue.address', value, 'address', LIMITS.address);
  if (name === null) {
    // A name of the wrong type was already reported by presentText.
    if (rawName === undefined || rawName === null || typeof rawName === 'string') {
      r.problem('venue.name', 'venue has no name; the venue was left out');
    }
    return null;
  }
  const geo = readGeo(r, own(value, 'geo'));
  return geo ? { name, address, geo } : { name, address };
}

/** `venue.geo`: `{lat, lon}` in degrees; anything else is reported and left out, the venue kept. */
function readGeo(r: ItemReader, value: unknown): GeoPoint | null {
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) {
    r.problem('venue.geo', `venue.geo must be an object {"lat", "lon"}, but it is ${describe(value)}; it was left out`);
    return null;
  }
  const lat = own(value, 'lat');
  const lon = own(value, 'lon');
  // Numbers only here: the format is JSON, so a quoted number is a publisher's mistake worth naming.
  const geo =
    typeof lat === 'number' && typeof lon === 'number' ? checkGeo(lat, lon) : 'lat and lon must both be numbers';
  if (typeof geo !== 'string') return geo;
  r.problem('venue.geo', `venue.geo: ${geo}; it was left out`);
  return null;
}

function readSource(r: ItemReader): Source | null {
  const value = r.get('source');
  if (value === undefined || value === null) return null;
  if (!isPlainObject(value)) {
    r.problem('source', `source must be an object with a name, but it is ${describe(value)}; it was left out`);
    return null;
  }
  const rawName = own(value, 'name');
  const name = presentText(r, 'source.name', value, 'name', LIMITS.name);
  if (name === null) {
    // A name of the wrong type was already reported by presentText.
    if (rawName === undefined || rawName === null || typeof rawName === 'string') {
      r.problem('source.name', 'source has no name; the source was left out');
    }
    return null;
  }
  const url = r.urlValue('source.url', own(value, 'url'));
  return { name, url };
}

function presentText(r: ItemReader, path: string, record: JsonRecord, key: string, max: number) {
  const value = own(record, key);
  return value === undefined || value === null ? null : r.textValue(path, value, max);
}
