/// <reference types="chrome" />
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../scripts/browser.mjs';

let context: BrowserContext;
let extensionId: string;

beforeAll(async () => {
  // The shared harness launches in the system language; this one asks Chromium for French (--lang).
  const dir = resolve(join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome'));
  context = await chromium.launchPersistentContext(await mkdtemp(join(tmpdir(), 'afterparty-fr-')), {
    executablePath: findChromium() ?? undefined,
    headless: true,
    locale: 'fr-FR',
    args: [
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--lang=fr',
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  extensionId = new URL(worker.url()).host;
});

afterAll(async () => {
  await context?.close();
});

describe('the popup in French', () => {
  it('uses the French catalog and formats dates for the French locale', async () => {
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    expect(await popup.evaluate(() => chrome.i18n.getUILanguage())).toMatch(/^fr/);
    await popup.waitForSelector('.day-heading');
    expect(await popup.getByRole('tab').allTextContents()).toEqual(['Cette page', 'Programme', 'Enregistrés']);
    const headings = await popup.locator('.day-heading').allTextContents();
    expect(headings[0]).toBe('jeudi 6 septembre 2007');
    expect(headings.at(-1)).toBe('Date non annoncée');
    expect(await popup.locator('.slot-time').first().textContent()).toMatch(/^21:35 /);
    expect(await popup.locator('.ap-toggle').first().textContent()).toBe('J’y vais');
    expect(await popup.evaluate(() => document.documentElement.lang)).toMatch(/^fr/);
    await popup.close();
  });
});
