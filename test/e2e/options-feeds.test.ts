// Subscribing through the options page in real Chromium, against feeds served on 127.0.0.1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { startHarness, type Harness, waitForCard } from './extension.ts';

let harness: Harness;
let server: Server;
let base: string;
let partyTitle = 'Persepolis after-party at the Drake';

function feed(): string {
  return JSON.stringify({
    afterparty: 1,
    title: 'Local test listings',
    festivals: [{ id: 'tiff', name: 'TIFF 2007', timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-15' }],
    films: [{ id: 'persepolis', title: 'Persepolis', year: 2007, directors: ['Marjane Satrapi', 'Vincent Paronnaud'] }],
    events: [
      {
        id: 'p-party',
        title: partyTitle,
        kind: 'party',
        films: ['persepolis'],
        festival: 'tiff',
        start: '2007-09-08T23:00:00-04:00',
        venue: 'The Drake Hotel',
        access: 'invite',
      },
      {
        id: 'p-brunch',
        title: 'Persepolis press brunch',
        kind: 'dinner',
        films: ['persepolis'],
        festival: 'tiff',
        start: '2007-09-09T11:00:00-04:00',
      },
    ],
  });
}

const PAGE =
  '<!doctype html><meta charset="utf-8"><title>Review</title><p>Marjane Satrapi’s <em>Persepolis</em> drew the longest queue of the week.</p>' +
  // A film of the built-in listings: the positive control for "the removed feed's film is gone".
  '<p>The party for <em>Fugitive Pieces</em> ran late.</p>';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/feed.json') response.writeHead(200, { 'content-type': 'application/json' }).end(feed());
    else if (request.url === '/review.html')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

async function hoverPersepolis(expected: RegExp): Promise<string> {
  const page = await harness.context.newPage();
  await page.goto(`${base}/review.html`);
  await waitForHighlights(page);
  await hoverText(page, 'Persepolis');
  const text = await waitForCard(page, expected);
  await page.close();
  return text;
}

describe('the Feeds section of the options page', () => {
  let options: Page;

  it('adds a feed served on 127.0.0.1 and lists it with its event count', async () => {
    options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await options.getByLabel('Feed or calendar address').fill(`${base}/feed.json`);
    await options.getByRole('button', { name: 'Add feed' }).click();
    const item = options.locator('li.feed', { hasText: 'Local test listings' });
    await item.waitFor({ timeout: 15_000 });
    const text = await item.textContent();
    expect(text).toContain('JSON');
    expect(text).toContain('2 events');
    expect(text).toMatch(/Last synced/);
    await expect(options.getByRole('region', { name: 'Feeds' }).getByRole('status').textContent()).resolves.toContain(
      'Added “Local test listings”.',
    );
  });

  it('underlines a film only that feed knows, and shows its events on hover', async () => {
    const text = await hoverPersepolis(/Drake/);
    expect(text).toContain(partyTitle);
    expect(text).toContain('Persepolis press brunch');
  });

  it('shows a change in the feed after "Refresh all feeds"', async () => {
    partyTitle = 'Persepolis party moved to the Gladstone';
    await options.getByRole('button', { name: 'Refresh all feeds' }).click();
    await options.getByRole('button', { name: 'Refresh all feeds' }).waitFor({ state: 'visible' });
    await options.waitForFunction(() => !document.querySelector('.feeds-panel button[disabled]'));
    const text = await hoverPersepolis(/Gladstone/);
    expect(text).toContain('Persepolis party moved to the Gladstone');
  });

  it('refuses an address that is not a feed, in plain words', async () => {
    await options.getByLabel('Feed or calendar address').fill(`${base}/review.html`);
    await options.getByRole('button', { name: 'Add feed' }).click();
    await expect(
      options
        .getByRole('region', { name: 'Feeds' })
        .getByRole('alert')
        .filter({ hasText: 'web page' })
        .textContent({ timeout: 15_000 }),
    ).resolves.toMatch(/not a feed/);
  });

  it('shows the sync line with "Sync now" in the popup', async () => {
    const popup = await harness.context.newPage();
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const line = popup.locator('.sync-status');
    await line.waitFor();
    await popup.waitForFunction(() => /synced/i.test(document.querySelector('.sync-line')?.textContent ?? ''));
    expect(await line.textContent()).toMatch(/Listings synced .*Sync now/);
    await popup.getByRole('button', { name: 'Sync now' }).click();
    await popup.waitForFunction(() => /synced/i.test(document.querySelector('.sync-line')?.textContent ?? ''));
    await popup.close();
  });

  it('removes the feed and its films', async () => {
    await options
      .locator('li.feed', { hasText: 'Local test listings' })
      .getByRole('button', { name: 'Remove' })
      .click();
    // The page asks first (issue 25): nothing of this feed was saved.
    const ask = options.getByRole('group', { name: /Remove “Local test listings”\?/ });
    expect(await ask.textContent()).toContain('Nothing you saved comes from this feed.');
    await ask.getByRole('button', { name: 'Remove the feed' }).click();
    await options.locator('li.feed', { hasText: 'Local test listings' }).waitFor({ state: 'detached' });
    const page = await harness.context.newPage();
    await page.goto(`${base}/review.html`);
    // The content script ran its whole scan (its end mark, set by dev builds) and still
    // underlines the built-in film: only the removed feed's film is gone.
    await page.waitForFunction(() => performance.getEntriesByName('afterparty:scan-end').length > 0);
    const underlined = await page.evaluate(() =>
      [...(CSS.highlights.get('afterparty-film') ?? [])].map((range) => range.toString()),
    );
    expect(underlined).toEqual(['Fugitive Pieces']);
    await page.close();
  });
});
