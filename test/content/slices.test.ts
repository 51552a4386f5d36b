import { describe, expect, it } from 'vitest';
import { Slicer, yieldToPage } from '../../src/content/slices.ts';

/** A task queued now (a timer, as the pause's): resolves when it runs. */
function postedTask(order: string[], name: string): Promise<void> {
  return new Promise((done) =>
    setTimeout(() => {
      order.push(name);
      done();
    }, 0),
  );
}

describe("yieldToPage: the content script's pause between slices", () => {
  it('resolves in a later task, after the tasks queued before it', async () => {
    const order: string[] = [];
    const earlier = postedTask(order, 'queued before');
    const paused = yieldToPage(new AbortController().signal).then(() => order.push('pause over'));
    await Promise.resolve();
    order.push('same task, after its microtasks');
    await Promise.all([earlier, paused]);
    expect(order).toEqual(['same task, after its microtasks', 'queued before', 'pause over']);
  });

  it('rejects with the reason when the signal is aborted during the pause', async () => {
    const controller = new AbortController();
    const paused = yieldToPage(controller.signal);
    controller.abort(new Error('page left'));
    await expect(paused).rejects.toThrow('page left');
    // Control: the same pause, not aborted, resolves.
    await expect(yieldToPage(new AbortController().signal)).resolves.toBeUndefined();
  });
});

describe('Slicer', () => {
  it('pauses only once the slice has used its time, then starts a new slice', async () => {
    let clock = 0;
    const order: string[] = [];
    const slicer = new Slicer(new AbortController().signal, 8, () => clock);
    clock = 7;
    const early = slicer.pause().then(() => order.push('early pause over'));
    const task = postedTask(order, 'a task');
    await early;
    // Not due: the slice goes on in the same task, ahead of the task queued meanwhile.
    expect(order).toEqual(['early pause over']);
    await task;
    clock = 8;
    const laterTask = postedTask(order, 'a later task');
    await slicer.pause();
    order.push('due pause over');
    await laterTask;
    expect(order).toEqual(['early pause over', 'a task', 'a later task', 'due pause over']);
    expect(slicer.due).toBe(false);
  });
});
