import { afterEach, describe, expect, it, vi } from 'vitest';
import { asking, Slicer, yieldToPage } from '../../src/content/slices.ts';

type Kind = 'message' | 'timer';

/** A task queued now, of the pause's kind: resolves when it runs. */
function postedTask(order: string[], name: string, kind: Kind): Promise<void> {
  return new Promise((done) => {
    const run = (): void => {
      order.push(name);
      done();
    };
    if (kind === 'timer') return void setTimeout(run, 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      run();
    };
    channel.port2.postMessage(null);
  });
}

/** A findTitles request out to the worker until `answer()`. */
function requestOut(): { answer: () => Promise<void>; fail: () => Promise<void> } {
  let resolve!: () => void;
  let reject!: (reason: unknown) => void;
  const request = asking(new Promise<void>((yes, no) => ((resolve = yes), (reject = no))));
  request.catch(() => undefined);
  const settled = async (): Promise<void> => {
    await request.catch(() => undefined);
    await Promise.resolve();
  };
  return {
    answer: () => (resolve(), settled()),
    fail: () => (reject(new Error('worker gone')), settled()),
  };
}

afterEach(() => vi.restoreAllMocks());

describe.each([
  ['no findTitles request out: a posted message', 'message', false],
  ['a findTitles request out: a timer', 'timer', true],
] as const)("yieldToPage: the content script's pause between slices, with %s", (_, kind, out) => {
  it('resolves in a later task, after the tasks queued before it', async () => {
    const request = out ? requestOut() : null;
    const order: string[] = [];
    const earlier = postedTask(order, 'queued before', kind);
    const paused = yieldToPage(new AbortController().signal).then(() => order.push('pause over'));
    await Promise.resolve();
    order.push('same task, after its microtasks');
    await Promise.all([earlier, paused]);
    expect(order).toEqual(['same task, after its microtasks', 'queued before', 'pause over']);
    await request?.answer();
  });

  it('rejects with the reason when the signal is aborted during the pause', async () => {
    const request = out ? requestOut() : null;
    const controller = new AbortController();
    const paused = yieldToPage(controller.signal);
    controller.abort(new Error('page left'));
    await expect(paused).rejects.toThrow('page left');
    // Control: the same pause, not aborted, resolves.
    await expect(yieldToPage(new AbortController().signal)).resolves.toBeUndefined();
    await request?.answer();
  });
});

describe('asking: the pause is a timer only while a findTitles request is out', () => {
  it('pauses with a timer while one is out, with a message once it is answered or failed', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const signal = new AbortController().signal;
    // Control: nothing out, no timer.
    await yieldToPage(signal);
    expect(timers).not.toHaveBeenCalled();

    const first = requestOut();
    const second = requestOut();
    await yieldToPage(signal);
    expect(timers).toHaveBeenCalledTimes(1);
    await first.answer();
    // One still out.
    await yieldToPage(signal);
    expect(timers).toHaveBeenCalledTimes(2);
    await second.fail();
    await yieldToPage(signal);
    expect(timers).toHaveBeenCalledTimes(2);
  });

  it('hands the request back as it settles', async () => {
    await expect(asking(Promise.resolve(7))).resolves.toBe(7);
    await expect(asking(Promise.reject(new Error('no worker')))).rejects.toThrow('no worker');
  });
});

describe('Slicer', () => {
  it('pauses only once the slice has used its time, then starts a new slice', async () => {
    let clock = 0;
    const order: string[] = [];
    const slicer = new Slicer(new AbortController().signal, 8, () => clock);
    clock = 7;
    const early = slicer.pause().then(() => order.push('early pause over'));
    const task = postedTask(order, 'a task', 'message');
    await early;
    // Not due: the slice goes on in the same task, ahead of the task queued meanwhile.
    expect(order).toEqual(['early pause over']);
    await task;
    clock = 8;
    const laterTask = postedTask(order, 'a later task', 'message');
    await slicer.pause();
    order.push('due pause over');
    await laterTask;
    expect(order).toEqual(['early pause over', 'a task', 'a later task', 'due pause over']);
    expect(slicer.due).toBe(false);
  });
});
