import type { ModifierKey } from '../core/settings.ts';

type Key = Exclude<ModifierKey, 'none'>;
export type ModifierFlags = { altKey: boolean; ctrlKey: boolean; shiftKey: boolean; metaKey: boolean };

const FLAG: Record<Key, keyof ModifierFlags> = { alt: 'altKey', ctrl: 'ctrlKey', shift: 'shiftKey', meta: 'metaKey' };
const NAME: Record<Key, string> = { alt: 'Alt', ctrl: 'Control', shift: 'Shift', meta: 'Meta' };

/** The key is down in this mouse or key event (always true for 'none'). */
export function keyHeldIn(key: ModifierKey, event: ModifierFlags): boolean {
  return key === 'none' || event[FLAG[key]];
}

/** This key event is the key itself going down or up. */
export function isKey(key: ModifierKey, event: { key: string }): boolean {
  return key !== 'none' && event.key === NAME[key];
}

/**
 * Tells whether the reader holds the key `key()` names. Only trusted events count: a page can
 * dispatch a keydown, it cannot press a key. The key counts as released on its keyup, when
 * the window loses focus (the keyup then goes elsewhere), when the tab is hidden, and when a
 * mouse event says it is up.
 */
export function watchHeldKey(key: () => ModifierKey, onChange: (held: boolean) => void, signal: AbortSignal): void {
  let held = false;
  const set = (now: boolean) => {
    if (now === held) return;
    held = now;
    onChange(now);
  };
  const options = { capture: true, passive: true, signal };
  const onKey = (event: KeyboardEvent) => {
    if (event.isTrusted && isKey(key(), event)) set(event.type === 'keydown');
  };
  window.addEventListener('keydown', onKey, options);
  window.addEventListener('keyup', onKey, options);
  window.addEventListener(
    'mousemove',
    (event) => {
      const now = key();
      if (event.isTrusted && now !== 'none') set(keyHeldIn(now, event));
    },
    options,
  );
  // Not capturing: an element's blur reaches the window only in the capture phase.
  window.addEventListener('blur', (event) => event.isTrusted && set(false), { passive: true, signal });
  document.addEventListener('visibilitychange', () => document.hidden && set(false), options);
}
