import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/core/settings.ts';
import { CLOSE_DELAY_MS, HoverPointer, type HoverTarget } from '../../src/content/hover-pointer.ts';
import type { FoundTitle } from '../../src/content/page-scan.ts';

// Plain fakes: a page with one title at x 0-99 (y 0) and another at x 200-299, and a card at x 500-599.
const crash = { surface: 'Crash' } as FoundTitle;
const up = { surface: 'Up' } as FoundTitle;
const rect = {} as DOMRect;
const TITLE = 50;
const OTHER_TITLE = 250;
const IN_CARD = 550;
const NOWHERE = 900;

function page(settings: Partial<Settings> = {}) {
  const log: string[] = [];
  const card = { isOpen: false, hasFocus: false, contains: (x: number) => x >= 500 && x < 600 };
  let shown: FoundTitle | null = null;
  const target: HoverTarget = {
    hits: {
      at: (x) => (x < 100 ? { title: crash, rect } : x >= 200 && x < 300 ? { title: up, rect } : null),
    },
    card,
    settings: () => ({ ...DEFAULT_SETTINGS, ...settings }),
    shown: () => shown,
    prepare: (title) => log.push(`prepare ${title.surface}`),
    forget: () => log.push('forget'),
    open: (title) => {
      log.push(`open ${title.surface}`);
      card.isOpen = true;
      shown = title;
    },
    close: () => {
      log.push('close');
      pointer.stop();
      card.isOpen = false;
      shown = null;
    },
    now: () => Date.now(),
    frames: { request: (run) => (run(), 1), cancel: () => undefined },
  };
  const pointer = new HoverPointer(target);
  const flags = { altKey: false, ctrlKey: false, shiftKey: false, metaKey: false };
  const move = (x: number, held: Partial<typeof flags> = {}) =>
    pointer.moved({ ...flags, ...held, clientX: x, clientY: 0, timeStamp: Date.now() });
  const opened = () => log.filter((entry) => entry.startsWith('open'));
  const closed = () => log.filter((entry) => entry === 'close').length;
  return { pointer, card, log, move, opened, closed };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the hover pointer', () => {
  it('opens a title’s card once the hover delay has passed, asking for its content at once', () => {
    const { move, log, opened } = page({ hoverDelay: 300 });
    move(TITLE);
    expect(log).toEqual(['prepare Crash']);
    vi.advanceTimersByTime(299);
    expect(opened()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(opened()).toEqual(['open Crash']);
  });

  it('opens nothing when the pointer leaves before the delay ends', () => {
    const { move, log, opened } = page({ hoverDelay: 300 });
    move(TITLE);
    vi.advanceTimersByTime(200);
    move(NOWHERE);
    vi.advanceTimersByTime(1_000);
    expect(opened()).toEqual([]);
    expect(log).toContain('forget');
    // Control: resting there opens it.
    move(TITLE);
    vi.advanceTimersByTime(300);
    expect(opened()).toEqual(['open Crash']);
  });

  it('counts the delay from when the pointer came to rest, not from the frame that looked', () => {
    const { pointer, opened } = page({ hoverDelay: 300 });
    const restedAt = Date.now();
    vi.advanceTimersByTime(200);
    pointer.moved({
      altKey: false,
      ctrlKey: false,
      shiftKey: false,
      metaKey: false,
      clientX: TITLE,
      clientY: 0,
      timeStamp: restedAt,
    });
    vi.advanceTimersByTime(99);
    expect(opened()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(opened()).toEqual(['open Crash']);
  });

  it('keeps the card while the pointer is on its title or in the card, and closes it a grace period after it leaves', () => {
    const { move, closed } = page({ hoverDelay: 0 });
    move(TITLE);
    vi.advanceTimersByTime(0);
    move(IN_CARD);
    vi.advanceTimersByTime(5_000);
    move(TITLE);
    vi.advanceTimersByTime(5_000);
    expect(closed()).toBe(0);
    // Control: leaving both closes it, after the grace period.
    move(NOWHERE);
    vi.advanceTimersByTime(CLOSE_DELAY_MS - 1);
    expect(closed()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(closed()).toBe(1);
  });

  it('keeps the card when the pointer crosses the gap to it within the grace period', () => {
    const { move, closed } = page({ hoverDelay: 0 });
    move(TITLE);
    vi.advanceTimersByTime(0);
    move(NOWHERE);
    vi.advanceTimersByTime(CLOSE_DELAY_MS - 1);
    move(IN_CARD);
    vi.advanceTimersByTime(5_000);
    expect(closed()).toBe(0);
    // Control: the same gap, not crossed, closes it.
    move(NOWHERE);
    vi.advanceTimersByTime(CLOSE_DELAY_MS);
    expect(closed()).toBe(1);
  });

  it('keeps a card that has focus when the pointer leaves', () => {
    const { move, card, closed } = page({ hoverDelay: 0 });
    move(TITLE);
    vi.advanceTimersByTime(0);
    card.hasFocus = true;
    move(NOWHERE);
    vi.advanceTimersByTime(5_000);
    expect(closed()).toBe(0);
    // Control: without focus, it closes.
    card.hasFocus = false;
    move(NOWHERE);
    vi.advanceTimersByTime(CLOSE_DELAY_MS);
    expect(closed()).toBe(1);
  });

  it('moves the card to another title after that title’s delay', () => {
    const { move, opened } = page({ hoverDelay: 200 });
    move(TITLE);
    vi.advanceTimersByTime(200);
    move(OTHER_TITLE);
    vi.advanceTimersByTime(199);
    expect(opened()).toEqual(['open Crash']);
    vi.advanceTimersByTime(1);
    expect(opened()).toEqual(['open Crash', 'open Up']);
  });

  // As it was before the split: leaving the first title starts its grace period, and closing
  // stops the other title's delay, so with a delay past CLOSE_DELAY_MS the card closes and the
  // next title's opens on the next move over it.
  it('with a delay past the grace period, closes the first card and waits for the next move', () => {
    const { move, opened, closed } = page({ hoverDelay: 300 });
    move(TITLE);
    vi.advanceTimersByTime(300);
    move(OTHER_TITLE);
    vi.advanceTimersByTime(5_000);
    expect(closed()).toBe(1);
    expect(opened()).toEqual(['open Crash']);
    move(OTHER_TITLE);
    vi.advanceTimersByTime(300);
    expect(opened()).toEqual(['open Crash', 'open Up']);
  });

  it('closes on Escape, and Escape does nothing while no card is open', () => {
    const { pointer, move, closed } = page({ hoverDelay: 0 });
    pointer.keyDown({ key: 'Escape' });
    expect(closed()).toBe(0);
    move(TITLE);
    vi.advanceTimersByTime(0);
    pointer.keyDown({ key: 'Enter' });
    expect(closed()).toBe(0);
    pointer.keyDown({ key: 'Escape' });
    expect(closed()).toBe(1);
  });

  it('with a modifier key chosen, opens only while it is held, or when it is pressed over a title', () => {
    const { move, opened } = page({ hoverDelay: 0, modifierKey: 'alt' });
    move(TITLE);
    move(TITLE, { ctrlKey: true });
    vi.advanceTimersByTime(5_000);
    expect(opened()).toEqual([]);
    // Control: with the key held, it opens.
    move(TITLE, { altKey: true });
    vi.advanceTimersByTime(0);
    expect(opened()).toEqual(['open Crash']);

    const pressed = page({ hoverDelay: 0, modifierKey: 'alt' });
    pressed.move(TITLE);
    pressed.pointer.keyDown({ key: 'Control' });
    vi.advanceTimersByTime(5_000);
    expect(pressed.opened()).toEqual([]);
    pressed.pointer.keyDown({ key: 'Alt' });
    vi.advanceTimersByTime(0);
    expect(pressed.opened()).toEqual(['open Crash']);
  });

  it('holds the key "underline only while held" implies when no key is chosen', () => {
    const { move, opened } = page({ hoverDelay: 0, modifierKey: 'none', underlineOnlyWithKey: true });
    move(TITLE);
    vi.advanceTimersByTime(5_000);
    expect(opened()).toEqual([]);
    move(TITLE, { altKey: true });
    vi.advanceTimersByTime(0);
    expect(opened()).toEqual(['open Crash']);
  });

  it('opens nothing once the card is closed and its timers stopped', () => {
    const { pointer, move, opened } = page({ hoverDelay: 300 });
    move(TITLE);
    pointer.stop();
    vi.advanceTimersByTime(5_000);
    expect(opened()).toEqual([]);
    // Control: not stopped, it opens.
    move(TITLE);
    vi.advanceTimersByTime(300);
    expect(opened()).toEqual(['open Crash']);
  });
});
