// Venue positions from the three places a feed can give them: feed v1 `venue.geo`, iCalendar
// GEO and a JSON-LD Place's geo. Each refusal is paired with an accepted value beside it.
import { describe, expect, it } from 'vitest';
import { checkGeo } from '../../src/core/geo.ts';
import { parseFeed } from '../../src/core/feed/parse.ts';
import { geoFrom, venueFrom } from '../../src/core/ical/fields.ts';
import { importICalendar } from '../../src/core/ical/import.ts';
import { venueOf } from '../../src/core/page-events/jsonld-values.ts';

describe('checkGeo', () => {
  it.each([
    [43.678, -79.4094, { lat: 43.678, lon: -79.4094 }],
    [90, 180, { lat: 90, lon: 180 }],
    [-90, -180, { lat: -90, lon: -180 }],
    ['43.678', ' -79.4094 ', { lat: 43.678, lon: -79.4094 }],
    [-0, 0, { lat: 0, lon: 0 }],
  ])('accepts %j, %j', (lat, lon, expected) => {
    expect(checkGeo(lat, lon)).toEqual(expected);
  });

  it.each([
    [90.0001, 0, /lat/],
    [0, -180.5, /lon/],
    [Number.NaN, 0, /numbers/],
    [Number.POSITIVE_INFINITY, 0, /numbers/],
    ['north', 1, /numbers/],
    ['0x10', 1, /numbers/],
    [null, 1, /numbers/],
    [true, 1, /numbers/],
  ])('refuses %j, %j', (lat, lon, reason) => {
    expect(checkGeo(lat, lon)).toMatch(reason);
  });
});

function feedWithVenue(venue: unknown) {
  const result = parseFeed({
    afterparty: 1,
    title: 't',
    festivals: [],
    films: [],
    events: [{ id: 'e', title: 'E', venue }],
  });
  if (!result.ok) throw new Error('refused');
  return { venue: result.feed.events[0]?.venue, problems: result.problems.map((p) => `${p.path}: ${p.message}`) };
}

describe('feed v1 venue.geo', () => {
  it('is read when in range', () => {
    const read = feedWithVenue({ name: 'Casa Loma', address: null, geo: { lat: 43.678, lon: -79.4094 } });
    expect(read.venue).toEqual({ name: 'Casa Loma', address: null, geo: { lat: 43.678, lon: -79.4094 } });
    expect(read.problems).toEqual([]);
  });

  it('is absent, not null, when the feed gives none', () => {
    expect(feedWithVenue({ name: 'Wicked' }).venue).toEqual({ name: 'Wicked', address: null });
    expect(feedWithVenue({ name: 'Wicked', geo: null }).problems).toEqual([]);
  });

  it.each([
    [{ lat: 91, lon: 0 }, /lat 91 is outside/],
    [{ lat: 0, lon: 181 }, /lon 181 is outside/],
    [{ lat: '43.6', lon: '-79.4' }, /must both be numbers/],
    [{ lat: 43.6 }, /must both be numbers/],
    [[43.6, -79.4], /must be an object/],
    ['43.6;-79.4', /must be an object/],
  ])('%j is left out with a reason, the venue kept', (geo, reason) => {
    const read = feedWithVenue({ name: 'Casa Loma', geo });
    expect(read.venue).toEqual({ name: 'Casa Loma', address: null });
    expect(read.problems).toEqual([expect.stringMatching(reason)]);
    expect(read.problems[0]).toMatch(/venue\.geo/);
  });
});

describe('iCalendar GEO', () => {
  it('reads the pair ical.js gives and raw text', () => {
    expect(geoFrom([43.678, -79.4094])).toEqual({ lat: 43.678, lon: -79.4094 });
    expect(geoFrom('43.678;-79.4094')).toEqual({ lat: 43.678, lon: -79.4094 });
    expect(geoFrom([100, 0])).toBeNull();
    expect(geoFrom([43.678])).toBeNull();
    expect(geoFrom(undefined)).toBeNull();
  });

  it('belongs to the LOCATION: no location, no venue', () => {
    expect(venueFrom('Casa Loma, 1 Austin Terrace', [43.678, -79.4094])).toEqual({
      name: 'Casa Loma',
      address: '1 Austin Terrace',
      geo: { lat: 43.678, lon: -79.4094 },
    });
    expect(venueFrom('Casa Loma', undefined)).toEqual({ name: 'Casa Loma', address: null });
    expect(venueFrom(undefined, [43.678, -79.4094])).toBeNull();
  });

  it('comes through an imported calendar', () => {
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//t//EN',
      'BEGIN:VEVENT',
      'UID:a',
      'DTSTAMP:20070901T000000Z',
      'DTSTART:20070910T230000Z',
      'SUMMARY:Party',
      'LOCATION:Casa Loma',
      'GEO:43.678;-79.4094',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b',
      'DTSTAMP:20070901T000000Z',
      'DTSTART:20070910T230000Z',
      'SUMMARY:Party',
      'LOCATION:Nowhere',
      'GEO:95;-79.4094',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const result = importICalendar(ics);
    if (!result.ok) throw new Error(result.error);
    const venues = Object.fromEntries(result.feed.events.map((e) => [e.id, e.venue]));
    expect(venues['a']).toEqual({ name: 'Casa Loma', address: null, geo: { lat: 43.678, lon: -79.4094 } });
    expect(venues['b']).toEqual({ name: 'Nowhere', address: null });
  });
});

describe('JSON-LD Place geo', () => {
  it('reads GeoCoordinates, numbers or text', () => {
    expect(
      venueOf({
        '@type': 'Place',
        name: 'Casa Loma',
        geo: { '@type': 'GeoCoordinates', latitude: 43.678, longitude: '-79.4094' },
      }),
    ).toEqual({ name: 'Casa Loma', address: null, geo: { lat: 43.678, lon: -79.4094 } });
  });

  it('reads latitude and longitude on the Place itself', () => {
    expect(venueOf({ '@type': 'Place', name: 'Casa Loma', latitude: '43.678', longitude: -79.4094 })).toEqual({
      name: 'Casa Loma',
      address: null,
      geo: { lat: 43.678, lon: -79.4094 },
    });
  });

  it('leaves out a shape or an out-of-range point, keeping the venue', () => {
    expect(venueOf({ '@type': 'Place', name: 'A', geo: { '@type': 'GeoShape', box: '1 2 3 4' } })).toEqual({
      name: 'A',
      address: null,
    });
    expect(venueOf({ '@type': 'Place', name: 'A', geo: { latitude: 43, longitude: 200 } })).toEqual({
      name: 'A',
      address: null,
    });
  });
});
