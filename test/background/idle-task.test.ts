import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleTask } from '../../src/background/idle-task.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('idleTask', () => {
  it("asks the browser's scheduler for a background task where it has one", async () => {
    const postTask = vi.fn((task: () => void) => Promise.resolve(task()));
    vi.stubGlobal('scheduler', { postTask });
    await idleTask();
    expect(postTask).toHaveBeenCalledWith(expect.any(Function), { priority: 'background' });
  });

  it('falls back to a timer without one, settling only once the timer ran', async () => {
    vi.stubGlobal('scheduler', undefined);
    vi.useFakeTimers();
    let settled = false;
    const task = idleTask().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.runAllTimersAsync();
    await task;
    expect(settled).toBe(true);
  });
});
