// @vitest-environment happy-dom
// The card's states: past and cancelled events without actions, the clash line, the heading's
// counts and its empty state, and the shortcut at its foot. Each absence sits beside its
// positive control in the same card.
import { describe, expect, it, vi } from 'vitest';
import { Card } from '../../../src/ui/card/card.tsx';
import { event, festival, film } from '../fixtures.ts';
import { mount } from '../mount.ts';

const NOW = Date.parse('2027-09-10T12:00:00-04:00');
const future = event('future', { title: 'Future party', start: '2027-09-10T22:00:00-04:00' });
const past = event('past', { title: 'Past party', start: '2027-09-09T22:00:00-04:00' });
const dropped = event('dropped', { title: 'Dropped party', start: '2027-09-11T22:00:00-04:00', cancelled: true });

const actionsOf = (el: HTMLElement, key: string) => {
  const item = el.querySelector(`[data-event-key="${key}"]`)!;
  return [...item.querySelectorAll('.ap-actions button')].map((b) => b.textContent?.replace(/ — .*/, ''));
};

function card(props: Partial<Parameters<typeof Card>[0]> = {}) {
  return mount(
    <Card
      listings={[{ film, events: [future, past, dropped] }]}
      festivals={[festival]}
      surface="Fugitive Pieces"
      error={null}
      saved={new Map([[past.key, 'going' as const]])}
      onSave={vi.fn()}
      reminders={{
        views: new Map([
          [past.key, { on: false, at: null, minutesBefore: null, leaveBy: false, blocked: 'over' as const }],
        ]),
        onRemind: vi.fn(),
      }}
      now={NOW}
      {...props}
    />,
  );
}

describe('the card of a festival in progress', () => {
  it('offers Going, Interested and the calendar on a future event only; a past one says "Over", a cancelled one "Cancelled"', () => {
    const el = card();
    expect(actionsOf(el, future.key)).toEqual(['Going', 'Interested', '+ Add to calendar']);
    expect(actionsOf(el, past.key)).toEqual([]);
    expect(actionsOf(el, dropped.key)).toEqual([]);
    // A saved past event is not offered "Remind me" either.
    expect(el.querySelector(`[data-event-key="${past.key}"] [aria-label^="Remind me"]`)).toBeNull();
    expect(el.querySelector(`[data-event-key="${past.key}"] .ap-badge-over`)?.textContent).toBe('Over');
    expect(el.querySelector(`[data-event-key="${dropped.key}"] .ap-badge`)?.textContent).toBe('Cancelled');
    expect(el.querySelector(`[data-event-key="${future.key}"] .ap-badge`)).toBeNull();
  });

  it('without a time, draws every event as one that can be acted on (the popup)', () => {
    const el = card({ now: undefined });
    expect(actionsOf(el, past.key)).toContain('Going');
  });

  it('says when an event clashes with one you are going to, naming what it may and counting the rest', () => {
    const el = card({
      clashes: new Map([
        [future.key, { titles: ['Gala dinner', 'Brunch'], others: 1 }],
        [past.key, { titles: ['Gala dinner'], others: 0 }],
      ]),
    });
    const line = (key: string) => el.querySelector(`[data-event-key="${key}"] .ap-clash`)?.textContent ?? null;
    expect(line(future.key)).toBe('Clashes with Gala dinner, Brunch and 1 more, which you’re going to');
    // Over: nothing to decide any more.
    expect(line(past.key)).toBeNull();
    const counted = card({ clashes: new Map([[future.key, { titles: [], others: 2 }]]) });
    expect(counted.querySelector('.ap-clash')?.textContent).toBe('Clashes with 2 events you’re going to');
  });

  it('counts the events in its heading, in the singular for one', () => {
    const heading = (el: HTMLElement) => el.querySelector('#ap-card-title')?.textContent;
    expect(heading(card())).toBe('Afterparty · 3 events for “Fugitive Pieces”');
    expect(heading(card({ listings: [{ film, events: [future] }] }))).toBe(
      'Afterparty · 1 event for “Fugitive Pieces”',
    );
  });

  it('never says "events for" a film with none: its heading and body say nothing is listed', () => {
    const el = card({ listings: [{ film, events: [] }] });
    const heading = el.querySelector('#ap-card-title')?.textContent ?? '';
    expect(heading).toBe('Afterparty · nothing listed for “Fugitive Pieces”');
    expect(heading).not.toContain('events for');
    expect(el.querySelector('.ap-card-body')?.textContent).toContain('No parties, dinners or receptions listed');
  });

  it('shows the keyboard shortcut at its foot, outside the scrolling body, and nothing when none is set', () => {
    const el = card({ shortcut: 'Alt+Shift+F' });
    const foot = el.querySelector('.ap-card > .ap-shortcut');
    expect(foot?.textContent).toBe('Keyboard: Alt+Shift+F opens this card for the selected title');
    expect(el.querySelector('.ap-card-body .ap-shortcut')).toBeNull();
    expect(card({ shortcut: null }).querySelector('.ap-shortcut')).toBeNull();
  });

  it('keeps its header and close button outside the scrolling body', () => {
    const el = card({ onClose: vi.fn() });
    const bar = el.querySelector('.ap-card > .ap-card-bar')!;
    expect(bar.querySelector('button[aria-label="Close"]')).not.toBeNull();
    expect(el.querySelector('.ap-card > .ap-card-body')?.contains(bar)).toBe(false);
    expect(el.querySelector('.ap-card-body [data-event-key]')).not.toBeNull();
  });
});
