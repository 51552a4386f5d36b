// A venue's position found by its name across feeds: an own event at "TIFF Lightbox" has no
// position of its own, but a feed that lists the Lightbox says where it is. Only a name every
// source places at one spot (within AGREE_KM) lends its position: two different venues sharing
// a name ("The Grand") in two cities place nothing.
import type { GeoPoint, Venue } from '../model.ts';
import { haversineKm } from './trips.ts';

/** Positions of one name further apart than this are taken for two venues. */
export const AGREE_KM = 0.5;

/** A venue name as it is compared: case, accents, punctuation and spacing ignored. */
export function venueNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The position each venue name has wherever a source gives one, for the names all sources agree on. */
export function venuePositions(events: Iterable<{ venue: Venue | null }>): Map<string, GeoPoint> {
  const seen = new Map<string, GeoPoint[]>();
  for (const { venue } of events) {
    if (!venue?.geo) continue;
    const key = venueNameKey(venue.name);
    if (!key) continue;
    seen.get(key)?.push(venue.geo) ?? seen.set(key, [venue.geo]);
  }
  const positions = new Map<string, GeoPoint>();
  for (const [key, points] of seen) {
    const first = points[0]!;
    if (points.every((p) => haversineKm(first, p) <= AGREE_KM)) positions.set(key, first);
  }
  return positions;
}

/** The events with a venue lacking a position given the one its name has elsewhere; others unchanged. */
export function placeVenues<E extends { venue: Venue | null }>(
  events: readonly E[],
  positions: ReadonlyMap<string, GeoPoint>,
): E[] {
  return events.map((event) => {
    if (!event.venue || event.venue.geo) return event;
    const geo = positions.get(venueNameKey(event.venue.name));
    return geo ? { ...event, venue: { ...event.venue, geo } } : event;
  });
}
