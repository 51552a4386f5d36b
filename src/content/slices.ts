// Long work in the page is cut into slices that give the main thread back to the page, so
// typing, scrolling and the page's own scripts never wait more than a few milliseconds on us.

/** How long one slice may run before it yields: well under the 50 ms of a "long task". */
export const SLICE_MS = 8;

/**
 * Resolves in a later task; rejects with the signal's reason once it is aborted. A timer,
 * not scheduler.yield(): Chromium runs yield() continuations ahead of the page's own timers,
 * so a long scan made of short slices still starved the page's setInterval for a second.
 * A timer queues behind the page's due timers, and the browser's 4 ms clamp on nested
 * timers leaves the page a third of the main thread even while we are busy. Not a
 * MessageChannel post either (an ordinary task too, with no clamp): on a busy machine the
 * page's renderer then never sleeps, and Chromium runs the extension's worker at a lower
 * process priority, so the worker's answers came later and the 2 MB article's last underline
 * with them (docs/performance.md, "Issue 28: the page's bytes, pause and card").
 */
export function yieldToPage(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    setTimeout(() => (signal.aborted ? reject(signal.reason) : resolve()), 0);
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
