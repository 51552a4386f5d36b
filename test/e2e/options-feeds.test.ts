// Subscribing through the options page in real Chromium, against feeds served on 127.0.0.1.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { submitFeed } from './add-feed.ts';
import { harnessWithRoutes, openExtensionPage, waitForCard } from './extension.ts';
import {
  OVER_FEED_LIMIT,
  OVERSIZED_LISTINGS,
  oversizedFeed,
  persepolisFeed,
  PERSEPOLIS_REVIEW,
  TOO_LARGE_WORDS,
} from './tiff-feed.ts';

let partyTitle = 'Persepolis after-party at the Drake';

const PAGE =
  PERSEPOLIS_REVIEW +
  // A film of the built-in listings: the positive control for "the removed feed's film is gone".
  '<p>The party for <em>Fugitive Pieces</em> ran late.</p>';

const env = harnessWithRoutes({
  '/feed.json': () => persepolisFeed(partyTitle),
  '/review.html': PAGE,
  // The same feed twice: once over the size limit, once within it (the positive control).
  '/oversized.json': () => oversizedFeed(OVER_FEED_LIMIT),
  '/sized.json': () => oversizedFeed(0),
});

async function hoverPersepolis(expected: RegExp): Promise<string> {
  const page = await env.harness.context.newPage();
  await page.goto(`${env.served.base}/review.html`);
  await waitForHighlights(page);
  await hoverText(page, 'Persepolis');
  const text = await waitForCard(page, expected);
  await page.close();
  return text;
}

describe('the Feeds section of the options page', () => {
  let options: Page;

  it('adds a feed served on 127.0.0.1 and lists it with its event count', async () => {
    options = await openExtensionPage(env.harness, 'options.html');
    await submitFeed(options, `${env.served.base}/feed.json`);
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
    await submitFeed(options, `${env.served.base}/review.html`);
    await expect(
      options
        .getByRole('region', { name: 'Feeds' })
        .getByRole('alert')
        .filter({ hasText: 'web page' })
        .textContent({ timeout: 15_000 }),
    ).resolves.toMatch(/not a feed/);
  });

  it('refuses a feed over 20 MB with its error, and lists nothing of it', async () => {
    const feeds = options.getByRole('region', { name: 'Feeds' });
    const listed = () => options.locator('li.feed').allTextContents();
    const before = await listed();
    await submitFeed(options, `${env.served.base}/oversized.json`);
    await expect(
      feeds.getByRole('alert').filter({ hasText: '20 MB' }).textContent({ timeout: 30_000 }),
    ).resolves.toContain(TOO_LARGE_WORDS);
    expect(await listed()).toEqual(before);
    // Positive control: the same feed within the limit is added and listed.
    await submitFeed(options, `${env.served.base}/sized.json`);
    await options.locator('li.feed', { hasText: OVERSIZED_LISTINGS }).waitFor({ timeout: 15_000 });
    await expect(feeds.getByRole('status').textContent()).resolves.toContain(`Added “${OVERSIZED_LISTINGS}”.`);
  });

  it('shows the sync line with "Sync now" in the popup', async () => {
    const popup = await openExtensionPage(env.harness, 'popup.html');
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
    const page = await env.harness.context.newPage();
    await page.goto(`${env.served.base}/review.html`);
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
