// @vitest-environment happy-dom
// The Saved view's trip lines (src/ui/popup/trip-line.tsx): the gap after the previous event and
// the trip between venues, with its flag; clashes count trips the user cannot make.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/core/settings.ts';
import { SavedView } from '../../../src/ui/popup/saved-view.tsx';
import { event, festival, film } from '../fixtures.ts';
import { mount } from '../mount.ts';
import type { EventRow } from '../../../src/core/rows.ts';

const CASA_LOMA = { lat: 43.678, lon: -79.4094 };
// 3 km due north of Casa Loma: 3.9 km by street.
const NORTH = { lat: 43.678 + 3 / 111.195, lon: -79.4094 };

function view(events: EventRow[], settings: Partial<Settings> = {}) {
  const plan = {
    saved: events.map((e) => ({ eventKey: e.key, status: 'going' as const, savedAt: '' })),
    events,
    films: [film],
    festivals: [festival],
  };
  return mount(<SavedView plan={plan} settings={{ ...DEFAULT_SETTINGS, ...settings }} onSave={vi.fn()} />);
}

const trips = (el: HTMLElement) => [...el.querySelectorAll('.ap-trip')].map((p) => p.textContent);

describe('trips in the saved view', () => {
  const dinner = event('dinner', {
    title: 'Dinner',
    start: '2007-09-06T19:00:00-04:00',
    end: '2007-09-06T21:00:00-04:00',
    venue: { name: 'Casa Loma', address: null, geo: CASA_LOMA },
  });
  const party = event('party', {
    title: 'Party',
    start: '2007-09-06T21:10:00-04:00',
    venue: { name: 'Up north', address: null, geo: NORTH },
  });

  it("says can't make it for 3 km in 10 minutes, a trip line and not a clash (#29.7)", () => {
    const el = view([dinner, party]);
    expect(trips(el)).toEqual(["↳ 10 min after Dinner · 3.9 km, about 16 min by transit — can't make it"]);
    expect(el.querySelector('.saved-summary')?.textContent).toBe('2 saved · 0 clashing');
  });

  it('follows the travel mode: by car the same trip is tight, not a clash', () => {
    const el = view([dinner, party], { travelMode: 'car' });
    expect(trips(el)).toEqual(['↳ 10 min after Dinner · 3.9 km, about 10 min by car — tight']);
    expect(el.querySelector('.saved-summary')?.textContent).toBe('2 saved · 0 clashing');
  });

  it('names the venue with no position, and the event with no time', () => {
    const el = view([
      dinner,
      event('house', { title: 'House party', start: '2007-09-06T23:00:00-04:00' }),
      event('someday', { title: 'Someday', start: '2007-09-07' }),
    ]);
    expect(trips(el)).toEqual([
      '↳ 2 h 00 min after Dinner · no position for A house in Rosedale, so no trip estimate',
      'No time announced: the gap to the events around it is unknown',
    ]);
    expect(el.querySelector('.saved-summary')?.textContent).toBe('3 saved · 0 clashing');
  });

  it('says the end is assumed when the previous event has none', () => {
    const el = view([
      event('a', { title: 'A', start: '2007-09-06T18:00:00-04:00', venue: { name: 'Casa Loma', address: null } }),
      event('b', { title: 'B', start: '2007-09-06T21:30:00-04:00', venue: { name: 'Casa Loma', address: null } }),
    ]);
    expect(trips(el)).toEqual(['↳ 30 min after A (if it ends after three hours) · same venue']);
  });
});
