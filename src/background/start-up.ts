// Issue 28: a stopped worker is usually woken by a page's first request, and everything it starts
// at its top level competes with that request for the CPU, for IndexedDB and for the browser's
// extension APIs. The start-up work no request needs (reminders rebuilt, the sync alarm set
// again, a device-sync round) waits here until the requests that woke the worker are answered,
// or until none came within a grace (a wake by an alarm): it is deferred, never dropped.

import { timed } from './dev-marks.ts';

/**
 * How long after the worker's start the deferred work waits for a request that has not come:
 * the event that woke the worker is delivered after the bundle's evaluation, up to some hundreds
 * of ms later on a busy machine (issue 28's trace), and a wake by an alarm loses only this.
 */
export const START_UP_GRACE_MS = 2_000;
/** The longest the deferred work waits, however many requests keep the worker busy. */
export const START_UP_MAX_WAIT_MS = 5_000;

export interface StartUpDeps {
  /** Schedules `run` after `ms`: setTimeout in the worker, a fake clock in tests. */
  later: (run: () => void, ms: number) => void;
  /** Milliseconds, for `lastRequest`. */
  now?: () => number;
  graceMs?: number;
  maxWaitMs?: number;
}

export interface StartUp {
  /** Runs `task` once the requests that woke the worker are answered (or none came within the grace). */
  defer(name: string, task: () => Promise<unknown>): void;
  /** Answers one request (a message): the deferred work waits until no request is left unanswered. */
  request<T>(answer: () => Promise<T>): Promise<T>;
  /** When a request was last being answered: now while one is, else when the last was answered. */
  lastRequest(): number;
  /** True once the deferred work has been let go. */
  readonly released: boolean;
}

export function startUp({
  later,
  now = () => performance.now(),
  graceMs = START_UP_GRACE_MS,
  maxWaitMs = START_UP_MAX_WAIT_MS,
}: StartUpDeps): StartUp {
  const waiting: Array<{ name: string; task: () => Promise<unknown> }> = [];
  let released = false;
  let letGo = false;
  let asking = 0;
  let answeredAt = -Infinity;
  const release = (): void => {
    if (letGo) return;
    letGo = true;
    // A task of its own: the reply that let the work go is sent before the work starts.
    later(() => {
      released = true;
      for (const { name, task } of waiting.splice(0)) run(name, task);
    }, 0);
  };
  later(() => {
    if (asking === 0) release(); // else the last answer releases it
  }, graceMs);
  later(release, maxWaitMs);
  return {
    defer(name, task) {
      if (released) run(name, task);
      else waiting.push({ name, task });
    },
    async request(answer) {
      asking++;
      try {
        return await answer();
      } finally {
        answeredAt = now();
        if (--asking === 0) release();
      }
    },
    lastRequest: () => (asking > 0 ? now() : answeredAt),
    get released() {
      return released;
    },
  };
}

/** One deferred task: its failure is logged with its name, and in development builds it is measured. */
function run(name: string, task: () => Promise<unknown>): void {
  void timed(`start-up:${name}`, task).catch((error: unknown) =>
    console.error(`Afterparty: the start-up task "${name}" failed`, error),
  );
}
