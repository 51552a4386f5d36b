// Touch in Firefox (the engine of Firefox for Android): the dev build's Firefox package in
// firefox-esr over WebDriver BiDi, tapped with touch pointer actions. The card's host sits on
// <html> only while the card is open, so its presence tells open from closed.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { pointOfText } from '../../scripts/browser.mjs';
import { CARD_HOST } from './extension.ts';
import { firefoxDemoForFile, openDemoPage } from './firefox-extension.ts';

const env = firefoxDemoForFile();

const cardOpen = (page: Page) => page.evaluate((host) => document.querySelector(host) !== null, CARD_HOST);

/** A phone-sized page of its own (firefox-extension.ts, openDemoPage). */
const demoPage = (): Promise<Page> => openDemoPage(env.browser, env.demoUrl, { width: 390, height: 844 });

/** Waits for the card to close; if it does not, says where it was, what the tap hit and whether the tab is shown. */
async function waitClosed(page: Page, tap: { x: number; y: number }, timeout = 5_000): Promise<void> {
  const closed = await page
    .waitForFunction((host) => document.querySelector(host) === null, { timeout }, CARD_HOST)
    .then(() => true)
    .catch(() => false);
  if (closed) return;
  const state = await page.evaluate(
    (host, x, y) => ({
      card: document.querySelector(host)?.getBoundingClientRect().toJSON(),
      at: document.elementFromPoint(x, y)?.localName,
      visibility: document.visibilityState,
      focus: document.hasFocus(),
    }),
    CARD_HOST,
    tap.x,
    tap.y,
  );
  throw new Error(`the card did not close after a tap at ${tap.x},${tap.y}: ${JSON.stringify(state)}`);
}

/** Opens the card by a tap on a title; gives a point beside it: above it if there is room, else below. */
async function tapOpen(page: Page): Promise<{ x: number; y: number }> {
  const title = await pointOfText(page, 'Fugitive Pieces house party');
  await page.touchscreen.tap(title.x, title.y);
  await page.waitForFunction((host) => document.querySelector(host) !== null, { timeout: 10_000 }, CARD_HOST);
  const card = await page.evaluate((host) => document.querySelector(host)!.getBoundingClientRect().toJSON(), CARD_HOST);
  await new Promise((done) => setTimeout(done, 500));
  return { x: 5, y: card.top > 40 ? 20 : Math.min(834, card.bottom + 20) };
}

/**
 * Touches `at` and lifts 1.2 s later, past the browser's long-press time, so no click follows
 * (a slow tap under load is dispatched like this); checks that from the page's own record of it.
 */
async function holdTouch(page: Page, at: { x: number; y: number }): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { touchTimes: seen });
    for (const type of ['pointerdown', 'pointerup'])
      document.addEventListener(type, (e) => seen.push(e.timeStamp), { capture: true });
  });
  await page.touchscreen.touchStart(at.x, at.y);
  await new Promise((done) => setTimeout(done, 1_200));
  await page.touchscreen.touchEnd();
  // Positive control: the touch went down and lifted over a second apart.
  await page.waitForFunction(() => (window as unknown as { touchTimes: number[] }).touchTimes.length === 2, {
    timeout: 5_000,
  });
  const [down, up] = await page.evaluate(() => (window as unknown as { touchTimes: number[] }).touchTimes);
  expect(up! - down!).toBeGreaterThan(1_000);
}

describe('touch in Firefox', () => {
  it('opens the card on a tap on a title and closes it on a tap elsewhere', async () => {
    const page = await demoPage();
    expect(await cardOpen(page)).toBe(false);
    const outside = await tapOpen(page);
    await page.touchscreen.tap(outside.x, outside.y);
    await waitClosed(page, outside);
    await page.close();
  });

  it('closes the card on a touch that lifts elsewhere after the long-press time, which gets no click', async () => {
    const page = await demoPage();
    const outside = await tapOpen(page);
    await holdTouch(page, outside);
    await waitClosed(page, outside);
    await page.close();
  });

  it('opens the card on a touch that lifts on a title after the long-press time, which gets no click', async () => {
    const page = await demoPage();
    await holdTouch(page, await pointOfText(page, 'Fugitive Pieces house party'));
    await page.waitForFunction((host) => document.querySelector(host) !== null, { timeout: 10_000 }, CARD_HOST);
    await page.close();
  });

  it('follows a link on a tap on a title inside it, and opens the card on a long press', async () => {
    const page = await demoPage();
    await page.evaluate(() => {
      const paragraph = [...document.querySelectorAll('p')].find((p) =>
        p.textContent?.includes('Medicine for Melancholy'),
      )!;
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const at = node.data.indexOf('Medicine for Melancholy');
        if (at < 0) continue;
        const title = node.splitText(at);
        title.splitText('Medicine for Melancholy'.length);
        const link = document.createElement('a');
        link.href = '#followed';
        title.replaceWith(link);
        link.append(title);
        return;
      }
    });
    await page.waitForFunction(
      () =>
        [...(CSS.highlights.get('afterparty-film') ?? [])].some((r) =>
          (r as Range).startContainer.parentElement?.closest('a'),
        ),
      { timeout: 10_000 },
    );
    const title = await pointOfText(page, 'Medicine for Melancholy');
    await page.touchscreen.touchStart(title.x, title.y);
    await new Promise((done) => setTimeout(done, 800));
    await page.touchscreen.touchEnd();
    await page.waitForFunction((host) => document.querySelector(host) !== null, { timeout: 10_000 }, CARD_HOST);
    expect(await page.evaluate(() => location.hash)).toBe('');
    await page.keyboard.press('Escape');
    await page.waitForFunction((host) => document.querySelector(host) === null, { timeout: 5_000 }, CARD_HOST);
    // A tap follows the link, and no card opens (the mouse events it imitates are no hover).
    const again = await pointOfText(page, 'Medicine for Melancholy');
    await page.touchscreen.tap(again.x, again.y);
    await page.waitForFunction(() => location.hash === '#followed', { timeout: 5_000 });
    await new Promise((done) => setTimeout(done, 800));
    expect(await cardOpen(page)).toBe(false);
    await page.close();
  });
});
