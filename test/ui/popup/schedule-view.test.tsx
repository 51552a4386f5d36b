// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { filterEvents, NO_FILTER } from '../../../src/ui/popup/filter-events.ts';
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
    // The line gives the time; the event, unfolded, gives it with its zone (#29.3).
    expect(el.querySelector('.slot-time')?.textContent).toBe('7:00 PM');
    expect(el.querySelector('.slot-more .ap-when')?.textContent).toMatch(/7:00 PM EDT$/);
    // The whole festival is past in 2026: folded under its name, its events not dimmed one by one.
    const section = el.querySelector('details.festival') as HTMLDetailsElement;
    expect(section.open).toBe(false);
    expect(section.querySelector('summary')?.textContent).toBe(
      'Toronto International Film Festival 2007past · 4 events',
    );
    expect(el.querySelectorAll('.slot.past')).toHaveLength(0);
    expect(el.querySelector('.now-line')).toBeNull();
  });

  it('dims past events and draws "now" only inside the festival that is on, which comes first and open', () => {
    const later = {
      ...festival,
      id: 'tiff-2008',
      key: 'default/tiff-2008',
      name: 'TIFF',
      start: '2008-09-04',
      end: '2008-09-13',
    };
    const both = {
      ...data,
      festivals: [festival, later],
      events: [
        ...data.events,
        event('dinner-2008', { title: 'Dinner 2008', festival: 'tiff-2008', start: '2008-09-05', filmKeys: [] }),
        event('undated-2008', { title: 'Someday 2008', festival: 'tiff-2008', start: null, filmKeys: [] }),
      ],
    };
    const el = mount(<ScheduleView data={both} now={Date.parse('2008-09-06T12:00:00-04:00')} />);
    const sections = [...el.querySelectorAll('details.festival')] as HTMLDetailsElement[];
    expect(sections.map((d) => [d.querySelector('.festival-heading')?.textContent, d.open])).toEqual([
      ['TIFF (2008)', true],
      ['Toronto International Film Festival 2007', false],
    ]);
    // Each festival's undated events are under it, not in one shared group.
    expect([...sections[0]!.querySelectorAll('.day-heading')].map((h) => h.textContent)).toEqual([
      'Friday, September 5, 2008',
      'Date not announced',
    ]);
    expect(sections[0]!.querySelector('.day-undated')?.textContent).toContain('Someday 2008');
    expect(sections[1]!.querySelector('.day-undated')?.textContent).toContain('Someday party');
    // Dimmed: the 2008 dinner, a day already over. Not dimmed: the 2007 events, older still.
    expect([...el.querySelectorAll('.slot.past .ap-event-title')].map((n) => n.textContent)).toEqual(['Dinner 2008']);
    expect(sections[1]!.querySelectorAll('.slot')).toHaveLength(4);
  });

  it('unfolds a past festival when a search finds something in it', () => {
    const el = mount(<ScheduleView data={data} now={Date.parse('2026-01-01T00:00:00Z')} />);
    const box = el.querySelector('input[type="search"]') as HTMLInputElement;
    expect(box.closest('label')?.textContent).toBe('Search');
    expect((el.querySelector('details.festival') as HTMLDetailsElement).open).toBe(false);
    box.value = 'karaoke';
    act(() => void box.dispatchEvent(new Event('input', { bubbles: true })));
    expect((el.querySelector('details.festival') as HTMLDetailsElement).open).toBe(true);
    expect([...el.querySelectorAll('.ap-event-title')].map((n) => n.textContent)).toEqual(['Press karaoke']);
  });

  it('shows the description in full, the time note, and an end without a start time', () => {
    const long = 'A giant late-evening garden party. '.repeat(6).trim();
    const el = mount(
      <ScheduleView
        data={{
          ...data,
          events: [
            event('noted', { title: 'Noted', start: '2007-09-06', timeNote: 'late evening', description: long }),
            event('ends', { title: 'Ends', start: '2007-09-09', end: '2007-09-09T15:00:00-04:00' }),
            event('tba', { title: 'Tba', start: '2007-09-10' }),
          ],
        }}
        now={Date.parse('2007-09-06T12:00:00-04:00')}
      />,
    );
    const times = [...el.querySelectorAll('.slot-time')].map((n) => n.textContent);
    expect(times).toEqual(['late evening', 'until 3:00 PM EDT', 'Time TBA']);
    expect(el.querySelectorAll('.slot-line .slot-time')).toHaveLength(3);
    const description = el.querySelector('.ap-description')!;
    expect(description.textContent).toBe(long);
    expect(description.classList.contains('ap-clamped')).toBe(false);
    expect(el.querySelector('.ap-more')).toBeNull();
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
    expect(el.querySelector('[role="status"]')?.textContent).toBe('1 event shown');

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

  it('folds the filters behind one button, keeps the labelled search in view, and shows each filter in use as a chip that removes it', () => {
    const el = mount(<ScheduleView data={data} now={0} />);
    const toggle = el.querySelector<HTMLButtonElement>('.filter-toggle')!;
    const fields = el.querySelector<HTMLElement>('.filter-fields')!;
    const search = el.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(search.closest('label')?.textContent).toContain('Search');
    expect(search.closest('[hidden]')).toBeNull();
    expect(toggle.textContent).toBe('Filters');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(fields.hidden).toBe(true);
    expect(toggle.getAttribute('aria-controls')).toBe(fields.id);
    expect(el.querySelector('.filter-chips')).toBeNull();

    act(() => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(fields.hidden).toBe(false);
    const [kind, festivalSelect, access] = [...fields.querySelectorAll('select')] as HTMLSelectElement[];
    const choose = (select: HTMLSelectElement, value: string) => {
      select.value = value;
      act(() => void select.dispatchEvent(new Event('change', { bubbles: true })));
    };
    choose(kind!, 'party');
    choose(festivalSelect!, festival.key);
    choose(access!, 'rsvp');
    expect(toggle.textContent).toBe('Filters (3)');
    const chips = () => [...el.querySelectorAll<HTMLButtonElement>('.filter-chips button')];
    expect(el.querySelector('.filter-chips')?.getAttribute('aria-label')).toBe('Active filters');
    expect(chips().map((c) => c.textContent)).toEqual([
      'Kind: Party ×',
      `Festival: ${festival.name} ×`,
      'Access: RSVP ×',
    ]);
    expect(chips().map((c) => c.getAttribute('aria-label'))).toEqual([
      'Remove filter Kind: Party',
      `Remove filter Festival: ${festival.name}`,
      'Remove filter Access: RSVP',
    ]);
    expect(el.querySelectorAll('.slot')).toHaveLength(0);

    // Folded again, the chips still say what is filtered.
    act(() => toggle.click());
    expect(fields.hidden).toBe(true);
    expect(chips()).toHaveLength(3);

    act(() => chips()[2]!.click());
    expect(chips().map((c) => c.textContent)).toEqual(['Kind: Party ×', `Festival: ${festival.name} ×`]);
    expect(access!.value).toBe('');
    expect(document.activeElement).toBe(toggle);
    act(() => chips()[0]!.click());
    act(() => chips()[0]!.click());
    expect(el.querySelector('.filter-chips')).toBeNull();
    expect(toggle.textContent).toBe('Filters');
    expect(el.querySelectorAll('.slot').length).toBeGreaterThan(0);
  });
});
