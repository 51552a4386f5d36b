/**
 * A task run only when nothing more urgent (a page's request) waits; a timer where the browser
 * lacks one. The matcher's warm-up and the slices of its stored form wait on it.
 */
export const idleTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options: object) => Promise<void> } })
    .scheduler;
  if (typeof scheduler?.postTask === 'function') return scheduler.postTask(() => undefined, { priority: 'background' });
  return new Promise((done) => setTimeout(done, 0));
};
