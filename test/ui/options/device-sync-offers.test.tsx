// @vitest-environment happy-dom
// What another browser asked for and this one does only on a click: the click sends it.
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { DeviceSyncOffers } from '../../../src/ui/options/device-sync-offers.tsx';
import { mount } from '../mount.ts';
import { syncStatus } from './sync-status.ts';

// The feed button's permission request loads webextension-polyfill, which wants an extension id.
const sendMessage = vi.hoisted(() => {
  const fn = vi.fn(async () => ({ result: {} }));
  (globalThis as unknown as { chrome: { runtime?: unknown } }).chrome.runtime = { id: 'test', sendMessage: fn };
  return fn;
});

describe('device sync offers', () => {
  it('offers a privacy setting another browser turned off, and turns it off here only on the click', async () => {
    const done = vi.fn();
    const root = mount(
      <DeviceSyncOffers
        status={syncStatus({ offeredSettings: [{ name: 'underlineOnlyWithKey', value: false }] })}
        onDone={done}
      />,
    );
    expect(root.textContent).toContain(
      'Another browser turned off “Underline titles only while I hold the key”. It stays on here until you turn it off.',
    );
    expect(sendMessage).not.toHaveBeenCalled();
    await act(async () => root.querySelector('button')!.click());
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith(null));
    expect(sendMessage).toHaveBeenCalledWith({
      type: 'setSettings',
      params: { patch: { underlineOnlyWithKey: false } },
    });
  });

  it('offers each feed, saying whether the click asks for the permission', () => {
    const root = mount(
      <DeviceSyncOffers
        status={syncStatus({
          waitingFeeds: ['https://a.example/a.ics', 'https://b.example/b.ics'],
          allowedFeeds: ['https://a.example/a.ics'],
        })}
        onDone={() => undefined}
      />,
    );
    expect([...root.querySelectorAll('li')].map((li) => li.querySelector('button')?.textContent)).toEqual([
      'Subscribe here too',
      'Allow and subscribe',
    ]);
  });
});
