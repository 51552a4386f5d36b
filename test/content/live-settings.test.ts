// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';

const send = vi.fn();
vi.mock('../../src/browser/send.ts', () => ({ send: (...args: unknown[]) => send(...args) }));
const { LiveSettings } = await import('../../src/content/live-settings.ts');

function focus(isTrusted: boolean): Event {
  const event = new FocusEvent('focus');
  if (isTrusted) Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

describe('the settings a page knows', () => {
  it('are asked again when the window really gets focus, not when a page says it did', async () => {
    const controller = new AbortController();
    const live = new LiveSettings({ ...DEFAULT_SETTINGS }, controller.signal);
    const seen: boolean[] = [];
    live.watch((s) => seen.push(s.underlineOnlyWithKey));
    send.mockResolvedValue({ ...DEFAULT_SETTINGS, underlineOnlyWithKey: true });
    window.dispatchEvent(focus(false));
    await Promise.resolve();
    expect(send).not.toHaveBeenCalled();
    window.dispatchEvent(focus(true));
    await vi.waitFor(() => expect(live.current.underlineOnlyWithKey).toBe(true));
    expect(send).toHaveBeenCalledWith('getSettings', {});
    expect(seen).toEqual([false, true]);
    controller.abort();
  });

  it('keep what they have when the background cannot answer (the defaults could show what the reader hid)', async () => {
    const controller = new AbortController();
    const live = new LiveSettings({ ...DEFAULT_SETTINGS, underlineOnlyWithKey: true }, controller.signal);
    send.mockReset();
    send.mockRejectedValue(new Error('no worker'));
    window.dispatchEvent(focus(true));
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 0));
    expect(live.current.underlineOnlyWithKey).toBe(true);
    controller.abort();
  });
});
