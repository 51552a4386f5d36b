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
    await popup.waitForSelector('.festival-heading');
    expect(await popup.getByRole('tab').allTextContents()).toEqual(['Cette page', 'Programme', 'Enregistrés']);
    const festival2007 = popup.locator('details.festival', { hasText: 'Film Festival 2007' });
    expect(await festival2007.locator('.festival-meta').textContent()).toMatch(/^passé · \d+ événements$/);
    const headings = await festival2007.locator('.day-heading').allTextContents();
    expect(headings[0]).toBe('jeudi 6 septembre 2007');
    expect(headings.at(-1)).toBe('Date non annoncée');
    // The Canadian Film Centre event: its day, and only its end time, in the French 24-hour form.
    const cfc = festival2007.locator('.slot', { hasText: 'Canadian Film Centre event' });
    expect(await cfc.locator('.slot-time').textContent()).toMatch(/^jusqu’à 15:00 /);
    expect(await festival2007.locator('.slot-time', { hasText: 'Heure à venir' }).count()).toBeGreaterThan(0);
    expect(await popup.locator('.ap-toggle').first().textContent()).toBe('J’y vais');
    expect(await popup.evaluate(() => document.documentElement.lang)).toMatch(/^fr/);
    await popup.close();
  });
});
