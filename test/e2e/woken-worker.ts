// What the tests of a stopped worker woken by a page share (stored-matcher, wake-start-up): a
// review naming two built-in films, served beside the extension; the worker stopped through CDP
// as the browser stops an MV3 worker idle for 30 s; and the woken worker's own timeline, which
// development builds mark (`afterparty:*`, src/background/start-up.ts and stored-matcher.ts).
import type { Page, Worker } from 'playwright-core';
import { beforeAll } from 'vitest';
import { waitForHighlights } from '../../scripts/browser.mjs';
import { harnessWithRoutes, openExtensionPage, type Harness } from './extension.ts';
import type { Routes } from './serve-routes.ts';
import { watchWorker, type WorkerWatch } from './service-worker.ts';

const REVIEW =
  '<!doctype html><meta charset="utf-8"><title>Review</title><p>We saw Fugitive Pieces at the Elgin, then Burn After Reading at the Ryerson.</p>';

export interface Entry {
  name: string;
  start: number;
  end: number;
}

export interface WokenWorker {
  readonly harness: Harness;
  /** `http://127.0.0.1:PORT`, where the review and the file's own routes are served. */
  readonly base: string;
  /** Opens the review in a new tab and gives the number of its underlined titles (2 expected). */
  underlined(): Promise<number>;
  /** Stops the running worker and waits until CDP reports it stopped. */
  stop(): Promise<void>;
  /** The running worker's `afterparty:*` entries, from whichever Worker handle still answers. */
  entries(): Promise<Entry[]>;
  /** Polls `ok` every 100 ms for 30 s. */
  until(what: string, ok: () => boolean | Promise<boolean>): Promise<void>;
}

/** The extension, the review (and the file's own `routes`) and a watch on the worker, for a test file's whole run. */
export function wokenWorkerForFile(routes: Routes = {}): WokenWorker {
  const env = harnessWithRoutes({ ...routes, '/review.html': REVIEW });
  let options: Page;
  let watch: WorkerWatch;
  beforeAll(async () => {
    options = await openExtensionPage(env.harness, 'options.html');
    watch = await watchWorker(env.harness.context, options, env.harness.extensionId);
  });
  const until = async (what: string, ok: () => boolean | Promise<boolean>): Promise<void> => {
    for (let i = 0; i < 300; i++) {
      if (await ok()) return;
      await options.waitForTimeout(100);
    }
    throw new Error(`gave up waiting for ${what}`);
  };
  return {
    get harness() {
      return env.harness;
    },
    get base() {
      return env.served.base;
    },
    async underlined() {
      const page = await env.harness.context.newPage();
      try {
        await page.goto(`${env.served.base}/review.html`);
        await waitForHighlights(page, 2);
        return await page.evaluate(() => CSS.highlights.get('afterparty-film')?.size ?? 0);
      } finally {
        await page.close();
      }
    },
    async stop() {
      await watch.stop(await watch.running());
    },
    async entries() {
      for (let i = 0; i < 100; i++) {
        for (const worker of [...env.harness.context.serviceWorkers()].reverse() as Worker[]) {
          const entries = await worker
            .evaluate(() =>
              performance
                .getEntries()
                .filter((e) => e.name.startsWith('afterparty:'))
                .map((e) => ({ name: e.name, start: e.startTime, end: e.startTime + e.duration })),
            )
            .catch(() => null);
          if (entries) return entries;
        }
        await options.waitForTimeout(100);
      }
      throw new Error('no running worker answered');
    },
    until,
  };
}
