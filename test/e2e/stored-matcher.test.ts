// A stopped worker woken by a page reads the matcher it stored instead of compiling one
// (issue 28): the page is underlined, and the woken worker's own timeline holds the mark of
// the matcher read back and none of a build. Stopped through CDP ServiceWorker.stopAllWorkers,
// as the browser stops an MV3 worker idle for 30 s.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CDPSession, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHighlights } from '../../scripts/browser.mjs';
import { startHarness, type Harness } from './extension.ts';

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>Review</title><p>We saw Fugitive Pieces at the Elgin, then Burn After Reading at the Ryerson.</p>';

let harness: Harness;
let server: Server;
let base: string;
let options: Page;
let cdp: CDPSession;
const versions = new Map<string, string>();

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/review.html')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  harness = await startHarness();
  options = await harness.context.newPage();
  await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
  cdp = await harness.context.newCDPSession(options);
  type Version = { versionId: string; scriptURL: string; runningStatus: string };
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: list }: { versions: Version[] }) => {
    for (const v of list)
      if (v.scriptURL.startsWith(`chrome-extension://${harness.extensionId}/`))
        versions.set(v.versionId, v.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
});

afterAll(async () => {
  await harness?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
});

/** The running worker's `afterparty:matcher-*` marks, from whichever Worker handle still answers. */
async function workerMarks(): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    for (const worker of [...harness.context.serviceWorkers()].reverse() as Worker[]) {
      const marks = await worker
        .evaluate(() =>
          performance
            .getEntriesByType('mark')
            .map((e) => e.name)
            .filter((n) => n.startsWith('afterparty:matcher-')),
        )
        .catch(() => null);
      if (marks) return marks;
    }
    await options.waitForTimeout(100);
  }
  throw new Error('no running worker answered');
}

async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await ok()) return;
    await options.waitForTimeout(100);
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function underlined(): Promise<number> {
  const page = await harness.context.newPage();
  try {
    await page.goto(`${base}/review.html`);
    await waitForHighlights(page, 2);
    return await page.evaluate(() => CSS.highlights.get('afterparty-film')?.size ?? 0);
  } finally {
    await page.close();
  }
}

describe('a stopped worker', () => {
  it('underlines a page with the matcher it stored, without compiling one', async () => {
    // Positive control: the first page after install has the worker build its matcher, then store it.
    expect(await underlined()).toBe(2);
    await until('the matcher to be stored', async () => (await workerMarks()).includes('afterparty:matcher-stored'));
    expect(await workerMarks()).toContain('afterparty:matcher-compiled');

    await until('the worker to run', () => [...versions.values()].includes('running'));
    await cdp.send('ServiceWorker.stopAllWorkers');
    await until('the worker to stop', () => ![...versions.values()].includes('running'));

    expect(await underlined()).toBe(2);
    const marks = await workerMarks();
    expect(marks).toContain('afterparty:matcher-loaded');
    expect(marks).not.toContain('afterparty:matcher-compiled');
  });
});
