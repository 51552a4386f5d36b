// Issue 29, items 9 and 10 in Chromium: every element of the popup's views lies within the
// popup's box at 420 and 360 px, light and dark, in English and in French, and axe finds nothing
// serious; counts are plural-aware; the popup's first Tab stop is its first view's content.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../scripts/browser.mjs';
import { seriousViolations } from './ui-axe.ts';

const WIDTHS = [420, 360] as const;
const SCHEMES = ['light', 'dark'] as const;

interface Browser {
  context: BrowserContext;
  extensionId: string;
}

/** Chromium with the built extension, asked for a language (as test/e2e/ui-french.test.ts does). */
async function launch(lang: 'en' | 'fr'): Promise<Browser> {
  const dir = resolve(join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome'));
  const context = await chromium.launchPersistentContext(await mkdtemp(join(tmpdir(), `afterparty-layout-${lang}-`)), {
    executablePath: findChromium() ?? undefined,
    headless: true,
    locale: lang === 'fr' ? 'fr-FR' : 'en-US',
    args: [
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--lang=${lang}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  return { context, extensionId: new URL(worker.url()).host };
}

/**
 * The elements whose box leaves the popup's (the viewport's width), as readable lines; the
 * page's own horizontal overflow too. Elements not rendered (display none, hidden, in a closed
 * disclosure, the screen-reader-only text) take no room and are left out.
 */
async function outside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('.ap-sr, [hidden], style, datalist, option')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (rect.left < -1 || rect.right > width + 1) {
        const name = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
        out.push(
          `${name} [${Math.round(rect.left)}, ${Math.round(rect.right)}] "${(el.textContent ?? '').slice(0, 40)}"`,
        );
      }
    }
    return out;
  });
}

const INVITATION = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:layout-29@example.com',
  'DTSTAMP:20070901T120000Z',
  'DTSTART;TZID=America/Toronto:20070907T200000',
  'SUMMARY:Layout dinner',
  'LOCATION:Bymark',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** Every view of the popup, each brought to its fullest: filters open, a line unfolded, the form and a review open. */
async function checkViews(page: Page, label: string, words: { schedule: RegExp; saved: RegExp; add: string }) {
  const failures: string[] = [];
  const check = async (view: string) => {
    for (const line of await outside(page)) failures.push(`${label} ${view}: ${line}`);
    for (const line of await seriousViolations(page)) failures.push(`${label} ${view} axe: ${line}`);
  };
  await page.getByRole('tab', { name: words.schedule }).click();
  await page.locator('.festival-heading').first().waitFor();
  const folded = page.locator('details.festival:not([open]) > summary');
  while ((await folded.count()) > 0) await folded.first().click();
  await page.locator('.filter-toggle').click();
  await page.locator('.slot-line').first().click();
  await check('schedule');
  await page.getByRole('tab', { name: words.saved }).click();
  await page.getByRole('button', { name: words.add }).click();
  await page.locator('section.import-invitation input[type=file]').setInputFiles({
    name: 'invite.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(INVITATION),
  });
  await page.locator('section.import-invitation .review').waitFor();
  // Badges fit their words, not the width of the list.
  const badge = await page.locator('section.import-invitation .review .ap-badge').first().boundingBox();
  const list = await page.locator('section.import-invitation .review').boundingBox();
  expect(badge!.width).toBeLessThan(list!.width / 2);
  // The import section and its drop zone keep off the popup's edge.
  const drop = await page.locator('section.import-invitation .drop').boundingBox();
  expect(drop!.x).toBeGreaterThanOrEqual(10);
  await check('saved');
  return failures;
}

let en: Browser;
let fr: Browser;

beforeAll(async () => {
  [en, fr] = await Promise.all([launch('en'), launch('fr')]);
});

afterAll(async () => {
  await Promise.all([en?.context.close(), fr?.context.close()]);
});

describe('the popup layout (#29.9) and its first Tab stop (#29.10)', () => {
  for (const [lang, words] of [
    ['en', { schedule: /^Schedule/, saved: /^Saved/, add: 'Add an event' }],
    ['fr', { schedule: /^Programme/, saved: /^Enregistrés/, add: 'Ajouter un événement' }],
  ] as const) {
    it(`keeps every element within the popup at 420 and 360 px, light and dark, in ${lang}`, async () => {
      const browser = lang === 'en' ? en : fr;
      const failures: string[] = [];
      for (const width of WIDTHS) {
        for (const colorScheme of SCHEMES) {
          const page = await browser.context.newPage();
          await page.setViewportSize({ width, height: 600 });
          await page.emulateMedia({ colorScheme });
          await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
          failures.push(...(await checkViews(page, `${lang} ${width}px ${colorScheme}`, words)));
          await page.close();
        }
      }
      expect(failures).toEqual([]);
      // Positive control: the measure does see an element wider than the popup.
      const page = await browser.context.newPage();
      await page.setViewportSize({ width: 360, height: 600 });
      await page.goto(`chrome-extension://${browser.extensionId}/popup.html`);
      await page.locator('.tabs').waitFor();
      await page.evaluate(() => {
        const wide = document.createElement('div');
        wide.className = 'too-wide';
        wide.style.width = '400px';
        document.querySelector('main')?.append(wide);
      });
      expect((await outside(page)).some((line) => line.startsWith('div.too-wide'))).toBe(true);
      await page.close();
      // Four pages, each with axe run twice: longer than the default test timeout on a shared machine.
    }, 300_000);
  }

  it('says counts in the plural rules of the language', async () => {
    const page = await fr.context.newPage();
    await page.goto(`chrome-extension://${fr.extensionId}/popup.html`);
    await page.getByRole('tab', { name: /^Programme/ }).click();
    const meta = async (name: string) =>
      page.locator('details.festival', { hasText: name }).locator('.festival-meta').textContent();
    expect(await meta('2007')).toMatch(/^passé · 11 événements$/);
    expect(await meta('2008')).toMatch(/^passé · 2 événements$/);
    const english = await en.context.newPage();
    await english.goto(`chrome-extension://${en.extensionId}/popup.html`);
    await english.getByRole('tab', { name: 'Saved' }).click();
    // One saved event: "1 saved · 0 clashing", never "1 events".
    const reply = await english.evaluate(() =>
      chrome.runtime.sendMessage({
        type: 'addUserEvent',
        params: { event: { title: 'Solo', kind: 'party', start: '2007-09-07T20:00:00-04:00', films: [] } },
      }),
    );
    expect(reply).toHaveProperty('result');
    await english.reload();
    await english.getByRole('tab', { name: /^Saved/ }).click();
    expect(await english.locator('.saved-summary').textContent()).toBe('1 saved · 0 clashing');
    await english.getByRole('tab', { name: 'Schedule' }).click();
    await english.locator('input[type="search"]').fill('Solo');
    expect(await english.locator('.schedule [role="status"]').first().textContent()).toBe('1 event shown');
    await english.close();
    await page.close();
  });

  it("puts the first Tab stop in the first view's content", async () => {
    const { context, extensionId } = en;
    const page = await context.newPage();
    await page.setViewportSize({ width: 420, height: 600 });
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    await page.locator('.festival-heading').first().waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => ({
      inPanel: document.activeElement?.closest('[role="tabpanel"]') !== null,
      isSiteButton: document.activeElement?.classList.contains('site-button') ?? false,
      tag: document.activeElement?.tagName,
    }));
    expect(first).toMatchObject({ inPanel: true, isSiteButton: false });
    // Positive control: the tab list and the header are still reached, by Shift+Tab.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') === null)).toBe(true);
    await page.close();
  });
});
