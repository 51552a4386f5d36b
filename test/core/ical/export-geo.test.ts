// GEO in the .ics export: written when the venue has a position, read back by ical.js and by our
// own import, and never for a venue without one (the positive control beside each absence).
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { exportIcs, geoValue } from '../../../src/core/ical/export.ts';
import { importICalendar } from '../../../src/core/ical/import.ts';
import type { Venue } from '../../../src/core/model.ts';
import { plainEvent } from './plain-event.ts';

const event = (key: string, venue: Venue | null) => plainEvent(key, { venue });

const NOW = Date.UTC(2026, 0, 1);

describe('GEO in the export', () => {
  it('is written for a venue with a position and left out for one without', () => {
    const { ics } = exportIcs(
      [
        {
          event: event('castle', { name: 'Casa Loma', address: null, geo: { lat: 43.678, lon: -79.4094 } }),
          timeZone: 'America/Toronto',
        },
        {
          event: event('mansion', { name: 'Mansion in Rosedale', address: 'Rosedale, Toronto' }),
          timeZone: 'America/Toronto',
        },
        { event: event('nowhere', null), timeZone: 'America/Toronto' },
      ],
      NOW,
    );
    const vevents = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
    const geoBySummary = Object.fromEntries(
      vevents.map((v) => [v.getFirstPropertyValue('summary'), v.getFirstPropertyValue('geo') ?? null]),
    );
    expect(geoBySummary).toEqual({ 'Party castle': [43.678, -79.4094], 'Party mansion': null, 'Party nowhere': null });
    expect(ics).toContain('\r\nGEO:43.678;-79.4094\r\n');
    expect(ics.match(/^GEO:/gm)).toHaveLength(1);
  });

  it('round-trips through the import', () => {
    const geo = { lat: -33.8568, lon: 151.2153 };
    const { ics } = exportIcs(
      [{ event: event('opera', { name: 'Opera House', address: 'Sydney', geo }), timeZone: 'Australia/Sydney' }],
      NOW,
    );
    const read = importICalendar(ics);
    if (!read.ok) throw new Error(read.error);
    expect(read.feed.events[0]?.venue).toEqual({ name: 'Opera House', address: 'Sydney', geo });
  });

  it('writes FLOATs without an exponent, and nothing out of range', () => {
    expect(geoValue({ lat: 1e-7, lon: -1e-7 })).toBe('0;0');
    expect(geoValue({ lat: 0.000001, lon: 180 })).toBe('0.000001;180');
    expect(geoValue({ lat: 43, lon: -79.1 })).toBe('43;-79.1');
    expect(geoValue({ lat: 91, lon: 0 })).toBeNull();
    expect(geoValue({ lat: Number.NaN, lon: 0 })).toBeNull();
    expect(geoValue(null)).toBeNull();
  });
});
