// Subscribing without friction (#29.5), in real Chromium against feeds served over TLS on
// 127.0.0.1 (test/fixtures/tls; the dev build may reach https://127.0.0.1): an address typed
// without a scheme is read as https, a web page's linked calendar is offered, a remote http://
// address is refused before any permission is asked, a new attempt clears the last error, and
// each feed row shows its address, festivals and days.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { submitFeed } from './add-feed.ts';
import { harnessWithRoutes, openExtensionPage } from './extension.ts';
import { tiffFeed } from './tiff-feed.ts';

const FEED = tiffFeed(
  'Scheme-less listings',
  [{ id: 'persepolis', title: 'Persepolis', year: 2007, directors: [] }],
  [
    {
      id: 'a',
      title: 'Persepolis party',
      kind: 'party',
      films: ['persepolis'],
      festival: 'tiff',
      start: '2007-09-08T23:00:00-04:00',
    },
    {
      id: 'b',
      title: 'Persepolis brunch',
      kind: 'dinner',
      films: ['persepolis'],
      festival: 'tiff',
      start: '2007-09-10T11:00:00-04:00',
    },
  ],
);

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Afterparty tests//EN',
  'X-WR-CALNAME:Linked party calendar',
  'BEGIN:VEVENT',
  'UID:linked-1@test',
  'DTSTART:20080906T230000Z',
  'SUMMARY:Rooftop party',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const PARTIES_PAGE =
  '<!doctype html><html><head><title>Parties</title>' +
  '<link rel="alternate" type="text/calendar" href="../cal/parties.ics" title="Our party calendar">' +
  '</head><body><h1>Parties</h1></body></html>';

const env = harnessWithRoutes(
  { '/feed.json': FEED, '/cal/parties.ics': CALENDAR, '/parties/': PARTIES_PAGE },
  { tls: true },
);
let host = '';
let options: Page;

beforeAll(async () => {
  host = env.served.host;
  options = await openExtensionPage(env.harness, 'options.html');
  await options.getByLabel('Feed or calendar address').waitFor();
  // Counts the permission prompts the page asks for (the polyfill calls chrome.permissions.request).
  await options.evaluate(() => {
    const scope = window as unknown as { permissionAsks: string[] };
    scope.permissionAsks = [];
    const request = chrome.permissions.request.bind(chrome.permissions);
    chrome.permissions.request = ((asked: chrome.permissions.Permissions) => {
      scope.permissionAsks.push(...(asked.origins ?? []));
      return request(asked);
    }) as typeof chrome.permissions.request;
  });
}, 60_000);

const feeds = () => options.getByRole('region', { name: 'Feeds' });
const asks = () => options.evaluate(() => (window as unknown as { permissionAsks: string[] }).permissionAsks.slice());

const submit = (address: string) => submitFeed(options, address);

describe('subscribing on the options page', () => {
  it('takes an address without https://, with no "Please enter a URL." from the browser', async () => {
    const input = options.getByLabel('Feed or calendar address');
    expect(await input.getAttribute('type')).toBe('text');
    await submit(`${host}/feed.json`);
    const row = options.locator('li.feed', { hasText: 'Scheme-less listings' });
    await row.waitFor({ timeout: 20_000 });
    expect(await input.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe('');
    expect(await row.locator('.feed-address').textContent()).toBe(`https://${host}/feed.json`);
    expect(await row.locator('.feed-festivals').textContent()).toBe('Festivals: TIFF 2007');
    expect(await row.locator('.feed-days').textContent()).toBe('Events Sep 8 – 10, 2007');
    expect(await row.locator('.feed-count').textContent()).toBe('2 events');
    expect(await asks()).toEqual(['https://127.0.0.1/*']);
  });

  it('refuses a remote http:// address before asking for any permission', async () => {
    const before = (await asks()).length;
    await submit('http://festival.example/feed.json');
    await expect(feeds().getByRole('alert').textContent()).resolves.toMatch(/secure connection/);
    expect((await asks()).length).toBe(before);
  });

  it('clears the last error when a new attempt starts, and offers the calendar a page links to', async () => {
    const before = (await asks()).length;
    await options.getByLabel('Feed or calendar address').fill(`${host}/parties/`);
    // The error is gone the moment the new attempt starts, whatever its outcome.
    await options.evaluate(() => {
      const scope = window as unknown as { alertsSeen: string[] };
      scope.alertsSeen = [];
      new MutationObserver(() => {
        const alert = document.querySelector('.feeds-panel [role="alert"]');
        scope.alertsSeen.push(alert?.textContent ?? '');
      }).observe(document.querySelector('.feeds-panel')!, { subtree: true, childList: true, characterData: true });
    });
    await options.getByRole('button', { name: 'Add feed' }).click();
    const offer = options.getByRole('group', { name: /links to 1 feed or calendar/ });
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.textContent()).toContain('Our party calendar');
    expect(await offer.locator('.feed-address').textContent()).toBe(`https://${host}/cal/parties.ics`);
    // Positive control of the count above: this attempt asked for its origin.
    expect((await asks()).length).toBe(before + 1);
    expect(await options.evaluate(() => (window as unknown as { alertsSeen: string[] }).alertsSeen[0])).toBe('');
    await offer.getByRole('button', { name: 'Subscribe to Our party calendar' }).click();
    await options.locator('li.feed', { hasText: 'Linked party calendar' }).waitFor({ timeout: 20_000 });
    await expect(feeds().getByRole('status').textContent()).resolves.toContain('Added “Linked party calendar”.');
    expect(await offer.count()).toBe(0);
  });

  it('gives each button one meaning, and keeps a feed switch apart from its Remove', async () => {
    expect(await options.getByRole('button', { name: 'Refresh all feeds' }).count()).toBe(1);
    expect(await options.getByRole('button', { name: /^Sync now$/ }).count()).toBe(0);
    const row = options.locator('li.feed', { hasText: 'Scheme-less listings' });
    const on = await row.locator('.feed-actions label').boundingBox();
    const remove = await row.getByRole('button', { name: 'Remove' }).boundingBox();
    expect(on && remove).toBeTruthy();
    expect(remove!.x - (on!.x + on!.width)).toBeGreaterThanOrEqual(16);
  });
});
