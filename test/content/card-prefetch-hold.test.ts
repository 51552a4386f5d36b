import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardPrefetchHold, MAX_HOLD_MS, RESUME_MS } from '../../src/content/card-prefetch-hold.ts';

const source = () => {
  const hold = vi.fn();
  return { hold, get: vi.fn(), held: () => hold.mock.calls.at(-1)?.[0] as boolean | undefined };
};

afterEach(() => vi.useRealTimers());

describe("the prefetch's hold while a card is on its way", () => {
  it('holds from the rest on a title, and lets go only after the card is shown and its frame painted', () => {
    vi.useFakeTimers();
    const s = source();
    const held = cardPrefetchHold(s);
    held.resting();
    expect(s.held()).toBe(true);
    held.done();
    vi.advanceTimersByTime(RESUME_MS - 1);
    expect(s.held()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(s.held()).toBe(false);
  });

  it('keeps holding when the pointer rests on another title before the last card let go', () => {
    vi.useFakeTimers();
    const s = source();
    const held = cardPrefetchHold(s);
    held.resting();
    held.done();
    held.resting();
    vi.advanceTimersByTime(RESUME_MS * 10);
    expect(s.held()).toBe(true);
    // Control: that card shown, the hold ends.
    held.done();
    vi.advanceTimersByTime(RESUME_MS);
    expect(s.held()).toBe(false);
  });

  it('lets go by itself when a rest never comes to a card or an end', () => {
    vi.useFakeTimers();
    const s = source();
    const held = cardPrefetchHold(s);
    held.resting();
    vi.advanceTimersByTime(MAX_HOLD_MS - 1);
    expect(s.held()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(s.held()).toBe(false);
    // A new rest holds again.
    held.resting();
    expect(s.held()).toBe(true);
  });

  it('asks nothing of a source without a prefetch', () => {
    vi.useFakeTimers();
    const held = cardPrefetchHold({ get: vi.fn() });
    expect(() => {
      held.resting();
      held.done();
      vi.runAllTimers();
    }).not.toThrow();
  });
});
