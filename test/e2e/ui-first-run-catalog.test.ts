/// <reference types="chrome" />
// Raw message keys were once seen in Chromium on an extension page opened right after the
// first-run tab was closed (#29.6): chrome.i18n answering "" and t() falling back to the key.
// Guard: install, let the first-run page open, close it, and at once open the popup, the
// options and the first-run page again; none shows a catalog key (ui_…, sync_…) in its text or
// names. Positive control: a key put in one of those pages is found by the same scan.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../scripts/locales.mjs';
import { launchWithExtension } from '../../scripts/browser.mjs';
import { shownOnPage } from './ui-text-scan.ts';

let context: BrowserContext;
let extensionId: string;
let welcome: Page | null;
let rawKey: RegExp;

beforeAll(async () => {
  const keys = Object.keys((await loadCatalog('.', 'en')) as Record<string, unknown>);
  // Area keys (ui_going) by their areas; the few keys without an area (localeTag) whole.
  const areas = [...new Set(keys.filter((k) => k.includes('_')).map((k) => k.split('_')[0]!))];
  const plain = keys.filter((k) => !k.includes('_'));
  rawKey = new RegExp(`\\b(?:(?:${areas.join('|')})_[A-Za-z0-9_]+|${plain.join('|')})\\b`);
  ({ context, extensionId, welcome } = (await launchWithExtension({
    extensionDir: join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome'),
  })) as { context: BrowserContext; extensionId: string; welcome: Page | null });
});

afterAll(async () => {
  await context?.close();
});

const rawKeysOn = async (page: Page) =>
  (await shownOnPage(page)).words.filter(({ text }) => rawKey.test(text)).map(({ text, where }) => `${where}: ${text}`);

describe('extension pages opened as the first-run tab closes', () => {
  it('show their words, never a raw message key', async () => {
    if (!welcome) throw new Error('the first-run page did not open on install');
    await welcome.waitForSelector('h1');
    const base = `chrome-extension://${extensionId}`;
    const [popup, options, again] = await Promise.all([
      context.newPage(),
      context.newPage(),
      context.newPage(),
      welcome.close(),
    ]);
    await Promise.all([
      popup!.goto(`${base}/popup.html`),
      options!.goto(`${base}/options.html`),
      again!.goto(`${base}/welcome.html`),
    ]);
    await popup!.getByRole('tab', { name: /^Schedule/ }).waitFor();
    await options!.waitForSelector('h2');
    await again!.getByRole('heading', { level: 1, name: 'Welcome to Afterparty' }).waitFor();
    for (const page of [popup!, options!, again!]) expect(await rawKeysOn(page)).toEqual([]);
    // Positive control: the scan finds a key left in a page.
    await popup!.evaluate(() =>
      document.body.append(Object.assign(document.createElement('p'), { textContent: 'ui_going' })),
    );
    expect(await rawKeysOn(popup!)).toEqual(['p: ui_going']);
  });
});
