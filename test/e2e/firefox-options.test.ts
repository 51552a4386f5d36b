// The options page in Firefox (firefox-esr, the dev build's firefox/ package): the Firefox twins of
// the Chromium tests of its site switch, its device-sync switch and the feeds device sync offers,
// a feed too big, and backup and restore. A Firefox of its own, apart from
// firefox-extension-pages.test.ts: these twins assert the exact counts their originals assert
// (one saved event, nothing else restored), which need a profile that holds nothing else.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  ask,
  byText,
  clickText,
  control,
  element,
  extensionUrl,
  firefoxForFile,
  openTab,
  until,
  waitForHighlights,
} from './firefox-extension.ts';
import { servingFolder, servingRoutes } from './serve-routes.ts';
import {
  OTHER_BROWSERS_FEED,
  OTHER_BROWSERS_LISTINGS,
  OVER_FEED_LIMIT,
  OVERSIZED_LISTINGS,
  oversizedFeed,
  TOO_LARGE_WORDS,
} from './tiff-feed.ts';

const env = firefoxForFile();
const demoSite = servingFolder('demo');
const feeds = servingRoutes({
  '/oversized.json': () => oversizedFeed(OVER_FEED_LIMIT),
  '/sized.json': () => oversizedFeed(0),
  '/feed.json': OTHER_BROWSERS_FEED,
});

const ROSEDALE = 'default/fugitive-pieces-rosedale';

/** The text of the options page's section `selector`, spaces folded. */
const sectionText = (page: Page, selector: string) =>
  page.evaluate((sel) => (document.querySelector(sel)?.textContent ?? '').replace(/\s+/g, ' '), selector);
const DEVICE_SYNC = 'section.device-sync';
const SITES = 'section.sites-panel';

const textOf = (handle: ElementHandle<Element>) => handle.evaluate((el) => (el.textContent ?? '').trim());
const checked = (handle: ElementHandle<Element>) => handle.evaluate((el) => (el as HTMLInputElement).checked);
/** The data section's live line: its class (`error` for a refusal) and its words. */
const dataStatus = (page: Page) =>
  page.evaluate(() => {
    const line = document.querySelector('section[aria-labelledby="data-heading"] [role="status"]');
    return `${line?.className}: ${line?.textContent ?? ''}`;
  });

async function optionsPage(): Promise<Page> {
  const page = await openTab(env.ff.browser, extensionUrl('options.html'));
  await element(page, '#setting-theme');
  return page;
}

/** Chooses `path` in the backup's own file picker (the page has another one, for invitation files). */
async function restoreFrom(page: Page, path: string): Promise<void> {
  const input = (await element(page, 'input[type="file"][accept*="json"]')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(path);
  await input.dispose();
}

describe('the data section in Firefox (twin of the backup test in ui-options.test.ts)', () => {
  it('backs up the user data, refuses a damaged file without losing anything, and restores a good one', async () => {
    const page = await optionsPage();
    expect(await ask(page, 'setSaved', { eventKey: ROSEDALE, status: 'going' })).toBeDefined();
    await clickText(page, 'button', 'Back up my data');
    // Firefox writes a download under a name of its own (one run saw "uEJZeNk4.json") and renames
    // it when done: wait for the backup's name, and a wrong name fails with the folder's listing.
    const backupName = /^afterparty-backup-\d{4}-\d{2}-\d{2}\.json$/;
    const files = await until(
      () => readdir(env.ff.downloads).catch(() => [] as string[]),
      (names) => names.some((f) => backupName.test(f)),
    );
    const name = files.find((f) => backupName.test(f));
    const text = await until(
      () => readFile(join(env.ff.downloads, name!), 'utf8').catch(() => ''),
      (t) => t.endsWith('}\n'),
    );
    const backup = JSON.parse(text);
    expect(backup).toMatchObject({
      format: 'afterparty-backup',
      version: 1,
      saved: [{ eventKey: ROSEDALE, status: 'going' }],
    });

    const file = async (fileName: string, body: string) => {
      const path = join(env.ff.profile, fileName);
      await writeFile(path, body);
      return path;
    };
    await restoreFrom(
      page,
      await file('bad.json', JSON.stringify({ ...backup, saved: [{ eventKey: 'x/y', status: 'maybe', savedAt: '' }] })),
    );
    await until(
      () => dataStatus(page),
      (t) => /^error: .*damaged: saved\[0\]\.status.* Nothing was changed\.$/.test(t),
    );
    await restoreFrom(page, await file('other.json', '{"hello":1}'));
    await until(
      () => dataStatus(page),
      (t) => t === 'error: This is not an Afterparty backup file. Nothing was changed.',
    );
    await restoreFrom(page, await file('notjson.json', '{nope'));
    await until(
      () => dataStatus(page),
      (t) => /^error: .*not JSON.* Nothing was changed\.$/.test(t),
    );
    expect((await ask<{ saved: unknown[] }>(page, 'getPlan')).saved).toHaveLength(1);

    await ask(page, 'setSaved', { eventKey: ROSEDALE, status: null });
    expect((await ask<{ saved: unknown[] }>(page, 'getPlan')).saved).toHaveLength(0);
    await restoreFrom(page, await file('good.json', JSON.stringify(backup)));
    await until(
      () => dataStatus(page),
      (t) => /^status: Restored: 1 saved event, 0 corrections, 0 own events, and 0 own films\./.test(t),
    );
    expect((await ask<{ saved: unknown[] }>(page, 'getPlan')).saved).toHaveLength(1);
    await page.close();
  });
});

describe('the device-sync section in Firefox (twins of device-sync.test.ts)', () => {
  it('offers the switch in the options page, on by default, saying what is sent; off keeps the plan', async () => {
    const options = await optionsPage();
    const toggle = await control(options, "Keep my plan in sync through this browser's account");
    expect(await toggle.evaluate((el) => el.getAttribute('role'))).toBe('switch');
    await until(
      () => toggle.evaluate((el) => (el as HTMLInputElement).disabled),
      (disabled) => !disabled,
    );
    expect(await checked(toggle)).toBe(true);
    expect(await sectionText(options, DEVICE_SYNC)).toContain("your browser's sync service");
    await until(
      () => sectionText(options, DEVICE_SYNC),
      (t) => /takes \d+ KB of the 100 KB/.test(t),
    );
    const before = await ask<{ saved: unknown[] }>(options, 'getPlan');
    await toggle.click();
    await until(
      () => checked(toggle),
      (on) => !on,
    );
    expect((await ask<{ enabled: boolean }>(options, 'getDeviceSync')).enabled).toBe(false);
    const after = await ask<{ saved: unknown[] }>(options, 'getPlan');
    expect(after.saved).toEqual(before.saved);
    // Positive control: the plan had something to keep (the restored save above).
    expect(after.saved.length).toBeGreaterThan(0);
    await toggle.click();
    await until(
      () => checked(toggle),
      (on) => on,
    );
    await options.close();
  });

  it('offers the feeds another browser subscribed to, subscribing only on a click, with the permission asked where it is not given', async () => {
    const options = await optionsPage();
    await element(options, 'section.device-sync');
    // The development build may fetch from 127.0.0.1; example.org was never allowed.
    const allowed = `${feeds.served.base}/feed.json`;
    const waiting = 'https://example.org/parties.json';
    await options.evaluate(
      async (json) => {
        const sync = (
          globalThis as unknown as {
            browser: {
              storage: { sync: { get(k: null): Promise<Record<string, unknown>>; set(i: object): Promise<void> } };
            };
          }
        ).browser.storage.sync;
        const urls = JSON.parse(json) as string[];
        const t = (Date.now() + 60_000).toString(36);
        const items = await sync.get(null);
        const last = Object.keys(items).filter((key) => key.startsWith('ap1.')).length;
        await sync.set({ [`ap1.${last}`]: Object.fromEntries(urls.map((url) => [`f:${url}`, [t, 1]])) });
      },
      JSON.stringify([allowed, waiting]),
    );
    const section = () => sectionText(options, DEVICE_SYNC);
    await until(section, (t) => t.includes('waiting for permission to fetch them here'));
    const items = (url: string) =>
      options.evaluate(
        (wanted) =>
          [...document.querySelectorAll('section.device-sync li')].filter((li) => li.textContent?.includes(wanted))
            .length,
        url,
      );
    expect(await items(waiting)).toBe(1);
    const buttons = (label: string) =>
      options.evaluate(
        (name) =>
          [...document.querySelectorAll('section.device-sync button')].filter((b) => b.textContent?.trim() === name)
            .length,
        label,
      );
    expect(await buttons('Allow and subscribe')).toBe(1);
    // Never subscribed without a click, even where the origin is allowed (issue 26.7).
    const subscribed = async () =>
      (await ask<{ feeds: Array<{ url: string | null }> }>(options, 'getFeeds')).feeds.map((feed) => feed.url);
    await new Promise((done) => setTimeout(done, 3_000));
    expect(await subscribed()).not.toContain(allowed);
    const item = await byText(options, 'section.device-sync li', allowed);
    const subscribe = await item.evaluateHandle((li) =>
      [...li.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Subscribe here too'),
    );
    await (subscribe as ElementHandle<HTMLButtonElement>).click();
    await byText(options, '.feeds h3', OTHER_BROWSERS_LISTINGS, 15_000);
    const urls = await subscribed();
    expect(urls).toContain(allowed);
    expect(urls).not.toContain(waiting);
    await until(
      () => items(allowed),
      (n) => n === 0,
    );
    await options.close();
  });
});

describe('the feeds section in Firefox (twin of the size test in options-feeds.test.ts)', () => {
  it('refuses a feed over 20 MB with its error, and lists nothing of it', async () => {
    const options = await optionsPage();
    const listed = () => options.$$eval('li.feed', (els) => els.map((el) => el.textContent ?? ''));
    const before = await listed();
    const address = await control(options, 'Feed or calendar address');
    await address.type(`${feeds.served.base}/oversized.json`);
    await clickText(options, 'button', 'Add feed');
    const alert = await byText(options, '.feeds-panel [role="alert"]', '20 MB', 30_000);
    expect(await textOf(alert)).toContain(TOO_LARGE_WORDS);
    expect(await listed()).toEqual(before);
    // Positive control: the same feed within the limit is added and listed.
    await address.evaluate((el) => ((el as HTMLInputElement).value = ''));
    await address.type(`${feeds.served.base}/sized.json`);
    await clickText(options, 'button', 'Add feed');
    await byText(options, 'li.feed', OVERSIZED_LISTINGS, 15_000);
    await byText(options, '[role="status"]', `Added “${OVERSIZED_LISTINGS}”.`);
    await options.close();
  });
});

describe('the sites section in Firefox (twin of options-sites.test.ts)', () => {
  it('lists the curated sites, and switches a site that was turned off back on', async () => {
    const page = await optionsPage();
    const curated = await element(page, 'ul.curated-sites');
    expect(await textOf(curated)).toContain('tiff.net and its subdomains');
    expect(await textOf(curated)).toContain('127.0.0.1');
    expect(await sectionText(page, SITES)).toContain('You have not added any site.');
    expect(await sectionText(page, SITES)).toContain('No site is switched off.');

    const demo = await openTab(env.ff.browser, demoSite.served.url);
    await waitForHighlights(demo);
    const underlined = () => demo.evaluate(() => CSS.highlights.has('afterparty-film'));
    // "Disable on this site" in the popup sends this; the open options page follows.
    await ask(page, 'setSiteDisabled', { url: demoSite.served.url, disabled: true });
    await until(underlined, (on) => !on);
    const off = await element(page, 'ul[aria-labelledby="sites-disabled"]', 5_000);
    expect(await textOf(off)).toContain('127.0.0.1');

    await page.bringToFront();
    await clickText(page, 'button[aria-label="Switch Afterparty on again on 127.0.0.1"]', '');
    await byText(page, `${SITES} [role="status"]`, 'Afterparty runs on 127.0.0.1 again.');
    await until(underlined, (on) => on);
    expect(await sectionText(page, SITES)).toContain('No site is switched off.');
    await demo.close();
    await page.close();
  });
});
