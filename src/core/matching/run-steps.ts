/** Work made in slices: yields between slices, returns its result. */
export type Steps<T> = Generator<void, T, void>;

/**
 * Work made in slices (a generator that yields between slices and returns its result), run to
 * its end at once: for callers that have no page's request to let go first (tests, Node's CLI).
 */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
