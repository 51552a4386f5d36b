// The content script on real pages in Chromium: the highlight budget near the viewport,
// incremental rescans, shadow roots and frames, "Not this film", and the per-site switch.
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, launchWithExtension, serveFolder, waitForHighlights } from '../../scripts/browser.mjs';
import { clickCardButtonWithText } from './card-buttons.ts';
import { waitForCard } from './extension.ts';

let context: import('playwright-core').BrowserContext;
let extensionId: string;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  server = await serveFolder('test/fixtures/pages');
  ({ context, extensionId } = await launchWithExtension({
    extensionDir: `${process.env.AFTERPARTY_DIST ?? 'dist'}/chrome`,
  }));
});

afterAll(async () => {
  await context?.close();
  await server?.close();
});

const highlighted = (target: Page | Frame) =>
  target.evaluate(() =>
    [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].map((r) => r.toString()),
  );

const scanned = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('afterparty:scan-end').length > 0, null, { timeout: 20_000 });

describe('the content script in the page', () => {
  it('registers at most 2,000 ranges, near the viewport, and follows the scroll', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}many-titles.html`);
    await scanned(page);
    await waitForHighlights(page, 20);
    const near = await page.evaluate(() => {
      const ranges = [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)];
      return { size: ranges.length, maxTop: Math.max(...ranges.map((r) => r.getBoundingClientRect().top)) };
    });
    expect(near.size).toBeLessThanOrEqual(2_000);
    expect(near.size).toBeGreaterThan(20);
    expect(near.maxTop).toBeLessThan(4 * 800);
    // The last paragraph is not registered until it comes near.
    const lastRegistered = () =>
      page.evaluate(() =>
        [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].some(
          (r) => r.startContainer.parentElement?.parentElement?.id === 'p2999',
        ),
      );
    expect(await lastRegistered()).toBe(false);
    await page.evaluate(() => document.getElementById('p2999')?.scrollIntoView());
    await page.waitForFunction(
      () =>
        [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].some(
          (r) => r.startContainer.parentElement?.parentElement?.id === 'p2999',
        ),
      null,
      { timeout: 5_000 },
    );
    expect(await page.evaluate(() => CSS.highlights.get('afterparty-film')?.size ?? 0)).toBeLessThanOrEqual(2_000);
    await hoverText(page, 'Poor Boys Game');
    await waitForCard(page, /Poor Boys Game/);
    await page.close();
  });

  it('rescans only what changed, ignores its own card, and drops titles that leave the page', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}frames.html`);
    await scanned(page);
    const rescans = () => page.evaluate(() => performance.getEntriesByName('afterparty:rescan-end').length);
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.id = 'added';
      p.innerHTML = 'Late news: <i>Burn After Reading</i> opens the festival.';
      document.getElementById('later')?.append(p);
    });
    await page.waitForFunction(() =>
      [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].some(
        (r) => r.toString() === 'Burn After Reading',
      ),
    );
    // Opening and closing the card is not a change of the page.
    const before = await rescans();
    await hoverText(page, 'Fugitive Pieces');
    await waitForCard(page, /Fugitive Pieces/);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(600);
    expect(await rescans()).toBe(before);
    // Text edited in place is rescanned; removed text takes its title with it.
    await page.evaluate(() => {
      const i = document.querySelector('#added i');
      if (i) i.textContent = 'Goodbye Solo';
    });
    await page.waitForFunction(() => {
      const texts = [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].map((r) => r.toString());
      return texts.includes('Goodbye Solo') && !texts.includes('Burn After Reading');
    });
    await page.evaluate(() => document.getElementById('added')?.remove());
    await page.waitForFunction(
      () =>
        ![...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].some(
          (r) => r.toString() === 'Goodbye Solo',
        ),
    );
    await page.close();
  });

  it('finds titles in open shadow roots, same-origin frames and about:blank frames', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}frames.html`);
    await scanned(page);
    await page.waitForFunction(() =>
      [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].some(
        (r) => r.toString() === 'Medicine for Melancholy',
      ),
    );
    expect(await highlighted(page)).toEqual(expect.arrayContaining(['Fugitive Pieces', 'Medicine for Melancholy']));
    const same = page.frame({ url: /frame\.html$/ });
    expect(same).not.toBeNull();
    await same?.waitForFunction(() => (CSS.highlights.get('afterparty-film')?.size ?? 0) > 0, null, {
      timeout: 15_000,
    });
    expect(await highlighted(same as Frame)).toEqual(['Happy-Go-Lucky']);
    const blank = page.frames().find((f) => f.url() === 'about:blank');
    await blank?.waitForFunction(() => (CSS.highlights.get('afterparty-film')?.size ?? 0) > 0, null, {
      timeout: 15_000,
    });
    expect(await highlighted(blank as Frame)).toEqual(['Poor Boys Game']);
    await page.close();
  });

  it('"Not this film" hides the match on this site, and it stays hidden after a reload', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}frames.html`);
    await scanned(page);
    await waitForHighlights(page, 2);
    await hoverText(page, 'Fugitive Pieces');
    await waitForCard(page, /Not this film/);
    await clickCardButtonWithText(page, 'Not this film');
    await page.waitForFunction(
      () =>
        ![...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)].some(
          (r) => r.toString() === 'Fugitive Pieces',
        ),
    );
    expect(await highlighted(page)).toContain('Medicine for Melancholy');
    await page.reload();
    await scanned(page);
    await page.waitForTimeout(300);
    const after = await highlighted(page);
    expect(after).toContain('Medicine for Melancholy');
    expect(after).not.toContain('Fugitive Pieces');
    await page.close();
  });

  it('the popup switches Afterparty off on this site and back on', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}many-titles.html`);
    await waitForHighlights(page, 10);
    const worker = context.serviceWorkers()[0];
    const tabIds = await worker?.evaluate(async (url) => {
      const tabs = (
        globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<Array<{ id?: number }>> } } }
      ).chrome.tabs;
      return (await tabs.query({ url })).map((tab) => tab.id);
    }, `${server.url}many-titles.html`);
    const tabId = tabIds?.[0];
    expect(tabId).toBeGreaterThan(0);
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
    const button = popup.getByRole('button', { name: 'Disable on this site' });
    await button.click();
    await page.waitForFunction(() => !CSS.highlights.has('afterparty-film'), null, { timeout: 5_000 });
    await popup.getByRole('button', { name: 'Enable on this site' }).click();
    await waitForHighlights(page, 10);
    await popup.getByRole('button', { name: 'Disable on this site' }).waitFor();
    await popup.close();
    await page.close();
  });

  it('paints nothing on a page opened on a switched-off site, and underlines it once switched on', async () => {
    const url = `${server.url}frames.html`;
    const setup = await context.newPage();
    await setup.goto(`chrome-extension://${extensionId}/options.html`);
    const disable = (disabled: boolean) =>
      setup.evaluate(
        async ([pageUrl, off]) =>
          chrome.runtime.sendMessage({ type: 'setSiteDisabled', params: { url: pageUrl, disabled: off } }),
        [url, disabled] as const,
      );
    expect(await disable(true)).toMatchObject({ result: { disabled: true } });
    const page = await context.newPage();
    await page.goto(url);
    // The first batch went with the start-up questions (beginScan) and came back "off".
    await page.waitForFunction(() => performance.getEntriesByName('afterparty:site-off').length > 0, null, {
      timeout: 20_000,
    });
    await page.waitForTimeout(300);
    const painted = () =>
      page.evaluate(() => ({
        registered: CSS.highlights.has('afterparty-film'),
        underlined: performance.getEntriesByName('afterparty:first-underline').length,
      }));
    expect(await painted()).toEqual({ registered: false, underlined: 0 });
    // Positive control: the same page, once the site is switched on, is underlined.
    expect(await disable(false)).toMatchObject({ result: { disabled: false } });
    await waitForHighlights(page, 1);
    expect(await painted()).toEqual({ registered: true, underlined: 1 });
    await page.close();
    await setup.close();
  });
});
