// @vitest-environment happy-dom
// The sync switch shows what the worker keeps: it moves once the change is saved, and a change
// the worker refuses leaves it where it was, with the error.
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { DeviceSyncPanel } from '../../../src/ui/options/device-sync-panel.tsx';
import { mount } from '../mount.ts';
import { syncStatus } from './sync-status.ts';

type Reply = { result?: unknown; error?: string };
const replies = vi.hoisted(() => ({ set: null as null | (() => Promise<Reply>), sets: [] as unknown[] }));
vi.hoisted(() => {
  const chrome = (globalThis as unknown as { chrome: { runtime?: unknown; storage?: unknown } }).chrome;
  // The panel reads again after a data change (useDataRevision): nothing changes here.
  chrome.storage = { onChanged: { addListener: () => undefined, removeListener: () => undefined } };
  chrome.runtime = {
    id: 'test',
    sendMessage: async (message: { type: string; params: unknown }): Promise<Reply> => {
      if (message.type === 'setDeviceSync') {
        replies.sets.push(message.params);
        return replies.set!();
      }
      // Read when the panel asks, after the imports: the status with nothing to say.
      return { result: syncStatus({}) };
    },
  };
});

const settle = () => act(() => new Promise((done) => setTimeout(done, 0)));

async function panel() {
  const root = mount(<DeviceSyncPanel />);
  await settle();
  const input = root.querySelector<HTMLInputElement>('input[role="switch"]')!;
  expect(input.disabled).toBe(false);
  expect(input.checked).toBe(true);
  return { root, input };
}

describe('the device-sync switch', () => {
  it('turns off once the worker has saved it off, not before', async () => {
    let save!: (reply: Reply) => void;
    replies.set = () => new Promise((done) => (save = done));
    const { input } = await panel();
    await act(() => input.click());
    expect(replies.sets.at(-1)).toEqual({ enabled: false });
    // Not saved yet: still on, and not to be clicked again meanwhile.
    expect(input.checked).toBe(true);
    expect(input.disabled).toBe(true);
    save({ result: syncStatus({ enabled: false }) });
    await settle();
    expect(input.checked).toBe(false);
    expect(input.disabled).toBe(false);
  });

  it('stays on, with the error, when the worker refuses the change', async () => {
    replies.set = async () => ({ error: 'The disk is full' });
    const { root, input } = await panel();
    await act(() => input.click());
    await settle();
    expect(input.checked).toBe(true);
    expect(input.disabled).toBe(false);
    expect(root.textContent).toContain('The disk is full');
    // Positive control: a change the worker keeps moves it.
    replies.set = async () => ({ result: syncStatus({ enabled: false }) });
    await act(() => input.click());
    await settle();
    expect(input.checked).toBe(false);
  });
});
