/// <reference types="chrome" />
// A phone: a touch-enabled, 390 px-wide Chromium context, where nothing hovers. A tap on an
// underlined title opens its card, a tap elsewhere closes it; in a link, a tap follows the link
// and a long press opens the card.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, pointOfText, serveFolder, waitForHighlights } from '../../scripts/browser.mjs';
import { cardText, settleCard } from './extension.ts';
import { seriousViolations } from './ui-axe.ts';

const PHONE = { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };

let context: BrowserContext;
let extensionId: string;
let server: { url: string; close(): Promise<void> };

beforeAll(async () => {
  server = await serveFolder('demo');
  ({ context, extensionId } = await launchWithExtension({
    extensionDir: join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome'),
    contextOptions: PHONE,
  }));
});

afterAll(async () => {
  await context?.close();
  await server?.close();
});

/** A finger held down for `ms`, through the DevTools protocol (Playwright's touchscreen only taps). */
async function longPress(page: Page, { x, y }: { x: number; y: number }, ms: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function demoPage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(server.url);
  await waitForHighlights(page, 3);
  return page;
}

describe('touch, at 390 px wide', () => {
  it('opens the card on a tap on a title, fits it in 360 px with 44 px targets, and closes it on a tap elsewhere', async () => {
    const page = await demoPage();
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const title = await pointOfText(page, 'Fugitive Pieces house party');
    await page.touchscreen.tap(title.x, title.y);
    await expect.poll(async () => (await cardText(page)) ?? '', { timeout: 10_000 }).toMatch(/Rosedale/);
    // Inside a 360 px viewport, every target at least 44 px tall (pointer: coarse).
    const sizes = await cardTargets(page);
    expect(sizes.card.left).toBeGreaterThanOrEqual(0);
    expect(sizes.card.right).toBeLessThanOrEqual(360);
    expect(sizes.targets.length).toBeGreaterThan(3);
    expect(sizes.targets.filter((t) => t.height < 44)).toEqual([]);
    const shots = process.env['AFTERPARTY_SCREENSHOTS'];
    if (shots) await page.screenshot({ path: `${shots}/phone-card-360.png` });
    await settleCard(page);
    // A tap outside the card and off any title.
    await tapOutside(page);
    await expect.poll(() => cardText(page), { timeout: 5_000 }).toBeNull();
    // Positive control: the same tap on the title opens it again.
    const again = await pointOfText(page, 'Fugitive Pieces house party');
    await page.touchscreen.tap(again.x, again.y);
    await expect.poll(async () => (await cardText(page)) ?? '', { timeout: 10_000 }).toMatch(/Rosedale/);
    await page.close();
  });

  it('follows a link on a tap on a title inside it, and opens the card on a long press', async () => {
    const page = await demoPage();
    const count = await page.evaluate(() => CSS.highlights.get('afterparty-film')?.size ?? 0);
    // The page links the title: the content script rescans the changed paragraph.
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
      undefined,
      { timeout: 10_000 },
    );
    expect(await page.evaluate(() => CSS.highlights.get('afterparty-film')?.size ?? 0)).toBeGreaterThanOrEqual(count);
    const title = await pointOfText(page, 'Medicine for Melancholy');
    await longPress(page, title, 800);
    await expect.poll(async () => (await cardText(page)) ?? '', { timeout: 10_000 }).toMatch(/Medicine for Melancholy/);
    expect(await page.evaluate(() => location.hash)).toBe('');
    await settleCard(page);
    await tapOutside(page);
    await expect.poll(() => cardText(page), { timeout: 5_000 }).toBeNull();
    // A tap follows the link and opens no card.
    const again = await pointOfText(page, 'Medicine for Melancholy');
    await page.touchscreen.tap(again.x, again.y);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#followed');
    await page.waitForTimeout(800);
    expect(await cardText(page)).toBeNull();
    await page.close();
  });

  it('lays out the popup and the options page at phone width, with no serious axe violation', async () => {
    for (const path of ['popup.html', 'options.html']) {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      // The context's touch emulation reaches web pages but not, in this Chromium, the media
      // queries of extension pages (pointer: coarse stays false there): set it on the page itself.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
      await page.waitForSelector(path === 'popup.html' ? '[role="tab"]' : 'section.device-sync');
      await page.waitForTimeout(500);
      // A page wider than the phone makes the mobile viewport zoom out: the content's width is what tells.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is wider than the phone`).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page), path).toEqual([]);
      const shots = process.env['AFTERPARTY_SCREENSHOTS'];
      if (shots) await page.screenshot({ path: `${shots}/phone-${path.replace('.html', '')}-390.png` });
      if (shots && path === 'options.html')
        await page.locator('section.device-sync').screenshot({ path: `${shots}/phone-options-sync-390.png` });
      await page.close();
    }
    const page = await demoPage();
    const title = await pointOfText(page, 'Fugitive Pieces house party');
    await page.touchscreen.tap(title.x, title.y);
    await expect.poll(async () => (await cardText(page)) ?? '', { timeout: 10_000 }).toMatch(/Rosedale/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

/** A tap on the page beside the card (above or below it), in a margin with no title. */
async function tapOutside(page: Page): Promise<void> {
  const { card } = await cardTargets(page);
  const height = page.viewportSize()!.height;
  const y = card.top > 40 ? 10 : Math.min(height - 10, card.bottom + 20);
  await page.touchscreen.tap(5, y);
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}

/** The card's box and every button, link and summary in it, measured through CDP (the root is closed). */
async function cardTargets(page: Page): Promise<{ card: Box; targets: (Box & { name: string })[] }> {
  const cdp = await page.context().newCDPSession(page);
  interface Node {
    nodeName: string;
    backendNodeId: number;
    attributes?: string[];
    children?: Node[];
    shadowRoots?: Node[];
  }
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: Node };
  const found: Node[] = [];
  let card: Node | null = null;
  const walk = (n: Node, inCard: boolean) => {
    const classes = (n.attributes ?? []).find((_, i, a) => i % 2 === 1 && a[i - 1] === 'class') ?? '';
    const here = inCard || /\bap-card\b/.test(classes);
    if (!inCard && here) card = n;
    if (here && ['BUTTON', 'A', 'SUMMARY', 'SELECT'].includes(n.nodeName)) found.push(n);
    for (const child of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) walk(child, here);
  };
  walk(root, false);
  if (!card) throw new Error('no card');
  const boxOf = async (n: Node): Promise<Box | null> => {
    try {
      const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: n.backendNodeId })) as {
        model: { border: number[]; width: number; height: number };
      };
      const [left = 0, top = 0, right = 0, , , bottom = 0] = model.border;
      return { left, top, right, bottom, width: model.width, height: model.height };
    } catch {
      // Not rendered (inside a closed <details>): not a target now.
      return null;
    }
  };
  const targets: (Box & { name: string })[] = [];
  for (const n of found) {
    const box = await boxOf(n);
    if (box) targets.push({ ...box, name: n.nodeName });
  }
  return { card: (await boxOf(card))!, targets };
}
