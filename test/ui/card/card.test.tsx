// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { inScheduleOrder } from '../../../src/core/plan/index.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';
import { timeZoneResolver } from '../../../src/core/time/index.ts';
import { Card } from '../../../src/ui/card/card.tsx';
import { stubCalendarExport } from '../calendar-stub.ts';
import { event, festival, film } from '../fixtures.ts';
import { mount } from '../mount.ts';

const events = [
  event('late', { start: '2007-09-07T01:00:00-04:00', title: 'Late one' }),
  event('early', { title: 'Early one', cancelled: true }),
  event('undated', { start: null, title: 'Undated one' }),
];

describe('the hover card', () => {
  it('is a labelled dialog showing the film and its events in the time order the worker serves', () => {
    // As db listingsFor serves them (test/db/feed-store.test.ts holds that order).
    const listings = inScheduleOrder([{ film, events }], timeZoneResolver([festival]));
    const el = mount(<Card listings={listings} festivals={[festival]} surface="Fugitive Pieces" error={null} />);
    const dialog = el.querySelector('[role="dialog"]')!;
    const label = el.querySelector(`#${dialog.getAttribute('aria-labelledby')}`);
    expect(label?.textContent).toBe('Afterparty · 3 events for “Fugitive Pieces”');
    expect(el.querySelector('h2')?.textContent).toBe('Fugitive Pieces');
    expect(el.querySelector('.ap-credits')?.textContent).toBe('2007 · directed by Jeremy Podeswa');
    const titles = [...el.querySelectorAll('.ap-event-title')].map((n) => n.textContent);
    expect(titles).toEqual(['Early one', 'Late one', 'Undated one']);
    expect(el.textContent).toContain('Cancelled');
    expect(el.textContent).toContain('Thursday, September 6, 2007 · 10:38 PM EDT');
    expect(el.textContent).toContain('Date not announced');
    expect(el.textContent).toContain('Invitation only');
  });

  it('links the venue to OpenStreetMap and the source to its page, never as markup', () => {
    const el = mount(
      <Card
        listings={[{ film, events: [event('x', { title: '<img src=x onerror=alert(1)>' })] }]}
        festivals={[festival]}
        surface=""
        error={null}
      />,
    );
    const map = el.querySelector<HTMLAnchorElement>('a[href^="https://www.openstreetmap.org/search"]')!;
    expect(map.href).toBe('https://www.openstreetmap.org/search?query=A%20house%20in%20Rosedale%2C%20Toronto');
    expect(map.getAttribute('aria-label')).toBe('Map of A house in Rosedale');
    expect(el.querySelector<HTMLAnchorElement>('a[href="https://www.thestar.com/x"]')?.rel).toContain('noopener');
    expect(el.querySelector('img')).toBeNull();
  });

  it('shows only the festival time when the settings say so', () => {
    const el = mount(
      <Card
        listings={[{ film, events: [event('a')] }]}
        festivals={[festival]}
        surface=""
        error={null}
        settings={{ ...DEFAULT_SETTINGS, timeZoneShown: 'festival' }}
      />,
    );
    expect(el.querySelectorAll('.ap-when')).toHaveLength(1);
    expect(el.querySelector('.ap-when')?.textContent).toContain('10:38 PM EDT');
  });

  it('saves an event as going or interested, and a second press takes it out', () => {
    const onSave = vi.fn();
    const el = mount(
      <Card
        listings={[{ film, events: [event('a')] }]}
        festivals={[festival]}
        surface=""
        error={null}
        saved={new Map([['default/a', 'going' as const]])}
        onSave={onSave}
      />,
    );
    const [going, interested] = [...el.querySelectorAll<HTMLButtonElement>('.ap-toggle')];
    expect(going!.getAttribute('aria-pressed')).toBe('true');
    expect(interested!.getAttribute('aria-pressed')).toBe('false');
    act(() => going!.click());
    act(() => interested!.click());
    expect(onSave.mock.calls).toEqual([
      ['default/a', null],
      ['default/a', 'interested'],
    ]);
  });

  it("asks the background for the event's .ics and downloads it under its name", async () => {
    const { sendMessage, downloads } = stubCalendarExport('event-a.ics');
    const el = mount(
      <Card
        listings={[{ film, events: [event('a')] }]}
        festivals={[festival]}
        surface=""
        error={null}
        saved={new Map()}
        onSave={vi.fn()}
      />,
    );
    const calendar = [...el.querySelectorAll('button')].find((b) => b.textContent?.includes('Add to calendar'))!;
    await act(async () => calendar.click());
    await vi.waitFor(() => expect(downloads).toEqual(['event-a.ics']));
    expect(sendMessage).toHaveBeenCalledWith({
      type: 'exportCalendar',
      params: { eventKeys: ['default/a'], name: event('a').title },
    });
  });

  it('says plainly when a film has nothing listed, and renders the per-film actions', () => {
    const el = mount(
      <Card
        listings={[{ film, events: [] }]}
        festivals={[]}
        surface=""
        error={null}
        filmActions={(f) => <button type="button">Not {f.title}</button>}
      />,
    );
    expect(el.textContent).toContain('No parties, dinners or receptions listed for this film yet.');
    const menu = el.querySelector('details.ap-film-menu') as HTMLDetailsElement;
    expect(menu.querySelector('button')?.textContent).toBe('Not Fugitive Pieces');
    expect(menu.querySelector('summary')?.textContent).toBe('This film… Fugitive Pieces');
  });

  it('puts the events first and the film actions after them, folded in one menu', () => {
    const el = mount(
      <Card
        listings={[{ film, events: [event('a', { title: 'The party' })] }]}
        festivals={[festival]}
        surface=""
        error={null}
        filmActions={(f) => <button type="button">Not {f.title}</button>}
      />,
    );
    const order = [...el.querySelectorAll('.ap-event-title, details.ap-film-menu')].map((n) => n.className);
    expect(order).toEqual(['ap-event-title', 'ap-film-menu']);
    const menu = el.querySelector('details.ap-film-menu') as HTMLDetailsElement;
    expect(menu.open).toBe(false);
    expect(el.querySelector('header button')).toBeNull();
  });

  it('shows a long description in two lines with a button that unfolds it', () => {
    const long = 'A giant late-evening garden party at a Rosedale mansion. '.repeat(3).trim();
    const el = mount(
      <Card
        listings={[{ film, events: [event('a', { description: long }), event('b', { description: 'Short.' })] }]}
        festivals={[festival]}
        surface=""
        error={null}
      />,
    );
    const [first, second] = [...el.querySelectorAll('.ap-description')];
    expect(first?.textContent).toBe(long);
    expect(first?.classList.contains('ap-clamped')).toBe(true);
    const more = el.querySelector<HTMLButtonElement>('button.ap-more')!;
    expect(more.textContent).toContain('Full description');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(first?.id);
    act(() => more.click());
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(first?.classList.contains('ap-clamped')).toBe(false);
    // A short one is shown whole, with no button.
    expect(second?.textContent).toBe('Short.');
    expect(el.querySelectorAll('button.ap-more')).toHaveLength(1);
  });

  it('shows the time note beside the date and leaves out an address that repeats the venue', () => {
    const el = mount(
      <Card
        listings={[
          {
            film,
            events: [
              event('a', {
                start: '2007-09-06',
                timeNote: 'late evening',
                venue: { name: 'Mansion in Rosedale', address: 'Rosedale, Toronto' },
              }),
            ],
          },
        ]}
        festivals={[festival]}
        surface=""
        error={null}
      />,
    );
    expect(el.querySelector('.ap-when')?.textContent).toBe('Thursday, September 6, 2007 · late evening');
    expect(el.querySelector('.ap-address')).toBeNull();
    expect(el.querySelector('.ap-facts dd')?.textContent).toContain('Mansion in Rosedale');
  });

  it('has a close button with an accessible name', () => {
    const onClose = vi.fn();
    const el = mount(<Card listings={[]} festivals={[]} surface="Up" error={null} onClose={onClose} />);
    expect(el.textContent).toContain('Loading events for “Up”…');
    const close = el.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!;
    act(() => close.click());
    expect(onClose).toHaveBeenCalledOnce();
  });
});
