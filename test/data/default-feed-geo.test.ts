// The embedded feed's venue positions: only places the articles name and a map can find, all in
// Toronto. The Rosedale mansion is "a palace" in Rosedale, no address: it gets none.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseFeed } from '../../src/core/feed/parse';

const parsed = parseFeed(
  JSON.parse(readFileSync(new URL('../../src/data/default-feed.json', import.meta.url), 'utf8')),
);
if (!parsed.ok) throw new Error('the embedded feed does not parse');
const events = parsed.feed.events;

// Toronto's city limits fit in this box (Etobicoke's west edge to Scarborough's east edge).
const TORONTO = { south: 43.58, north: 43.86, west: -79.64, east: -79.11 };

describe('embedded feed positions', () => {
  const placed = events.filter((e) => e.venue?.geo);

  it('parse without a problem', () => {
    expect(parsed.problems.filter((p) => p.path.includes('geo'))).toEqual([]);
  });

  it('exist for the named places (positive control for the checks below)', () => {
    const names = new Set(placed.map((e) => e.venue!.name));
    for (const name of ['Casa Loma', 'Gladstone Hotel', 'Liberty Grand', 'Hazelton Hotel'])
      expect(names).toContain(name);
  });

  it.each(placed.map((e) => [e.id, e.venue!.geo!] as const))('%s lies inside Toronto', (_id, geo) => {
    expect(geo.lat).toBeGreaterThan(TORONTO.south);
    expect(geo.lat).toBeLessThan(TORONTO.north);
    expect(geo.lon).toBeGreaterThan(TORONTO.west);
    expect(geo.lon).toBeLessThan(TORONTO.east);
  });

  it('the Rosedale mansion has none', () => {
    const rosedale = events.find((e) => e.id === 'fugitive-pieces-rosedale');
    expect(rosedale?.venue?.name).toBe('Mansion in Rosedale');
    expect(rosedale?.venue?.geo).toBeUndefined();
  });
});
