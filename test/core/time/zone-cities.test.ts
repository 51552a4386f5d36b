import { describe, expect, it } from 'vitest';
import { cityLabel, zoneCities, zoneOfText } from '../../../src/core/time/index.ts';

describe('the zone picker by city', () => {
  it('names each zone by its city and region', () => {
    expect(cityLabel('America/Toronto')).toBe('Toronto (America)');
    expect(cityLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires (America, Argentina)');
    expect(cityLabel('UTC')).toBe('UTC');
  });

  it('keeps the suggested zones first, the rest by city', () => {
    const cities = zoneCities(['Europe/Paris', 'Asia/Tokyo', 'America/Toronto'], ['America/Toronto']);
    expect(cities.map((c) => c.zone)).toEqual(['America/Toronto', 'Europe/Paris', 'Asia/Tokyo']);
  });

  it('reads a typed city, label or IANA name back to its zone', () => {
    const cities = zoneCities(Intl.supportedValuesOf('timeZone'));
    expect(cities.length).toBeGreaterThan(300);
    expect(zoneOfText('Toronto (America)', cities)).toBe('America/Toronto');
    expect(zoneOfText('toronto', cities)).toBe('America/Toronto');
    expect(zoneOfText('Europe/Paris', cities)).toBe('Europe/Paris');
    expect(zoneOfText('buenos aires', cities)).toMatch(/Buenos_Aires$/);
    expect(zoneOfText('Atlantis', cities)).toBeNull();
  });
});
