// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { filterEvents, NO_FILTER } from '../../../src/ui/popup/schedule-filter.ts';
import { ScheduleView } from '../../../src/ui/popup/schedule-view.tsx';
import { event, festival, film } from '../fixtures.ts';
import { mount } from '../mount.ts';

const data = {
  festivals: [festival],
  films: [film],
  events: [
    event('dinner', {
      kind: 'dinner',
      title: 'Dinner at Josos',
      start: '2007-09-06T19:00:00-04:00',
      venue: { name: 'Joso’s', address: null },
      access: 'rsvp',
      host: null,
    }),
    event('party', { title: 'House party', start: '2007-09-06T22:38:00-04:00', host: 'Serendipity Point' }),
    event('karaoke', {
      title: 'Press karaoke',
      start: '2007-09-07T23:00:00-04:00',
      filmKeys: [],
      access: 'public',
      host: null,
    }),
    event('undated', { title: 'Someday party', start: null, host: null }),
  ],
};

describe('the schedule', () => {
  it('groups by day in the festival zone with a "date not announced" group last', () => {
    const el = mount(<ScheduleView data={data} now={Date.parse('2026-01-01T00:00:00Z')} />);
    expect([...el.querySelectorAll('.day-heading')].map((h) => h.textContent)).toEqual([
      'Thursday, September 6, 2007',
      'Friday, September 7, 2007',
      'Date not announced',
    ]);
    expect(el.querySelector('.slot-time')?.textContent).toBe('7:00 PM EDT');
    // Everything dated is past in 2026: dimmed and announced as past to screen readers.
    expect(el.querySelectorAll('.slot.past')).toHaveLength(3);
    expect(el.querySelector('.now-line')).toBeNull();
  });

  it('draws the "now" line before the first event still to come today', () => {
    const el = mount(<ScheduleView data={data} now={Date.parse('2007-09-06T21:00:00-04:00')} />);
    const first = el.querySelector('.day-events')!;
    expect(
      [...first.children].map((li) =>
        li.classList.contains('now-line') ? 'NOW' : li.querySelector('.ap-event-title')?.textContent,
      ),
    ).toEqual(['Dinner at Josos', 'NOW', 'House party']);
    expect(el.querySelectorAll('.now-line')).toHaveLength(1);
    expect(first.children[0]!.classList.contains('past')).toBe(false); // 19:00 + 3 h default length
  });

  it('filters by kind and access and searches film, event, venue and host, ignoring accents', () => {
    const el = mount(<ScheduleView data={data} now={0} />);
    const kind = el.querySelectorAll('select')[0] as HTMLSelectElement;
    kind.value = 'dinner';
    act(() => void kind.dispatchEvent(new Event('change', { bubbles: true })));
    expect([...el.querySelectorAll('.ap-event-title')].map((n) => n.textContent)).toEqual(['Dinner at Josos']);
    expect(el.querySelector('[role="status"]')?.textContent).toBe('1 events shown');

    const only = (query: string, extra = {}) =>
      filterEvents(data.events, data.films, { ...NO_FILTER, query, ...extra }).map((e) => e.id);
    expect(only('joso')).toEqual(['dinner']);
    expect(only('SERENDIPITY')).toEqual(['party']);
    expect(only('fugitive')).toEqual(['dinner', 'party', 'undated']);
    expect(only('', { access: 'public' })).toEqual(['karaoke']);
    expect(only('', { festival: 'default/tiff-2007' })).toHaveLength(4);
    expect(only('', { festival: 'default/other' })).toEqual([]);
    expect(only('josó')).toEqual(['dinner']);
  });
});
