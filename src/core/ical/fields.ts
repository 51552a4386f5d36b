// Single iCalendar properties to feed-model fields.
import type { EventKind, GeoPoint, Venue } from '../model.ts';
import { geoOrNull } from '../geo.ts';
import { capLength, checkUrl, cleanText, URL_MAX } from '../feed/index.ts';

const KIND_WORDS: Array<[EventKind, RegExp]> = [
  ['party', /\b(?:part(?:y|ies)|after-?party|soir[ée]e|f[êe]te|karaoke|bash|gala)\b/iu],
  ['dinner', /\b(?:dinners?|d[îi]ner|lunch(?:eon)?|brunch|breakfast|d[ée]jeuner)\b/iu],
  ['reception', /\b(?:receptions?|r[ée]ception|cocktails?|drinks)\b/iu],
  ['screening', /\b(?:screenings?|premi[eè]re?s?|projection|showing)\b/iu],
];

/** CATEGORIES to a kind, when a category says party, dinner, reception or screening. */
export function kindFromCategories(categories: string[]): EventKind {
  for (const [kind, words] of KIND_WORDS) {
    if (categories.some((c) => words.test(c))) return kind;
  }
  return 'other';
}

export function oneLine(raw: unknown, max: number): string | null {
  if (typeof raw !== 'string') return null;
  const text = capLength(cleanText(raw, false), max).text;
  return text || null;
}

export function multiLine(raw: unknown, max: number): string | null {
  if (typeof raw !== 'string') return null;
  const text = capLength(cleanText(raw, true), max).text;
  return text || null;
}

/**
 * "Wicked, Queen St W, Toronto": the venue's name is the part before the first comma. `geo` is
 * the GEO property's value (RFC 5545 §3.8.1.6, "lat;lon", which ical.js reads as two floats); a
 * position without a LOCATION has no venue to belong to and is dropped.
 */
export function venueFrom(location: unknown, geo?: unknown): Venue | null {
  const text = oneLine(location, 800);
  if (!text) return null;
  const position = geoFrom(geo);
  const comma = text.indexOf(',');
  const address = comma <= 0 ? '' : text.slice(comma + 1).trim();
  const venue: Venue = {
    name: capLength(comma <= 0 ? text : text.slice(0, comma).trim(), 300).text,
    address: address ? capLength(address, 500).text : null,
  };
  return position ? { ...venue, geo: position } : venue;
}

/** GEO as ical.js gives it (`[lat, lon]`) or as raw text ("43.678;-79.4094"); null when out of range. */
export function geoFrom(raw: unknown): GeoPoint | null {
  const pair = typeof raw === 'string' ? raw.split(';') : raw;
  if (!Array.isArray(pair) || pair.length !== 2) return null;
  return geoOrNull(pair[0], pair[1]);
}

export function urlFrom(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > URL_MAX) return null;
  const checked = checkUrl(raw.trim());
  return checked.ok ? checked.url : null;
}

/** An RFC 5545 duration ("PT1H", "P1D") in minutes, or null. */
export function durationMinutes(raw: unknown): number | null {
  if (typeof raw !== 'string') return null;
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(raw.trim().toUpperCase());
  if (!m || raw.trim().length <= 1) return null;
  const [w = 0, d = 0, h = 0, min = 0, s = 0] = m.slice(1).map((v) => Number(v ?? 0));
  const total = ((w * 7 + d) * 24 + h) * 60 + min + s / 60;
  return total > 0 ? total : null;
}
