import { describe, expect, it } from 'vitest';
import { AGREE_KM, placeVenues, venueNameKey, venuePositions } from '../../../src/core/plan/index.ts';
import type { Venue } from '../../../src/core/model.ts';

const at = (name: string, lat?: number, lon?: number): { venue: Venue } => ({
  venue: lat === undefined ? { name, address: null } : { name, address: null, geo: { lat, lon: lon! } },
});

describe('venue positions by name across feeds', () => {
  it("gives an own event at a venue the position a feed gives that venue's name", () => {
    const positions = venuePositions([at('TIFF Bell Lightbox', 43.6466, -79.3903), at('Nowhere')]);
    const [own] = placeVenues([at('tiff bell  lightbox')], positions);
    expect(own!.venue.geo).toEqual({ lat: 43.6466, lon: -79.3903 });
    // Positive control beside the absence: a name no feed places stays without a position.
    const [other] = placeVenues([at('The Drake')], positions);
    expect(other!.venue.geo).toBeUndefined();
  });

  it('folds case, accents and punctuation in names', () => {
    expect(venueNameKey('Théâtre  Outremont!')).toBe(venueNameKey('theatre outremont'));
  });

  it('lends no position for a name placed at two spots, and keeps a position an event has', () => {
    const positions = venuePositions([at('The Grand', 43.65, -79.38), at('The Grand', 45.5, -73.56)]);
    expect(positions.has(venueNameKey('The Grand'))).toBe(false);
    const near = venuePositions([at('Lightbox', 43.6466, -79.3903), at('Lightbox', 43.6467, -79.3904)]);
    expect(near.has('lightbox')).toBe(true);
    expect(AGREE_KM).toBeGreaterThan(0);
    const [kept] = placeVenues([at('Lightbox', 1, 2)], near);
    expect(kept!.venue.geo).toEqual({ lat: 1, lon: 2 });
  });
});
