/// <reference types="chrome" />
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { cardText, startHarness, type Harness } from './extension.ts';
import { seriousViolations } from './ui-axe.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function options(): Promise<Page> {
  const page = await harness.context.newPage();
  await page.goto(`chrome-extension://${harness.extensionId}/options.html`);
  await page.waitForSelector('#setting-theme');
  return page;
}

const ask = (page: Page, type: string, params: object = {}) =>
  page.evaluate(([t, p]) => chrome.runtime.sendMessage({ type: t, params: p }), [type, params] as const);

describe('the options page in Chromium', () => {
  it('saves display settings from the keyboard, and the card obeys the modifier key', async () => {
    const page = await options();
    await page.locator('#setting-hoverDelay').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('100');
    await page.keyboard.press('Tab');
    await expect.poll(async () => (await ask(page, 'getSettings')).result.hoverDelay).toBe(100);
    await page.locator('#setting-modifierKey').selectOption('alt');
    await page.locator('#setting-showFilmsWithoutListings').focus();
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await ask(page, 'getSettings')).result)
      .toMatchObject({ modifierKey: 'alt', showFilmsWithoutListings: false });
    expect(await page.locator('section[aria-labelledby="display-heading"] [role="status"]').textContent()).toBe(
      'Saved.',
    );
    await page.locator('#setting-theme').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    const demo = await harness.context.newPage();
    await demo.goto(harness.demoUrl);
    await waitForHighlights(demo);
    await hoverText(demo, 'Fugitive Pieces');
    await demo.waitForTimeout(800);
    expect(await cardText(demo)).toBeNull();
    await demo.keyboard.down('Alt');
    await expect.poll(() => cardText(demo), { timeout: 5_000 }).toMatch(/Rosedale/);
    await demo.keyboard.up('Alt');
    await demo.close();

    // The underline style reaches the page as an adopted style sheet (no page node changes).
    await page.locator('#setting-underlineStyle').selectOption('wavy');
    await expect.poll(async () => (await ask(page, 'getSettings')).result.underlineStyle).toBe('wavy');
    const styled = await harness.context.newPage();
    await styled.goto(harness.demoUrl);
    await waitForHighlights(styled);
    await expect
      .poll(() =>
        styled.evaluate(() =>
          [...document.adoptedStyleSheets].some((sheet) =>
            [...sheet.cssRules].some((rule) => /::highlight\(afterparty-film\).*wavy/.test(rule.cssText)),
          ),
        ),
      )
      .toBe(true);
    await styled.close();
    // Films without listings: no card for them once the user turns that off.
    await ask(page, 'setSettings', { patch: { modifierKey: 'none', showFilmsWithoutListings: false } });
    const quiet = await harness.context.newPage();
    await quiet.goto(harness.demoUrl);
    await waitForHighlights(quiet);
    await hoverText(quiet, 'Poor Boys Game');
    await quiet.waitForTimeout(900);
    expect(await cardText(quiet)).toBeNull();
    await hoverText(quiet, 'Fugitive Pieces');
    await expect.poll(() => cardText(quiet), { timeout: 5_000 }).toMatch(/Rosedale/);
    await quiet.close();
    await ask(page, 'setSettings', {
      patch: {
        hoverDelay: 300,
        modifierKey: 'none',
        showFilmsWithoutListings: true,
        theme: 'auto',
        underlineStyle: 'dotted',
      },
    });
    await page.close();
  });

  it('backs up the user data, refuses a damaged file without losing anything, and restores a good one', async () => {
    const page = await options();
    expect(
      await ask(page, 'setSaved', { eventKey: 'default/fugitive-pieces-rosedale', status: 'going' }),
    ).toHaveProperty('result');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Back up my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^afterparty-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const backup = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(backup).toMatchObject({
      format: 'afterparty-backup',
      version: 1,
      saved: [{ eventKey: 'default/fugitive-pieces-rosedale', status: 'going' }],
    });

    // The backup's own picker: the page also has one for invitation files.
    const input = page.locator('input[type="file"][accept*="json"]');
    await input.setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...backup, saved: [{ eventKey: 'x/y', status: 'maybe', savedAt: '' }] })),
    });
    await expect
      .poll(() => page.locator('.panel-section .error[role="status"]').textContent())
      .toMatch(/damaged: saved\[0\]\.status.* Nothing was changed\.$/);
    await input.setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from('{"hello":1}') });
    await expect
      .poll(() => page.locator('.panel-section .error[role="status"]').textContent())
      .toBe('This is not an Afterparty backup file. Nothing was changed.');
    await input.setInputFiles({ name: 'notjson.json', mimeType: 'application/json', buffer: Buffer.from('{nope') });
    await expect
      .poll(() => page.locator('.panel-section .error[role="status"]').textContent())
      .toMatch(/not JSON.* Nothing was changed\.$/);
    expect((await ask(page, 'getPlan')).result.saved).toHaveLength(1);

    await ask(page, 'setSaved', { eventKey: 'default/fugitive-pieces-rosedale', status: null });
    expect((await ask(page, 'getPlan')).result.saved).toHaveLength(0);
    await input.setInputFiles({
      name: 'good.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(backup)),
    });
    await expect
      .poll(() => page.getByText(/^Restored: 1 saved event, 0 corrections, 0 own events, and 0 own films\./).count())
      .toBe(1);
    expect((await ask(page, 'getPlan')).result.saved).toHaveLength(1);
    await page.close();
  });

  it('clears the cache but keeps what the user saved', async () => {
    const page = await options();
    await ask(page, 'setSaved', { eventKey: 'default/fugitive-pieces-rosedale', status: 'going' });
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Clear the cache' }).click();
    await expect.poll(() => page.getByText(/^Cache cleared/).count()).toBe(1);
    expect((await ask(page, 'getPlan')).result.saved).toHaveLength(1);
    // The embedded listings come back at once.
    expect((await ask(page, 'getSchedule')).result.events.length).toBeGreaterThan(10);
    await page.close();
  });

  it('has no serious or critical axe violations, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await options();
      await page.emulateMedia({ colorScheme });
      await page.waitForTimeout(300);
      expect(await seriousViolations(page), colorScheme).toEqual([]);
      await page.close();
    }
  });
});
