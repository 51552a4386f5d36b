// The dev build's Firefox package (dist/firefox) in Debian's firefox-esr, driven over WebDriver
// BiDi with puppeteer-core: the content script underlines titles and the hover card opens; the
// card's listings come from the background script's IndexedDB. The extension's own pages (popup,
// options) are tested in firefox-extension-pages.test.ts (docs/testing-firefox.md).
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
// hoverText drives puppeteer's Page as it drives playwright's: the same evaluate and mouse calls.
import { hoverText } from '../../scripts/browser.mjs';
import { ACTIVATION_DELAY_MS } from '../../src/content/card-guard.ts';
import { CARD_HOST, pollCard } from './extension.ts';
import { bidi, firefoxDemoForFile, openDemoPage } from './firefox-extension.ts';

const env = firefoxDemoForFile();

const demoPage = (): Promise<Page> => openDemoPage(env.browser, env.demoUrl, { width: 1200, height: 800 });

/**
 * The card's text, read through its CLOSED shadow root. Page scripts (and so page.evaluate)
 * get null from `host.shadowRoot`, and puppeteer's pierce handlers only walk open roots. WebDriver
 * BiDi's serializer, though, hands automation a reference to any shadow root when asked with
 * `includeShadowTree: "all"` (the spec's own way to reach closed roots); we pass that reference
 * back to read its text. This is the same privilege CDP's `pierce` gives the Chromium tests, and
 * needs no test hook in the extension.
 */
async function cardText(page: Page): Promise<string | null> {
  const connection = bidi(env.browser);
  const tree = await connection.send('browsingContext.getTree', {});
  const context = (tree.result.contexts as Array<{ context: string; url: string }>).find(
    (c) => c.url === page.url(),
  )?.context;
  if (!context) throw new Error(`no browsing context for ${page.url()}`);
  const host = await connection.send('script.evaluate', {
    expression: `document.querySelector(${JSON.stringify(CARD_HOST)})`,
    target: { context },
    awaitPromise: false,
    resultOwnership: 'none',
    serializationOptions: { includeShadowTree: 'all', maxDomDepth: 0 },
  });
  const shadowRoot = host.result.result?.value?.shadowRoot;
  if (!shadowRoot) return null;
  expect(shadowRoot.value?.mode).toBe('closed');
  const text = await connection.send('script.callFunction', {
    functionDeclaration: String((root: ShadowRoot) =>
      [...root.children]
        .filter((el) => el.localName !== 'style')
        .map((el) => (el as HTMLElement).innerText)
        .join(' '),
    ),
    arguments: [{ sharedId: shadowRoot.sharedId }],
    target: { context },
    awaitPromise: false,
  });
  return String(text.result.result?.value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

function waitForCard(page: Page, expected: RegExp): Promise<string> {
  return pollCard(() => cardText(page), expected);
}

describe('the demo page in Firefox with the extension', () => {
  it('underlines film titles with a registered highlight and changes no page node', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.demoUrl);
    const before = await page.evaluate(() => document.body.innerHTML);
    await page.waitForFunction(() => (CSS.highlights.get('afterparty-film')?.size ?? 0) >= 5, { timeout: 20_000 });
    const highlighted = await page.evaluate(() =>
      [...(CSS.highlights.get('afterparty-film') ?? [])].map((r) => (r as Range).toString()),
    );
    expect(highlighted).toEqual(
      expect.arrayContaining(['Fugitive Pieces', 'In the Valley of Elah', 'Medicine for Melancholy']),
    );
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
    await page.close();
  });

  it('shows the Fugitive Pieces party on hover, in a closed shadow root, and closes on Escape', async () => {
    const page = await demoPage();
    await hoverText(page, 'Fugitive Pieces');
    const text = await waitForCard(page, /Rosedale/);
    expect(text).toContain('Fugitive Pieces');
    expect(text).toContain('Jeremy Podeswa');
    expect(text).toMatch(/Party/i);
    expect(text).toContain('Thursday, September 6, 2007');
    // The article gives the day and "late evening", not a start time (10:38pm is when the writer arrived).
    expect(text).toContain('late evening');
    expect(text).not.toMatch(/10:38\s?PM EDT/);
    expect(text).toContain('Invitation only');
    // The page itself cannot see into the card.
    expect(
      await page.evaluate((host) => {
        const element = document.querySelector(host);
        return element ? element.shadowRoot : 'no card host';
      }, CARD_HOST),
    ).toBeNull();
    await page.keyboard.press('Escape');
    await page.waitForFunction((host) => document.querySelector(host) === null, { timeout: 5_000 }, CARD_HOST);
    await page.close();
  });

  it('takes a real click in the card once its activation guard has passed (the close button closes it)', async () => {
    const page = await demoPage();
    await hoverText(page, 'Fugitive Pieces');
    await waitForCard(page, /Rosedale/);
    // The close button sits in the card's top right corner (28 px square, inside 14 px of padding).
    const box = await page.evaluate((host) => {
      const rect = document.querySelector(host)!.getBoundingClientRect();
      return { x: rect.right - 14 - 14, y: rect.top + 10 + 14 };
    }, CARD_HOST);
    await page.mouse.move(box.x, box.y, { steps: 3 });
    await new Promise((done) => setTimeout(done, ACTIVATION_DELAY_MS + 200));
    expect(await cardText(page)).toMatch(/Rosedale/);
    await page.mouse.click(box.x, box.y);
    await page.waitForFunction((host) => document.querySelector(host) === null, { timeout: 5_000 }, CARD_HOST);
    await page.close();
  });
});
