// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isKey, keyHeldIn, watchHeldKey } from '../../src/content/held-key.ts';

function key(type: 'keydown' | 'keyup', name: string, isTrusted = true): KeyboardEvent {
  const event = new KeyboardEvent(type, { key: name, bubbles: true });
  if (isTrusted) Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

describe('the held key', () => {
  it('reads the key from event flags and names', () => {
    const flags = { altKey: true, ctrlKey: false, shiftKey: false, metaKey: false };
    expect(keyHeldIn('none', { ...flags, altKey: false })).toBe(true);
    expect(keyHeldIn('alt', flags)).toBe(true);
    expect(keyHeldIn('ctrl', flags)).toBe(false);
    expect(isKey('ctrl', key('keydown', 'Control'))).toBe(true);
    expect(isKey('none', key('keydown', 'Alt'))).toBe(false);
  });

  it('is held from the real keydown to its keyup; keys a page dispatches do nothing', () => {
    const seen: boolean[] = [];
    const controller = new AbortController();
    watchHeldKey(
      () => 'alt',
      (held) => seen.push(held),
      controller.signal,
    );
    window.dispatchEvent(key('keydown', 'Alt', false));
    document.dispatchEvent(key('keydown', 'Alt', false));
    expect(seen).toEqual([]);
    // Positive control: the same key, trusted.
    document.dispatchEvent(key('keydown', 'Alt'));
    expect(seen).toEqual([true]);
    document.dispatchEvent(key('keydown', 'Alt')); // auto-repeat
    document.dispatchEvent(key('keyup', 'Alt', false));
    expect(seen).toEqual([true]);
    document.dispatchEvent(key('keyup', 'Alt'));
    expect(seen).toEqual([true, false]);
    controller.abort();
  });

  it('lets go when the window loses focus, and ignores other keys', () => {
    const seen: boolean[] = [];
    const controller = new AbortController();
    watchHeldKey(
      () => 'shift',
      (held) => seen.push(held),
      controller.signal,
    );
    document.dispatchEvent(key('keydown', 'Alt'));
    expect(seen).toEqual([]);
    document.dispatchEvent(key('keydown', 'Shift'));
    const blur = new FocusEvent('blur');
    window.dispatchEvent(blur); // untrusted: ignored
    expect(seen).toEqual([true]);
    const realBlur = new FocusEvent('blur');
    Object.defineProperty(realBlur, 'isTrusted', { value: true });
    window.dispatchEvent(realBlur);
    expect(seen).toEqual([true, false]);
    controller.abort();
  });
});
