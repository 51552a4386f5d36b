import { describe, expect, it } from 'vitest';
import { isoToWallTime, wallTimeToIso } from '../../../src/core/time/zoned-time.ts';

describe('wall-clock times in a zone', () => {
  it('gives the offset in force on that day', () => {
    expect(wallTimeToIso('2007-09-06T21:30', 'America/Toronto')).toBe('2007-09-06T21:30:00-04:00');
    expect(wallTimeToIso('2008-01-06T21:30', 'America/Toronto')).toBe('2008-01-06T21:30:00-05:00');
    expect(wallTimeToIso('2024-05-15 20:00:00', 'Europe/Paris')).toBe('2024-05-15T20:00:00+02:00');
    expect(wallTimeToIso('2024-05-15T20:00', 'Asia/Kolkata')).toBe('2024-05-15T20:00:00+05:30');
  });

  it('moves a time skipped by the spring change forward, and refuses bad input', () => {
    expect(wallTimeToIso('2008-03-09T02:30', 'America/Toronto')).toBe('2008-03-09T03:30:00-04:00');
    expect(wallTimeToIso('2008-03-09T02:30', 'Not/AZone')).toBeNull();
    expect(wallTimeToIso('tomorrow', 'America/Toronto')).toBeNull();
  });

  it('reads an instant back as a wall-clock time for editing', () => {
    expect(isoToWallTime('2007-09-07T01:30:00Z', 'America/Toronto')).toBe('2007-09-06T21:30');
    expect(isoToWallTime('nope', 'America/Toronto')).toBeNull();
  });
});
