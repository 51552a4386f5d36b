// Single schema.org values as publishers actually write them: a text or a list of texts, a
// Place or a bare address string, a PostalAddress or its parts, Person or Organization or a
// name, an Offer or a list of them. Every reader returns null rather than throwing.

import type { Access, GeoPoint, Venue } from '../model.ts';
import { geoOrNull } from '../geo.ts';
import { capLength, checkUrl, cleanText, URL_MAX } from '../feed/index.ts';
import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import { typesOf } from './jsonld-parse.ts';

export const TEXT_MAX = { title: 300, name: 300, address: 500, description: 5000 } as const;

/** The first value of a property that may be one value or a list. */
export function first(value: unknown): unknown {
  return Array.isArray(value) ? value.find((v) => v !== null && v !== undefined) : value;
}

export function list(value: unknown, max = 20): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value.slice(0, max) : [value];
}

// Entities and tags, which pages leave in JSON-LD text fields more often than not.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6}|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(Number.parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeCodePoint(Number(lower.slice(1))) ?? whole;
    return ENTITIES[lower] ?? whole;
  });
}

function safeCodePoint(n: number): string | null {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : null;
}

/** Plain text from a schema.org text value: a string, a language-tagged {@value}, or the first of a list. */
export function text(value: unknown, max: number, multiline = false): string | null {
  let v = first(value);
  if (isPlainObject(v)) v = own(v, '@value');
  if (typeof v !== 'string') return null;
  // Cut before cleaning too, so a megabyte of text costs no more than its first slice.
  const stripped = decodeEntities(v.slice(0, max * 4).replace(/<[^>]{0,500}>/g, multiline ? '\n' : ' '));
  const cleaned = cleanText(stripped, multiline).replace(/\n{3,}/g, '\n\n');
  return cleaned ? capLength(cleaned, max).text : null;
}

/** An http(s) URL, resolved against the page; anything else (javascript:, data:) is dropped. */
export function httpUrl(value: unknown, base: string | null): string | null {
  let v = first(value);
  if (isPlainObject(v)) v = own(v, '@id') ?? own(v, 'url');
  if (typeof v !== 'string' || v.length > URL_MAX) return null;
  let absolute: string;
  try {
    absolute = base ? new URL(v.trim(), base).href : v.trim();
  } catch {
    return null;
  }
  const checked = checkUrl(absolute);
  return checked.ok && checked.url.length <= URL_MAX ? checked.url : null;
}

function nameOf(value: unknown, max: number): string | null {
  const v = first(value);
  if (isPlainObject(v)) return text(own(v, 'name'), max) ?? text(own(v, 'legalName'), max);
  return text(v, max);
}

function addressText(value: unknown): string | null {
  const v = first(value);
  if (!isPlainObject(v)) return text(v, TEXT_MAX.address);
  const country = own(v, 'addressCountry');
  const parts = [
    text(own(v, 'streetAddress'), TEXT_MAX.address),
    text(own(v, 'addressLocality'), TEXT_MAX.name),
    text(own(v, 'addressRegion'), TEXT_MAX.name),
    typeof own(v, 'postalCode') === 'number' ? String(own(v, 'postalCode')) : text(own(v, 'postalCode'), 40),
    isPlainObject(first(country)) ? nameOf(country, TEXT_MAX.name) : text(country, TEXT_MAX.name),
  ].filter((p): p is string => p !== null);
  // Some publishers repeat the city and region in streetAddress: keep each part once.
  const unique = parts.filter((p, i) => {
    const lower = p.toLowerCase();
    return (
      parts.findIndex((q) => q.toLowerCase() === lower) === i &&
      (i === 0 || !` ${parts[0]!.toLowerCase().replace(/,/g, ' ')} `.includes(` ${lower} `))
    );
  });
  return unique.length > 0
    ? capLength(unique.join(', '), TEXT_MAX.address).text
    : text(own(v, 'name'), TEXT_MAX.address);
}

/** A venue from `location`: a Place with name and address, a bare string, or a list of these. */
export function venueOf(value: unknown): Venue | null {
  for (const candidate of list(value, 5)) {
    if (typeof candidate === 'string') {
      const name = text(candidate, TEXT_MAX.name);
      if (name) return { name, address: null };
      continue;
    }
    if (!isPlainObject(candidate)) continue;
    // An online stream has no venue to walk to.
    if (typesOf(candidate).includes('VirtualLocation')) continue;
    if (typesOf(candidate).includes('PostalAddress')) {
      const address = addressText(candidate);
      if (address)
        return {
          name: text(own(candidate, 'name'), TEXT_MAX.name) ?? address,
          address: text(own(candidate, 'name'), TEXT_MAX.name) ? address : null,
        };
      continue;
    }
    const name = text(own(candidate, 'name'), TEXT_MAX.name);
    const address = addressText(own(candidate, 'address'));
    const geo = geoOf(candidate);
    const venue = name
      ? { name, address: address === name ? null : address }
      : address
        ? { name: address, address: null }
        : null;
    if (venue) return geo ? { ...venue, geo } : venue;
  }
  return null;
}

/**
 * A Place's position: `geo` as GeoCoordinates (latitude, longitude; numbers or numeric text, as
 * microdata gives them), or latitude and longitude on the Place itself. A GeoShape is no point.
 */
function geoOf(place: JsonRecord): GeoPoint | null {
  const coordinates = first(own(place, 'geo'));
  const source = isPlainObject(coordinates) ? coordinates : place;
  return geoOrNull(first(own(source, 'latitude')), first(own(source, 'longitude')));
}

/** Who hosts: organizer names joined, Person or Organization or plain text. */
export function hostOf(value: unknown): string | null {
  const names = list(value, 5)
    .map((v) => nameOf(v, TEXT_MAX.name))
    .filter((n): n is string => n !== null);
  const unique = [...new Set(names)];
  return unique.length > 0 ? capLength(unique.join(', '), TEXT_MAX.name).text : null;
}

function price(value: unknown): number | null {
  const v = first(value);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v !== 'string') return null;
  if (/^\s*(free|gratuit|gratis|0)\s*$/i.test(v)) return 0;
  const n = Number.parseFloat(v.replace(/[^\d.,-]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/**
 * Access from `offers` and `isAccessibleForFree`: free offers mean the public may come,
 * priced ones mean tickets. No offers says nothing (an invitation page rarely has one).
 */
export function accessOf(node: JsonRecord): Access {
  const free = own(node, 'isAccessibleForFree');
  if (free === true || free === 'true' || free === 'True') return 'public';
  const prices: number[] = [];
  for (const offer of list(own(node, 'offers'), 20)) {
    if (!isPlainObject(offer)) continue;
    for (const key of ['price', 'lowPrice', 'highPrice']) {
      const p = price(own(offer, key));
      if (p !== null) prices.push(p);
    }
    const spec = first(own(offer, 'priceSpecification'));
    if (isPlainObject(spec)) {
      const p = price(own(spec, 'price'));
      if (p !== null) prices.push(p);
    }
  }
  if (prices.length === 0) return 'unknown';
  return prices.some((p) => p > 0) ? 'ticketed' : 'public';
}

export type EventStatus = 'scheduled' | 'cancelled' | 'moved';

export function statusOf(node: JsonRecord): EventStatus {
  const raw =
    text(own(node, 'eventStatus'), 200) ??
    (isPlainObject(first(own(node, 'eventStatus')))
      ? text(own(first(own(node, 'eventStatus')) as JsonRecord, '@id'), 200)
      : null);
  const word = raw?.replace(/^.*[/#:]/, '').toLowerCase() ?? '';
  if (word === 'eventcancelled') return 'cancelled';
  if (word === 'eventrescheduled' || word === 'eventpostponed' || word === 'eventmovedonline') return 'moved';
  return 'scheduled';
}
