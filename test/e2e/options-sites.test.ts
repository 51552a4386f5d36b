/// <reference types="chrome" />
// The options page's "Sites" and "Corrections" sections, and "Clear the cache" refilling the
// subscribed feeds, in real Chromium against pages and a feed served on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { clickCardButton } from './card-buttons.ts';
import { cardText, startHarness, type Harness } from './extension.ts';
import { seriousViolations } from './ui-axe.ts';

let harness: Harness;
let server: Server;
let base: string;
let feedRequests = 0;

const FEED = JSON.stringify({
  afterparty: 1,
  title: 'Refill test listings',
  festivals: [{ id: 'tiff', name: 'TIFF 2007', timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-15' }],
  films: [{ id: 'persepolis', title: 'Persepolis', year: 2007 }],
  events: [
    {
      id: 'a',
      title: 'Persepolis after-party',
      kind: 'party',
      films: ['persepolis'],
      festival: 'tiff',
      start: '2007-09-08T23:00:00-04:00',
    },
    {
      id: 'b',
      title: 'Persepolis press brunch',
      kind: 'dinner',
      films: ['persepolis'],
      festival: 'tiff',
      start: '2007-09-09T11:00:00-04:00',
    },
    {
      id: 'c',
      title: 'Sponsor lounge',
      kind: 'party',
      films: [],
      festival: 'tiff',
      start: '2007-09-09T22:00:00-04:00',
    },
  ],
});

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/feed.json') {
      feedRequests += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(FEED);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
});

async function options(): Promise<Page> {
  const page = await harness.context.newPage();
  await page.goto(`chrome-extension://${harness.extensionId}/options.html`);
  await page.getByRole('heading', { name: 'Sites', level: 2 }).waitFor();
  return page;
}

const ask = (page: Page, type: string, params: object = {}) =>
  page.evaluate(([t, p]) => chrome.runtime.sendMessage({ type: t, params: p }), [type, params] as const);
const highlightCount = (page: Page) => page.evaluate(() => CSS.highlights.get('afterparty-film')?.size ?? 0);

describe('the Sites section', () => {
  it('lists the curated sites, and switches a site that was turned off back on', async () => {
    const page = await options();
    const sites = page.getByRole('region', { name: 'Sites' });
    const curated = sites.getByRole('list', { name: 'Works out of the box' });
    expect(await curated.textContent()).toContain('tiff.net and its subdomains');
    expect(await curated.textContent()).toContain('127.0.0.1');
    expect(await sites.textContent()).toContain('You have not added any site.');
    expect(await sites.textContent()).toContain('No site is switched off.');

    const demo = await harness.context.newPage();
    await demo.goto(harness.demoUrl);
    await waitForHighlights(demo);
    // "Disable on this site" in the popup sends this; the open options page follows.
    await ask(page, 'setSiteDisabled', { url: harness.demoUrl, disabled: true });
    await demo.waitForFunction(() => !CSS.highlights.has('afterparty-film'), null, { timeout: 5_000 });
    const off = sites.getByRole('list', { name: 'Switched off' });
    await expect
      .poll(async () => (await off.count()) > 0 && (await off.textContent()), { timeout: 5_000 })
      .toContain('127.0.0.1');

    await sites.getByRole('button', { name: 'Switch Afterparty on again on 127.0.0.1' }).click();
    await sites.getByText('Afterparty runs on 127.0.0.1 again.').waitFor();
    await waitForHighlights(demo);
    expect(await sites.textContent()).toContain('No site is switched off.');
    expect(await seriousViolations(page)).toEqual([]);
    await demo.close();
    await page.close();
  });

  it("a content script writing storage.local switches no site off; the popup's switch still does", async () => {
    const page = await options();
    const demo = await harness.context.newPage();
    await demo.goto(harness.demoUrl);
    await waitForHighlights(demo);
    // Run code in the content script's own isolated world, as a compromised page process could.
    const cdp = await harness.context.newCDPSession(demo);
    const worlds: Array<{ id: number; origin: string; auxData?: { frameId?: string; isDefault?: boolean } }> = [];
    cdp.on('Runtime.executionContextCreated', ({ context }) => worlds.push(context));
    await cdp.send('Runtime.enable');
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const world = worlds.find(
      (w) => w.origin === `chrome-extension://${harness.extensionId}` && w.auxData?.frameId === frameTree.frame.id,
    );
    expect(world, 'the content script world of the top frame').toBeDefined();
    const inContentScript = async (expression: string) =>
      (
        await cdp.send('Runtime.evaluate', {
          expression,
          contextId: world!.id,
          awaitPromise: true,
          returnByValue: true,
        })
      ).result.value as unknown;
    const switchOf = () =>
      inContentScript(
        "chrome.runtime.sendMessage({ type: 'getSiteSwitch', params: {} }).then((r) => r.result.disabled)",
      );

    // The old list key, with a data revision bump so the content script asks again at once.
    await inContentScript(
      "chrome.storage.local.set({ 'sites.disabled': ['127.0.0.1'], 'data.revision': Date.now() }).then(() => 'ok')",
    );
    expect(await switchOf()).toBe(false);
    expect((await ask(page, 'getSiteStatus', { url: harness.demoUrl })).result.disabled).toBe(false);
    expect(
      await inContentScript(
        "chrome.runtime.sendMessage({ type: 'setSiteDisabled', params: { url: location.href, disabled: true } }).then((r) => r.error)",
      ),
    ).toMatch(/own pages/);
    expect(await highlightCount(demo)).toBeGreaterThan(0);

    // Positive control: the popup's switch (setSiteDisabled from our own page) still turns it off.
    await ask(page, 'setSiteDisabled', { url: harness.demoUrl, disabled: true });
    await demo.waitForFunction(() => !CSS.highlights.has('afterparty-film'), null, { timeout: 5_000 });
    expect(await switchOf()).toBe(true);
    await ask(page, 'setSiteDisabled', { url: harness.demoUrl, disabled: false });
    await waitForHighlights(demo);
    await cdp.detach();
    await demo.close();
    await page.close();
  });

  it('removes an added site, and its registered script with it', async () => {
    const worker = harness.context.serviceWorkers()[0]!;
    // What the popup's "Enable on this site" leaves behind; the permission prompt itself
    // cannot be answered in a headless test, so the site is one whose permission was withdrawn.
    // The lists live in IndexedDB, where only the background writes (src/db/site-lists.ts).
    await worker.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('afterparty');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('settings', 'readwrite');
            tx.objectStore('settings').put({ id: 'sites.added', value: ['*://blog.example.com/*'] });
            tx.oncomplete = () => (open.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    const page = await options();
    const sites = page.getByRole('region', { name: 'Sites' });
    const added = sites.getByRole('list', { name: 'Sites you added' });
    await added.waitFor();
    expect(await added.textContent()).toContain('blog.example.com');
    expect(await added.textContent()).toContain('No permission any more');
    await sites.getByRole('button', { name: 'Remove blog.example.com' }).click();
    await sites.getByText('Afterparty no longer runs on blog.example.com.').waitFor();
    expect(await sites.textContent()).toContain('You have not added any site.');
    const { result } = await ask(page, 'getSites');
    expect(result.added).toEqual([]);
    await page.close();
  });
});

describe('the Corrections section', () => {
  it('lists a "Not this film" made on a card, and undoing it underlines the text again', async () => {
    const page = await options();
    const section = page.getByRole('region', { name: 'Corrections' });
    await section.getByText('No corrections.').waitFor();

    const demo = await harness.context.newPage();
    await demo.goto(harness.demoUrl);
    await waitForHighlights(demo);
    await hoverText(demo, 'Fugitive Pieces');
    await expect.poll(async () => (await cardText(demo)) ?? '', { timeout: 10_000 }).toContain('Rosedale');
    await clickCardButton(demo, 'Not Fugitive Pieces: hide this match on this site');
    await demo.waitForFunction(
      () =>
        ![...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].some(
          (r) => r.toString() === 'Fugitive Pieces',
        ),
    );

    // The options page was open all along: it re-reads after the change.
    const list = section.getByRole('list', { name: 'Corrections' });
    await expect
      .poll(async () => (await list.count()) > 0 && (await list.textContent()), { timeout: 5_000 })
      .toContain('is not Fugitive Pieces');
    const text = (await list.textContent()) ?? '';
    expect(text).toContain('“fugitive pieces” is not Fugitive Pieces');
    expect(text).toContain('on 127.0.0.1');
    // A page may only correct its own site (#26.10): here it is applied on every site.
    await section
      .getByRole('button', { name: 'Apply on every site: “fugitive pieces” is not Fugitive Pieces' })
      .click();
    await section.getByText('“fugitive pieces” is now hidden on every site.').waitFor();
    await expect.poll(async () => (await list.textContent()) ?? '').not.toContain('on 127.0.0.1');
    expect(await section.getByRole('button', { name: /^Apply on every site/ }).count()).toBe(0);
    await section.getByRole('button', { name: 'Undo: “fugitive pieces” is not Fugitive Pieces' }).click();
    await section.getByText('“fugitive pieces” is underlined again.').waitFor();
    await section.getByText('No corrections.').waitFor();
    await demo.reload();
    await demo.waitForFunction(
      () =>
        [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].some(
          (r) => r.toString() === 'Fugitive Pieces',
        ),
      null,
      { timeout: 10_000 },
    );
    expect(await highlightCount(demo)).toBeGreaterThan(1);
    await demo.close();
    await page.close();
  });
});

describe('"Clear the cache"', () => {
  it('brings the subscribed feeds back at once, fetched again', async () => {
    const page = await options();
    await page.getByLabel('Feed or calendar address').fill(`${base}/feed.json`);
    await page.getByRole('button', { name: 'Add feed' }).click();
    const item = page.locator('li.feed', { hasText: 'Refill test listings' });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.locator('.feed-count').textContent()).toBe('3 events');
    const before = feedRequests;

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Clear the cache' }).click();
    await page
      .getByText('Cache cleared. The built-in listings are back, and your feeds are being fetched again.')
      .waitFor();
    // Fetched again right away, not at the next alarm (an hour away).
    await expect.poll(() => feedRequests, { timeout: 15_000 }).toBe(before + 1);
    const titles = async () =>
      ((await ask(page, 'getSchedule')).result.events as Array<{ title: string }>).map((e) => e.title);
    await expect.poll(titles, { timeout: 15_000 }).toContain('Persepolis press brunch');
    expect(await titles()).toContain('Fugitive Pieces house party');
    // The feeds list follows without a reload.
    await expect.poll(() => item.locator('.feed-count').textContent(), { timeout: 15_000 }).toBe('3 events');
    expect(await item.locator('.feed-synced').textContent()).toMatch(/Last synced/);
    await page.close();
  });
});
