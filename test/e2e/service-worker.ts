// The extension's service worker in Chromium, watched and stopped through CDP (the ServiceWorker
// domain), as the browser stops it after 30 s idle: for the tests of what outlives a stop.
import type { BrowserContext, Page } from 'playwright-core';

type Version = { versionId: string; scriptURL: string; runningStatus: string };

export interface WorkerWatch {
  /** The running version's id; waits for one (20 s), since a message may be starting it. */
  running(): Promise<string>;
  /** Stops that version (ServiceWorker.stopWorker) and waits until CDP reports it stopped. */
  stop(versionId: string): Promise<void>;
}

/**
 * Watches the extension's worker versions from `page` (an extension page: the CDP session needs a
 * target, and the ServiceWorker domain reports the whole profile's workers through it).
 */
export async function watchWorker(context: BrowserContext, page: Page, extensionId: string): Promise<WorkerWatch> {
  const cdp = await context.newCDPSession(page);
  const status = new Map<string, string>();
  // Every version seen stopped, kept even once it runs again: a message from an open extension
  // page can start the same version within a poll's interval, so its status alone can miss it.
  const stopped = new Set<string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: Version[] }) => {
    for (const v of versions)
      if (v.scriptURL.startsWith(`chrome-extension://${extensionId}/`)) {
        status.set(v.versionId, v.runningStatus);
        if (v.runningStatus === 'stopped') stopped.add(v.versionId);
      }
  });
  await cdp.send('ServiceWorker.enable');
  const until = async <T>(read: () => T | undefined, what: () => string): Promise<T> => {
    // A stop under CI's load (two browsers, two test files) has taken over 5 s.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(what());
      await page.waitForTimeout(50);
    }
  };
  return {
    running: () =>
      until(
        () => [...status].find(([, s]) => s === 'running')?.[0],
        () => `no running service worker version; seen ${JSON.stringify([...status])}`,
      ),
    async stop(versionId) {
      stopped.delete(versionId);
      await cdp.send('ServiceWorker.stopWorker', { versionId });
      await until(
        () => (stopped.has(versionId) ? true : undefined),
        () => `the service worker did not stop: ${status.get(versionId)}`,
      );
    },
  };
}
