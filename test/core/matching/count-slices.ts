import type { Steps } from '../../../src/core/matching/run-steps.ts';

/** `steps` run to their end, with how many slices they took (the last, which returns, counted). */
export function countSlices<T>(steps: Steps<T>): { value: T; slices: number } {
  let slices = 1;
  let step = steps.next();
  while (!step.done) {
    slices++;
    step = steps.next();
  }
  return { value: step.value, slices };
}
