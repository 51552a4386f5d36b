// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import { SavedView } from '../../../src/ui/popup/saved-view.tsx';
import { ViewTabs } from '../../../src/ui/popup/view-tabs.tsx';
import { stubCalendarExport } from '../calendar-stub.ts';
import { event, festival, film } from '../fixtures.ts';
import { mount } from '../mount.ts';

describe('the saved view', () => {
  it('flags clashes between overlapping saved events and offers one .ics of the plan', async () => {
    const { sendMessage, downloads } = stubCalendarExport('afterparty-plan.ics');
    const events = [
      event('dinner', { title: 'Dinner', start: '2007-09-06T19:00:00-04:00', end: '2007-09-06T21:30:00-04:00' }),
      event('party', { title: 'Party', start: '2007-09-06T21:00:00-04:00' }),
      event('brunch', { title: 'Brunch', start: '2007-09-07T11:00:00-04:00' }),
    ];
    const plan = {
      saved: events.map((e) => ({ eventKey: e.key, status: 'going' as const, savedAt: '' })),
      events,
      films: [film],
      festivals: [festival],
    };
    // Before the festival: every event still to come.
    const el = mount(
      <SavedView plan={plan} settings={DEFAULT_SETTINGS} onSave={vi.fn()} now={Date.parse('2007-09-01T00:00:00Z')} />,
    );
    expect(el.querySelector('.saved-summary')?.textContent).toBe('3 saved · 2 clashing');
    const clashing = [...el.querySelectorAll('.clashing')].map((li) => li.querySelector('.ap-clash')?.textContent);
    expect(clashing).toEqual(['⚠ Clashes with Party', '⚠ Clashes with Dinner']);
    const exportButton = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Export as .ics')!;
    await act(async () => exportButton.click());
    await vi.waitFor(() => expect(downloads).toEqual(['afterparty-plan.ics']));
    expect(sendMessage).toHaveBeenCalledWith({
      type: 'exportCalendar',
      params: { eventKeys: events.map((e) => e.key), name: 'Afterparty plan' },
    });
  });

  it('says how to save when the plan is empty', () => {
    const el = mount(
      <SavedView
        plan={{ saved: [], events: [], films: [], festivals: [] }}
        settings={DEFAULT_SETTINGS}
        onSave={vi.fn()}
      />,
    );
    expect(el.textContent).toMatch(/Nothing saved yet/);
  });
});

describe('the popup tabs', () => {
  it('follow the WAI-ARIA tabs pattern: one tab stop, arrows move and select', () => {
    const onSelect = vi.fn();
    const tabs = [
      { key: 'page' as const, label: 'This page' },
      { key: 'schedule' as const, label: 'Schedule' },
      { key: 'saved' as const, label: 'Saved' },
    ];
    const el = mount(
      <ViewTabs tabs={tabs} selected="schedule" onSelect={onSelect} label="Views">
        <p>body</p>
      </ViewTabs>,
    );
    const buttons = [...el.querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(buttons.map((b) => b.tabIndex)).toEqual([-1, 0, -1]);
    expect(el.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby')).toBe('tab-schedule');
    act(() => void buttons[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    act(() => void buttons[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true })));
    act(() => void buttons[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    expect(onSelect.mock.calls.map((c) => c[0])).toEqual(['saved', 'page', 'page']);
  });
});

describe('saved events no feed lists now', () => {
  it('shows each with its last known title and time and the feed that listed it, and counts it', () => {
    const onSave = vi.fn();
    const listed = event('party', { title: 'Party', start: '2007-09-06T21:00:00-04:00' });
    const plan = {
      saved: [
        { eventKey: listed.key, status: 'going' as const, savedAt: '' },
        { eventKey: 'fabc/gala', status: 'going' as const, savedAt: '' },
        { eventKey: 'fdef/x', status: 'interested' as const, savedAt: '' },
      ],
      events: [listed],
      films: [film],
      festivals: [festival],
      unlisted: [
        {
          eventKey: 'fabc/gala',
          status: 'going' as const,
          last: { title: 'Closing gala', start: '2007-09-08T20:00:00-04:00', feedTitle: 'Parties Toronto' },
        },
        { eventKey: 'fdef/x', status: 'interested' as const, last: null },
      ],
    };
    const el = mount(<SavedView plan={plan} settings={DEFAULT_SETTINGS} onSave={onSave} />);
    expect(el.querySelector('.saved-summary')?.textContent).toBe('3 saved · 0 clashing');
    const items = [...el.querySelectorAll('.unlisted-event')];
    expect(items.map((li) => li.querySelector('h3')?.textContent)).toEqual(['Closing gala', 'A saved event']);
    expect(items[0]?.querySelector('.event-when')?.textContent).toMatch(/2007/);
    expect(items.map((li) => li.querySelector('.unlisted-why')?.textContent)).toEqual([
      'No longer listed by Parties Toronto',
      'Not in your listings here now',
    ]);
    // Positive control: the listed event is shown as any saved event, outside the unlisted list.
    expect(el.querySelector('.unlisted')?.textContent).not.toContain('Party');
    expect(el.textContent).toContain('Party');
    items[0]?.querySelector('button')?.click();
    expect(onSave).toHaveBeenCalledWith('fabc/gala', null);
  });

  it('is not the empty plan when only unlisted events are saved', () => {
    const plan = {
      saved: [{ eventKey: 'fabc/gala', status: 'going' as const, savedAt: '' }],
      events: [],
      films: [],
      festivals: [],
      unlisted: [{ eventKey: 'fabc/gala', status: 'going' as const, last: null }],
    };
    const el = mount(<SavedView plan={plan} settings={DEFAULT_SETTINGS} onSave={vi.fn()} />);
    expect(el.textContent).not.toMatch(/Nothing saved yet/);
    expect(el.querySelector('.saved-summary')?.textContent).toBe('1 saved · 0 clashing');
  });
});
