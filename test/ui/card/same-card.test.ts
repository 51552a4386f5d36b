import { describe, expect, it } from 'vitest';
import type { CardProps } from '../../../src/ui/card/card.tsx';
import { sameCard } from '../../../src/ui/card/same-card.ts';
import { event, festival, film } from '../fixtures.ts';

const NOW = Date.parse('2027-09-10T12:00:00-04:00');
const soon = event('soon', { start: '2027-09-10T12:30:00-04:00', end: '2027-09-10T13:00:00-04:00' });
const onSave = () => undefined;
const onRemind = () => undefined;
const onClose = () => undefined;

function props(): CardProps {
  return {
    listings: [{ film, events: [soon] }],
    festivals: [festival],
    surface: 'Fugitive Pieces',
    error: null,
    saved: new Map(),
    onSave,
    reminders: { views: new Map(), onRemind },
    now: NOW,
    onClose,
  };
}

describe('whether a drawn card can be shown as it is', () => {
  it('is so for the same content a little later, with its reminders in a new object of the same parts', () => {
    const drawn = props();
    const next = { ...drawn, now: NOW + 60_000, reminders: { ...drawn.reminders! } };
    expect(sameCard(drawn, next)).toBe(true);
  });

  it('is not when an event of the card is over between the two times', () => {
    const drawn = props();
    // Control: the same times on each side of nothing.
    expect(sameCard(drawn, { ...drawn, now: NOW + 29 * 60_000 })).toBe(true);
    expect(sameCard(drawn, { ...drawn, now: Date.parse('2027-09-10T13:00:00-04:00') })).toBe(false);
    expect(sameCard(drawn, { ...drawn, now: undefined })).toBe(false);
  });

  it('is not when the data, the settings or a callback differ', () => {
    const drawn = props();
    expect(sameCard(drawn, { ...drawn })).toBe(true);
    expect(sameCard(drawn, { ...drawn, listings: [{ film, events: [soon] }] })).toBe(false);
    expect(sameCard(drawn, { ...drawn, saved: new Map() })).toBe(false);
    expect(sameCard(drawn, { ...drawn, reminders: { views: new Map(), onRemind } })).toBe(false);
    expect(sameCard(drawn, { ...drawn, reminders: { views: drawn.reminders!.views, onRemind: () => undefined } })).toBe(
      false,
    );
    expect(sameCard(drawn, { ...drawn, onSave: () => undefined })).toBe(false);
    expect(sameCard(drawn, { ...drawn, surface: 'Juno' })).toBe(false);
    expect(sameCard(drawn, { ...drawn, shortcut: 'Alt+Shift+A' })).toBe(false);
    expect(sameCard(drawn, { ...drawn, error: 'offline' })).toBe(false);
  });
});
