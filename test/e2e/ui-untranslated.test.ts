/// <reference types="chrome" />
// "Everything translated" (#29.10): the popup's three views and its add-event form, the options,
// the first-run page and the card, in Chromium with the French catalog (--lang=fr), show no
// English catalog message whose French differs, in text or in a name (aria-label, placeholder,
// title, alt, option), and no native control that speaks the browser's language instead.
// Positive controls: the same pages in English show those messages, and the scan flags a
// <details> without <summary> and a visible file input.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, launchWithExtension, serveFolder, waitForHighlights } from '../../scripts/browser.mjs';
import { waitForCard } from './extension.ts';
import { englishOnly, inEnglish, shownInCard, shownOnPage, type Shown } from './ui-text-scan.ts';

interface Scan {
  english: string[];
  natives: string[];
  words: number;
}

let demo: { url: string; close(): Promise<void> };
let english: Map<string, string>;

beforeAll(async () => {
  demo = await serveFolder('demo');
  english = await englishOnly();
});

afterAll(async () => {
  await demo?.close();
});

/** Every page of the extension, and the card, scanned in one browser whose UI language is `lang`. */
async function scanAll(lang: string): Promise<Scan> {
  const { context, extensionId, welcome } = (await launchWithExtension({
    extensionDir: join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome'),
    lang,
  })) as { context: BrowserContext; extensionId: string; welcome: Page | null };
  const seen: Shown[] = [];
  try {
    const base = `chrome-extension://${extensionId}`;
    const popup = await context.newPage();
    await popup.goto(`${base}/popup.html`);
    await popup.waitForSelector('.festival-heading');
    const tabs = popup.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await popup.waitForTimeout(300);
      seen.push(await shownOnPage(popup));
    }
    // The add-event form, under Saved (the last view).
    await popup.locator('.user-events > button.ap-button').last().click();
    await popup.waitForSelector('.user-event-form');
    seen.push(await shownOnPage(popup));
    const options = await context.newPage();
    await options.goto(`${base}/options.html`);
    await options.waitForSelector('h2');
    await options.waitForTimeout(500);
    seen.push(await shownOnPage(options));
    const first = welcome ?? (await context.newPage());
    if (!welcome) await first.goto(`${base}/welcome.html`);
    await first.waitForSelector('h1');
    seen.push(await shownOnPage(first));
    const page = await context.newPage();
    await page.goto(demo.url);
    await waitForHighlights(page);
    const cdp = await context.newCDPSession(page);
    await hoverText(page, 'Fugitive Pieces');
    await waitForCard(page, /Fugitive Pieces/, { session: cdp });
    seen.push(await shownInCard(cdp));
  } finally {
    await context.close();
  }
  return {
    english: [...new Set(seen.flatMap((s) => inEnglish(s, english)))],
    natives: [...new Set(seen.flatMap((s) => s.natives))],
    words: seen.reduce((n, s) => n + s.words.length, 0),
  };
}

describe('every word in French', () => {
  it('shows no English catalog message and no browser-worded control in French; in English the same scan finds them', async () => {
    const fr = await scanAll('fr');
    expect(fr.words).toBeGreaterThan(300);
    expect(fr.english).toEqual([]);
    expect(fr.natives).toEqual([]);
    // Positive control: the same pages in English show many of those messages.
    const en = await scanAll('en');
    expect(en.english.length).toBeGreaterThan(40);
  }, 180_000);

  it('flags a <details> without <summary> and a visible file input (positive control)', async () => {
    const { context } = (await launchWithExtension({
      extensionDir: join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome'),
    })) as { context: BrowserContext };
    try {
      const page = await context.newPage();
      await page.goto(demo.url);
      await page.evaluate(() => {
        document.body.append(Object.assign(document.createElement('details'), { textContent: 'more' }));
        document.body.append(Object.assign(document.createElement('input'), { type: 'file' }));
        const hidden = Object.assign(document.createElement('input'), { type: 'file', className: 'sr' });
        hidden.style.cssText = 'position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)';
        document.body.append(hidden);
      });
      const { natives } = await shownOnPage(page);
      expect(natives).toEqual(['details without <summary>', "input shows the browser's file button"]);
    } finally {
      await context.close();
    }
  });
});
