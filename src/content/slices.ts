// Long work in the page is cut into slices that give the main thread back to the page, so
// typing, scrolling and the page's own scripts never wait more than a few milliseconds on us.

/** How long one slice may run before it yields: well under the 50 ms of a "long task". */
export const SLICE_MS = 8;

/**
 * Resolves in a later task; rejects with the signal's reason once it is aborted. A posted
 * message, not scheduler.yield(): Chromium runs yield() continuations ahead of the page's own
 * timers, so a long scan made of short slices still starved the page's setInterval for a
 * second. A MessageChannel's message is an ordinary task (the HTML spec's posted-message task
 * source; in Chromium a queue of the same priority as the page's timers, taken oldest first),
 * so the page's due timers and input still run between two slices. Not a timer either: from
 * the fifth nested setTimeout the browser waits at least 4 ms, a third of the scan's time idle
 * with 8 ms slices while the page had nothing to run.
 */
export function yieldToPage(signal: AbortSignal): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve, reject) => {
    port1.onmessage = () => {
      port1.close();
      if (signal.aborted) reject(signal.reason);
      else resolve();
    };
    port2.postMessage(0);
  });
}

/** Tracks the running slice; `pause()` yields only once the slice has used its time. */
export class Slicer {
  #start: number;

  constructor(
    readonly signal: AbortSignal,
    private readonly budgetMs = SLICE_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    // The first slice starts on the slicer's own clock, as the later ones do.
    this.#start = now();
  }

  get due(): boolean {
    return this.now() - this.#start >= this.budgetMs;
  }

  async pause(): Promise<void> {
    if (this.signal.aborted) throw this.signal.reason;
    if (!this.due) return;
    await yieldToPage(this.signal);
    this.#start = this.now();
  }
}
