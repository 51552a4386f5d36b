import { describe, expect, it } from 'vitest';
import { matchQueue, nextTask } from '../../src/background/match-queue.ts';

/** A queue on a fake clock where each step takes 1 ms, and a log of steps and pauses. */
function setup(sliceMs = 4) {
  let clock = 0;
  const log: string[] = [];
  const queue = matchQueue({
    now: () => clock,
    pause: async () => void log.push('|'),
    sliceMs,
  });
  const steps = (name: string) => (i: number) => {
    clock += 1;
    log.push(`${name}${i}`);
  };
  return { queue, log, steps };
}

describe('matchQueue: batches in slices, one sender after another', () => {
  it('serves senders in turn, so a short batch is not kept behind a long one', async () => {
    const { queue, log, steps } = setup();
    const long = queue.run('tab1/0', 12, steps('a'));
    const short = queue.run('tab2/0', 3, steps('b'));
    await Promise.all([long, short]);
    expect(log.join(' ')).toBe('a0 a1 a2 a3 | a4 a5 a6 a7 | b0 b1 b2 | a8 a9 a10 a11 |');
  });

  it('pauses after every slice, so messages that are not queued run after one slice at most', async () => {
    const { queue, log, steps } = setup(3);
    await queue.run('tab1/0', 10, steps('a'));
    const runs = log
      .join(' ')
      .split('|')
      .map((s) => s.trim().split(' ').filter(Boolean).length);
    expect(Math.max(...runs)).toBe(3);
    expect(log.filter((s) => s !== '|')).toHaveLength(10);
  });

  it('keeps one sender’s batches in order, and a failing batch fails alone', async () => {
    const { queue, log, steps } = setup();
    const first = queue.run('tab1/0', 2, steps('a'));
    const broken = queue.run('tab1/0', 5, (i) => {
      if (i === 1) throw new Error('bad block');
    });
    const third = queue.run('tab1/0', 2, steps('c'));
    await expect(broken).rejects.toThrow('bad block');
    await Promise.all([first, third]);
    expect(log.filter((s) => s !== '|')).toEqual(['a0', 'a1', 'c0', 'c1']);
  });

  it('answers an empty batch at once and serves batches that come later', async () => {
    const { queue, log, steps } = setup();
    await queue.run('tab1/0', 0, steps('a'));
    await queue.run('tab1/0', 1, steps('b'));
    expect(log).toEqual(['b0', '|']);
  });
});

describe('nextTask: the worker queue’s pause between slices', () => {
  it('resolves in a later task, after the tasks queued before it', async () => {
    const order: string[] = [];
    const before = new MessageChannel();
    const earlier = new Promise<void>((done) => {
      before.port1.onmessage = () => {
        order.push('queued before');
        before.port1.close();
        done();
      };
    });
    before.port2.postMessage(null);
    const paused = nextTask().then(() => order.push('pause over'));
    order.push('same task');
    await Promise.all([earlier, paused]);
    expect(order).toEqual(['same task', 'queued before', 'pause over']);
  });
});
