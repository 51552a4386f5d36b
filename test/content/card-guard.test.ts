// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ACTIVATION_DELAY_MS, CardGuard } from '../../src/content/card-guard.ts';

/** A click the browser made from the real mouse (happy-dom lets a test say so). */
function trusted(type = 'click'): Event {
  const event = new MouseEvent(type);
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

describe('the card guard', () => {
  const host = document.createElement('div');

  it('counts a trusted click only from ACTIVATION_DELAY_MS after the card appeared or moved', () => {
    const guard = new CardGuard(host, () => true);
    expect(guard.check(trusted(), 0)).toBe('refuse'); // never shown
    guard.arm(1_000);
    expect(guard.check(trusted(), 1_000)).toBe('refuse');
    expect(guard.check(trusted(), 1_000 + ACTIVATION_DELAY_MS - 1)).toBe('refuse');
    expect(guard.check(trusted(), 1_000 + ACTIVATION_DELAY_MS)).toBe('allow');
    // Moved: the wait starts again.
    guard.arm(5_000);
    expect(guard.check(trusted(), 5_100)).toBe('refuse');
    expect(guard.check(trusted(), 5_000 + ACTIVATION_DELAY_MS)).toBe('allow');
  });

  it('refuses a click a page script made, however late', () => {
    const guard = new CardGuard(host, () => true);
    guard.arm(0);
    expect(guard.check(new MouseEvent('click'), 60_000)).toBe('refuse');
    expect(guard.check(trusted(), 60_000)).toBe('allow');
  });

  it('calls a card no longer drawn as ours tampered with, even past the delay', () => {
    let drawn = true;
    const guard = new CardGuard(host, () => drawn);
    guard.arm(0);
    expect(guard.check(trusted(), 1_000)).toBe('allow');
    drawn = false;
    expect(guard.check(trusted(), 1_000)).toBe('tampered');
  });
});
