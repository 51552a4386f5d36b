// A stopped worker woken by a page answers the page before its start-up work (issue 28): the
// reminders rebuilt, the sync alarm set again and the device-sync round start after the page's
// beginScan was answered, and they still run. Read from the woken worker's own timeline (the
// development build measures each, src/background/start-up.ts). Stopped through CDP
// ServiceWorker.stopAllWorkers, as the browser stops an MV3 worker idle for 30 s.
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

interface Entry {
  name: string;
  start: number;
  end: number;
}

/** The running worker's `afterparty:*` entries, from whichever Worker handle still answers. */
async function workerEntries(): Promise<Entry[]> {
  for (let i = 0; i < 100; i++) {
    for (const worker of [...harness.context.serviceWorkers()].reverse() as Worker[]) {
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
}

const TASKS = ['reminders', 'reschedule', 'device-sync'].map((t) => `afterparty:start-up:${t}`);

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

describe('a stopped worker woken by a page', () => {
  it('answers the page first, then runs its start-up work', async () => {
    expect(await underlined()).toBe(2);
    const done = async () => {
      const names = (await workerEntries()).map((e) => e.name);
      return TASKS.every((t) => names.includes(t)) && names.includes('afterparty:matcher-stored');
    };
    await until('the first life’s start-up work and stored matcher', done);

    await until('the worker to run', () => [...versions.values()].includes('running'));
    await cdp.send('ServiceWorker.stopAllWorkers');
    await until('the worker to stop', () => ![...versions.values()].includes('running'));

    expect(await underlined()).toBe(2);
    await until('the woken worker’s start-up work', async () => {
      const names = (await workerEntries()).map((e) => e.name);
      return TASKS.every((t) => names.includes(t));
    });
    const entries = await workerEntries();
    // A new life: none of the first life's entries, and the page's request answered in it.
    expect(entries.map((e) => e.name)).not.toContain('afterparty:matcher-stored');
    const answered = entries.find((e) => e.name === 'afterparty:beginScan');
    expect(answered).toBeDefined();
    for (const name of TASKS) {
      const task = entries.find((e) => e.name === name)!;
      expect({ name, after: task.start >= answered!.end }).toEqual({ name, after: true });
    }
  });
});
