// A venue's position, read from a feed, an iCalendar GEO or a JSON-LD geo. One checker for all
// three, so a latitude of 200 or a swapped pair never reaches the trip maths.
import type { GeoPoint } from './model.ts';

/** Degrees as a finite number, from a number or a numeric string ("43.678"), else null. */
function degrees(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) return null;
  return Number(value);
}

/**
 * A position from latitude and longitude, or a plain-words reason it is refused: both must be
 * numbers, latitude within ±90 and longitude within ±180 (WGS 84 degrees, as RFC 5545 §3.8.1.6
 * and schema.org GeoCoordinates give them). Kept to six decimals, about 10 cm.
 */
export function checkGeo(lat: unknown, lon: unknown): GeoPoint | string {
  const la = degrees(lat);
  const lo = degrees(lon);
  if (la === null || lo === null) return 'lat and lon must both be numbers';
  if (la < -90 || la > 90) return `lat ${la} is outside -90 to 90`;
  if (lo < -180 || lo > 180) return `lon ${lo} is outside -180 to 180`;
  const round = (n: number) => Math.round(n * 1e6) / 1e6 || 0;
  return { lat: round(la), lon: round(lo) };
}

/** The position, or null when it is refused. */
export function geoOrNull(lat: unknown, lon: unknown): GeoPoint | null {
  const geo = checkGeo(lat, lon);
  return typeof geo === 'string' ? null : geo;
}
