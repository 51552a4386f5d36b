/// <reference types="chrome" />
// Issue 25 across two browser profiles: A subscribes to a feed and saves one of its events; B
// subscribes to the same address; A's storage.sync items are given to B (what the browser's
// account sync does); B's Saved shows the event, since both name it by the same key.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { submitFeed } from './add-feed.ts';
import { harnessForFile, openExtensionPage, type Harness } from './extension.ts';
import { servingRoutes } from './serve-routes.ts';
import { NEXT_YEAR, TIFF_NEXT_YEAR, tiffFeed } from './tiff-feed.ts';

const TITLE = 'Rooftop party for both browsers';
const FEED = tiffFeed(
  'Shared listings',
  [],
  [
    {
      id: 'roof',
      title: TITLE,
      kind: 'party',
      films: [],
      festival: 'tiff',
      start: `${NEXT_YEAR}-09-08T23:00:00-04:00`,
    },
    {
      id: 'other',
      title: 'Unsaved lunch',
      kind: 'dinner',
      films: [],
      festival: 'tiff',
      start: `${NEXT_YEAR}-09-09T12:00:00-04:00`,
    },
  ],
  TIFF_NEXT_YEAR,
);

const feeds = servingRoutes({ '/feed.json': FEED });
const profileA = harnessForFile();
const profileB = harnessForFile();

async function subscribe(harness: Harness): Promise<Page> {
  const options = await openExtensionPage(harness, 'options.html');
  await submitFeed(options, `${feeds.served.base}/feed.json`);
  await options.locator('li.feed', { hasText: 'Shared listings' }).waitFor({ timeout: 15_000 });
  return options;
}

const savedTitles = (popup: Page) => popup.locator('.saved .ap-event-title').allTextContents();

describe('two browser profiles', () => {
  it('shows on B the event A saved from a feed both subscribe to', async () => {
    const [a, b] = [profileA.harness, profileB.harness];
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
