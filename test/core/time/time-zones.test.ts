import { describe, expect, it } from 'vitest';
import { timeZoneResolver } from '../../../src/core/time/index.ts';
import type { EventRow, FestivalRow } from '../../../src/core/rows.ts';

const festival: FestivalRow = {
  key: 'default/tiff',
  feedId: 'default',
  id: 'tiff',
  name: 'TIFF',
  timeZone: 'America/Toronto',
  start: '2026-09-10',
  end: '2026-09-20',
};
const event = (extra: Partial<EventRow> & { timeZone?: string | null }): EventRow =>
  ({ key: 'user/1', feedId: 'user', id: '1', festival: 'default/tiff', filmKeys: [], ...extra }) as EventRow;

describe('timeZoneResolver', () => {
  it("shows an own event in the zone its form chose, over its festival's", () => {
    const zoneOf = timeZoneResolver([festival]);
    expect(zoneOf(event({ timeZone: 'Europe/Paris' }))).toBe('Europe/Paris');
    // Positive control: with no chosen zone, the festival's.
    expect(zoneOf(event({ timeZone: null }))).toBe('America/Toronto');
    expect(zoneOf(event({ timeZone: 'Not/AZone' }))).toBe('America/Toronto');
  });
});
