// Issue 26 item 3: a batch of a page's text was matched in one go (up to 1,000,000 characters),
// and meanwhile every other sender waited, the popup included. Batches are matched here a
// slice at a time, one sender's slice after another's, and the worker's event loop runs between
// slices, so a message that is not queued (the popup's findFilms, previewPageEvents,
// previewInvitation) is answered after at most one slice, and one frame's batches cannot
// starve another frame's.

import { findPacked, MatchPacker, type Matcher, type PackedMatches, type TextBlock } from '../core/matching/index.ts';
import type { SenderContext } from './handlers/types.ts';

export interface MatchQueueDeps {
  /** Milliseconds, for the slice's budget. */
  now: () => number;
  /** Lets the event loop run other tasks: a macrotask in the worker. */
  pause: () => Promise<void>;
  /** How long one slice may match before the next sender's turn. */
  sliceMs?: number;
}

interface Job {
  count: number;
  step: (i: number) => void;
  done: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface MatchQueue {
  /** Runs `step(0)` … `step(count - 1)` in `sender`'s turns; resolves once all have run. */
  run(sender: string, count: number, step: (i: number) => void): Promise<void>;
}

export function matchQueue({ now, pause, sliceMs = 8 }: MatchQueueDeps): MatchQueue {
  // In order of turn: a Map iterates in insertion order. Each sender's jobs run in order.
  const waiting = new Map<string, Job[]>();
  let draining = false;

  const slice = (jobs: Job[]): void => {
    const job = jobs[0]!;
    const until = now() + sliceMs;
    try {
      do job.step(job.done++);
      while (job.done < job.count && now() < until);
    } catch (error) {
      job.done = job.count;
      jobs.shift();
      job.reject(error);
      return;
    }
    if (job.done < job.count) return;
    jobs.shift();
    job.resolve();
  };

  const drain = async (): Promise<void> => {
    draining = true;
    while (waiting.size > 0) {
      const [sender, jobs] = waiting.entries().next().value!;
      // The sender served goes to the back of the line.
      waiting.delete(sender);
      slice(jobs);
      if (jobs.length > 0) waiting.set(sender, jobs);
      await pause();
    }
    draining = false;
  };

  return {
    run(sender, count, step) {
      if (count === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const jobs = waiting.get(sender) ?? [];
        jobs.push({ count, step, done: 0, resolve, reject });
        waiting.set(sender, jobs);
        if (!draining) void drain();
      });
    },
  };
}

/**
 * A later task, through a message to ourselves: the worker's other messages, queued before it,
 * run first. Not a timer: a timer set from a timer's task is nested, and after five the browser
 * waits at least 4 ms, a fifth of every 16 ms slice spent idle while a page waits on its batch.
 */
export function nextTask(): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** The worker's queue: a task between slices lets the worker's other messages in. */
export const workerMatchQueue = (): MatchQueue =>
  matchQueue({ now: () => performance.now(), pause: nextTask, sliceMs: 16 });

/**
 * The matches of `blocks`, found in the sending frame's turns and packed as a page is sent
 * them: the matcher packs each block's own (findPacked), with no match objects in between.
 */
export async function findInTurns(
  queue: MatchQueue,
  from: SenderContext | undefined,
  matcher: Matcher,
  blocks: readonly TextBlock[],
): Promise<PackedMatches> {
  const packer = new MatchPacker();
  await queue.run(from?.frame ?? '', blocks.length, (i) => findPacked(matcher, blocks[i]!, packer));
  return packer.packed();
}
