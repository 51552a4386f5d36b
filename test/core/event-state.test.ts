import { describe, expect, it } from 'vitest';
import { eventState } from '../../src/core/event-state.ts';

const at = (iso: string) => Date.parse(iso);
const event = (start: string | null, end: string | null = null, cancelled = false) => ({ start, end, cancelled });

describe('eventState', () => {
  it('is cancelled whatever its time', () => {
    expect(eventState(event('2030-09-10T20:00:00-04:00', null, true), 'America/Toronto', at('2026-01-01T00:00Z'))).toBe(
      'cancelled',
    );
  });

  it('is over once its stated end has passed, open until then', () => {
    const party = event('2026-09-10T20:00:00-04:00', '2026-09-10T23:00:00-04:00');
    expect(eventState(party, 'America/Toronto', at('2026-09-11T02:59:59Z'))).toBe('open');
    expect(eventState(party, 'America/Toronto', at('2026-09-11T03:00:00Z'))).toBe('over');
  });

  it('without an end, is over three hours after its start (the clash rule)', () => {
    const party = event('2026-09-10T20:00:00-04:00');
    expect(eventState(party, 'America/Toronto', at('2026-09-11T02:30:00Z'))).toBe('open');
    expect(eventState(party, 'America/Toronto', at('2026-09-11T03:00:00Z'))).toBe('over');
  });

  it('announced for a day alone, is over once that day has ended where it happens', () => {
    const dinner = event('2026-09-10');
    // 23:30 in Toronto on the 10th is already the 11th in UTC: still that day there.
    expect(eventState(dinner, 'America/Toronto', at('2026-09-11T03:30:00Z'))).toBe('open');
    expect(eventState(dinner, 'America/Toronto', at('2026-09-11T04:30:00Z'))).toBe('over');
    expect(eventState(event('2026-09-10', '2026-09-12'), 'America/Toronto', at('2026-09-12T12:00:00Z'))).toBe('open');
  });

  it('with no date, is never known to be over', () => {
    expect(eventState(event(null), 'UTC', at('2099-01-01T00:00Z'))).toBe('open');
  });
});
