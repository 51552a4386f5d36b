/// <reference types="chrome" />
// Issue 25 across two browser profiles: A subscribes to a feed and saves one of its events; B
// subscribes to the same address; A's storage.sync items are given to B (what the browser's
// account sync does); B's Saved shows the event, since both name it by the same key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './extension.ts';

let a: Harness;
let b: Harness;
let server: Server;
let base: string;

// Next year: an event that is over offers no Going (core/event-state.ts).
const NEXT = new Date().getFullYear() + 1;
const TITLE = 'Rooftop party for both browsers';
const FEED = JSON.stringify({
  afterparty: 1,
  title: 'Shared listings',
  festivals: [
    { id: 'tiff', name: 'TIFF 2007', timeZone: 'America/Toronto', start: `${NEXT}-09-06`, end: `${NEXT}-09-15` },
  ],
  films: [],
  events: [
    { id: 'roof', title: TITLE, kind: 'party', films: [], festival: 'tiff', start: `${NEXT}-09-08T23:00:00-04:00` },
    {
      id: 'other',
      title: 'Unsaved lunch',
      kind: 'dinner',
      films: [],
      festival: 'tiff',
      start: `${NEXT}-09-09T12:00:00-04:00`,
    },
  ],
});

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/feed.json') response.writeHead(200, { 'content-type': 'application/json' }).end(FEED);
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [a, b] = await Promise.all([startHarness(), startHarness()]);
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

async function subscribe(harness: Harness): Promise<Page> {
  const options = await harness.context.newPage();
  await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
  await options.getByLabel('Feed or calendar address').fill(`${base}/feed.json`);
  await options.getByRole('button', { name: 'Add feed' }).click();
  await options.locator('li.feed', { hasText: 'Shared listings' }).waitFor({ timeout: 15_000 });
  return options;
}

const savedTitles = (popup: Page) => popup.locator('.saved .ap-event-title').allTextContents();

describe('two browser profiles', () => {
  it('shows on B the event A saved from a feed both subscribe to', async () => {
    const optionsA = await subscribe(a);
    const popupA = await a.context.newPage();
    await popupA.goto(`chrome-extension://${a.extensionId}/popup.html`);
    await popupA.getByRole('tab', { name: 'Schedule' }).click();
    await popupA.locator('input[type="search"]').fill(TITLE);
    const going = popupA.getByRole('group', { name: `Save ${TITLE}` }).getByRole('button', { name: 'Going' });
    await going.click();
    await expect.poll(() => going.getAttribute('aria-pressed')).toBe('true');
    // A's round (debounced 2 s) writes the saved status among its sync items.
    const itemsOf = (page: Page) => page.evaluate(() => chrome.storage.sync.get(null));
    await expect.poll(async () => JSON.stringify(await itemsOf(optionsA)), { timeout: 20_000 }).toMatch(/\/roof/);

    const optionsB = await subscribe(b);
    const popupB = await b.context.newPage();
    await popupB.goto(`chrome-extension://${b.extensionId}/popup.html`);
    await popupB.getByRole('tab', { name: /Saved/ }).click();
    // Positive control for what follows: B's Saved starts without it.
    expect(await savedTitles(popupB)).not.toContain(TITLE);
    await expect.poll(() => popupB.getByRole('tab', { name: /Saved/ }).textContent()).toBe('Saved');

    const items = await itemsOf(optionsA);
    await optionsB.evaluate((values) => chrome.storage.sync.set(values), items);
    await expect.poll(() => savedTitles(popupB), { timeout: 20_000 }).toEqual([TITLE]);
    expect(await popupB.getByRole('tab', { name: /Saved/ }).textContent()).toBe('Saved (1)');
  });
});
