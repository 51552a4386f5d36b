// @vitest-environment happy-dom
// The popup's lists show a past event as "Over" and a cancelled one as "Cancelled", without
// Going, Remind me or calendar actions: the card's rule (core/event-state.ts), one owner.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import { SavedView } from '../../../src/ui/popup/saved-view.tsx';
import { ScheduleView } from '../../../src/ui/popup/schedule-view.tsx';
import { event, festival, film } from '../fixtures.ts';
import { mount } from '../mount.ts';

const events = [
  event('past', { title: 'Past party', start: '2007-09-06T21:00:00-04:00' }),
  event('overlap', { title: 'Past dinner', start: '2007-09-06T20:00:00-04:00' }),
  event('dropped', { title: 'Dropped brunch', start: '2007-09-12T11:00:00-04:00', cancelled: true }),
  event('next', { title: 'Closing gala', start: '2007-09-12T21:00:00-04:00' }),
];
// The festival's second week: the first two events are over, the gala still to come.
const now = Date.parse('2007-09-10T12:00:00Z');

const item = (root: HTMLElement, title: string) =>
  [...root.querySelectorAll<HTMLElement>('.ap-event')].find(
    (e) => e.querySelector('.ap-event-title')?.textContent === title,
  )!;
const badges = (el: HTMLElement) => [...el.querySelectorAll('.ap-badge')].map((b) => b.textContent);
const actions = (el: HTMLElement) =>
  [...el.querySelectorAll('button, a')]
    .map((b) => b.textContent ?? '')
    .filter((text) => /Going|Interested|Remind|calendar|Google|Outlook/.test(text));

describe('past and cancelled events in the popup', () => {
  it('in Saved: "Over" and "Cancelled" without actions; an open event keeps them; clashes of the past are not counted', () => {
    const plan = {
      saved: events.map((e) => ({ eventKey: e.key, status: 'going' as const, savedAt: '' })),
      events,
      films: [film],
      festivals: [festival],
    };
    const el = mount(<SavedView plan={plan} settings={DEFAULT_SETTINGS} onSave={vi.fn()} now={now} />);
    expect(badges(item(el, 'Past party'))).toContain('Over');
    expect(actions(item(el, 'Past party'))).toEqual([]);
    expect(badges(item(el, 'Dropped brunch'))).toContain('Cancelled');
    expect(actions(item(el, 'Dropped brunch'))).toEqual([]);
    // Positive control: the gala to come has its actions and no state badge.
    expect(actions(item(el, 'Closing gala'))).toEqual(expect.arrayContaining(['Going', 'Interested']));
    expect(badges(item(el, 'Closing gala'))).not.toContain('Over');
    // The two past events overlap; no clash line is shown, so none is counted.
    expect(el.querySelectorAll('.ap-clash, .clashing')).toHaveLength(0);
    expect(el.querySelector('.saved-summary')?.textContent).toBe('4 saved · 0 clashing');
    // Positive control: before they happened, the same plan shows and counts both clashes.
    const before = mount(
      <SavedView plan={plan} settings={DEFAULT_SETTINGS} onSave={vi.fn()} now={Date.parse('2007-09-01T00:00:00Z')} />,
    );
    expect(before.querySelectorAll('.ap-clash')).toHaveLength(2);
    expect(before.querySelectorAll('.clashing')).toHaveLength(2);
    expect(before.querySelector('.saved-summary')?.textContent).toBe('4 saved · 2 clashing');
  });

  it('in the Schedule: the line and the unfolded event say "Over" and "Cancelled", without actions', () => {
    const data = { films: [film], events, festivals: [festival] };
    const el = mount(
      <ScheduleView data={data} settings={DEFAULT_SETTINGS} saved={new Map()} onSave={vi.fn()} now={now} />,
    );
    const line = (title: string) =>
      [...el.querySelectorAll<HTMLElement>('.slot')].find(
        (li) => li.querySelector('.slot-title')?.textContent === title,
      )!;
    expect(badges(line('Past party').querySelector('.slot-line')!)).toEqual(['Over']);
    expect(badges(line('Dropped brunch').querySelector('.slot-line')!)).toEqual(['Cancelled']);
    expect(badges(line('Closing gala').querySelector('.slot-line')!)).toEqual([]);
    expect(actions(item(el, 'Past party'))).toEqual([]);
    expect(actions(item(el, 'Dropped brunch'))).toEqual([]);
    expect(actions(item(el, 'Closing gala'))).toEqual(expect.arrayContaining(['Going', 'Interested']));
  });
});
