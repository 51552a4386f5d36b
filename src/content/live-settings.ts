import { send } from '../browser/send.ts';
import type { Settings } from '../core/settings.ts';

/**
 * The display settings as this page knows them. A change made in the options page shows when
 * the reader comes back to the tab: they are asked again on a (trusted) focus of the window.
 */
export class LiveSettings {
  #current: Settings;
  readonly #watchers: ((settings: Settings) => void)[] = [];

  constructor(initial: Settings, signal: AbortSignal) {
    this.#current = initial;
    window.addEventListener(
      'focus',
      (event) => {
        if (event.isTrusted) void this.#reload(signal);
      },
      { signal },
    );
  }

  get current(): Settings {
    return this.#current;
  }

  /** Hears every change; called at once with the current settings. */
  watch(watcher: (settings: Settings) => void): void {
    this.#watchers.push(watcher);
    watcher(this.#current);
  }

  /** A failed read keeps what we have: falling back to the defaults could underline titles the reader hid. */
  async #reload(signal: AbortSignal): Promise<void> {
    const next = await send('getSettings', {}).catch(() => null);
    if (!next || signal.aborted) return;
    this.#current = next;
    for (const watcher of this.#watchers) watcher(next);
  }
}
