// Long work in the page is cut into slices that give the main thread back to the page, so
// typing, scrolling and the page's own scripts never wait more than a few milliseconds on us.

/** How long one slice may run before it yields: well under the 50 ms of a "long task". */
export const SLICE_MS = 8;

/** findTitles requests out to the worker (`asking`). */
let out = 0;

/** Counts `request` as out to the worker until it settles: the pause is a timer meanwhile. */
export function asking<T>(request: Promise<T>): Promise<T> {
  out++;
  const settled = (): void => void out--;
  request.then(settled, settled);
  return request;
}

/**
 * Resolves in a later task; rejects with the signal's reason once it is aborted. Never
 * scheduler.yield(): Chromium runs yield() continuations ahead of the page's own timers, so a
 * long scan made of short slices still starved the page's setInterval for a second. Both
 * pauses below are ordinary tasks, queued behind the page's due timers and input.
 * While a findTitles request is out, a timer: the browser's 4 ms clamp on nested timers leaves
 * the renderer idle a third of the time, and on a busy machine the extension's worker (a lower
 * process priority in Chromium) needs that CPU to answer; with a posted message throughout,
 * the 2 MB article's last underline came later (docs/performance.md, "Issue 28: the page's
 * bytes, pause and card"). Otherwise nothing waits on the worker, and a MessageChannel post,
 * unclamped, gives the page's own work that third.
 */
export function yieldToPage(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const go = (): void => (signal.aborted ? reject(signal.reason) : resolve());
    if (out > 0) return void setTimeout(go, 0);
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      go();
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
