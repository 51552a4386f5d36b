// Firefox twin of stored-matcher.test.ts: the background (an event page, which Firefox unloads
// when idle) keeps its matcher as a file of the extension's private file system
// (background/index-file.ts), and reads it back when a page wakes it (the top frame's wake at
// document_start first, src/content-wake/). Extension pages share the
// background's origin, so the file is looked at from one of them.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { ADDON_ID, extensionUrl, firefoxForFile, openTab, until, waitForHighlights } from './firefox-extension.ts';
import { servingRoutes } from './serve-routes.ts';

const env = firefoxForFile();
const site = servingRoutes({
  '/review.html':
    '<!doctype html><meta charset="utf-8"><title>Review</title><p>We saw Fugitive Pieces at the Elgin, then Burn After Reading at the Ryerson.</p>',
});

const TERMINATE_BACKGROUND = `
  const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
  const extension = ExtensionParent.GlobalManager.getExtension(arguments[0]);
  return extension.terminateBackground({ disableResetIdleForTest: true }).then(() => extension.backgroundState);`;

/** The stored matcher's file: its size and when it was last written; null when there is none. */
const storedFile = (page: Page) =>
  page.evaluate(async () => {
    const dir = await navigator.storage.getDirectory();
    const handle = await dir.getFileHandle('matcher-index.bin').catch(() => null);
    if (!handle) return null;
    const file = await handle.getFile();
    return { size: file.size, lastModified: file.lastModified };
  });

/** Loads the review, checks its two underlines, and gives the page's `afterparty:*` marks in time order. */
async function underlined(): Promise<string[]> {
  const review = await openTab(env.ff.browser, `${site.served.base}/review.html`);
  await waitForHighlights(review, 2);
  expect(await review.evaluate(() => CSS.highlights.get('afterparty-film')?.size)).toBe(2);
  const marks = await review.evaluate(() =>
    performance
      .getEntries()
      .filter((e) => e.name.startsWith('afterparty:'))
      .sort((a, b) => a.startTime - b.startTime)
      .map((e) => e.name),
  );
  await review.close();
  return marks;
}

describe('the stored matcher in Firefox', () => {
  it('is written as a file after the first page, and read back by the background once unloaded', async () => {
    const page = await openTab(env.ff.browser, extensionUrl('options.html'));
    // Positive control for the file's checks: the first page has the background build and then store it.
    await underlined();
    const written = await until(
      () => storedFile(page),
      (f) => (f?.size ?? 0) > 1_000,
      30_000,
    );

    expect(await env.ff.chrome(TERMINATE_BACKGROUND, [ADDON_ID])).toBe('stopped');
    const marks = await underlined();
    // The top frame's wake (src/content-wake/) runs at document_start here too, once, before the
    // content script starts (document_end in Firefox); positive control: the content script's own marks.
    expect(marks.filter((name) => name === 'afterparty:wake-sent')).toHaveLength(1);
    expect(marks.indexOf('afterparty:wake-sent')).toBeLessThan(marks.indexOf('afterparty:start'));
    expect(marks).toEqual(expect.arrayContaining(['afterparty:start', 'afterparty:batch']));
    // Read back, not built again: a build would write the file again at its first quiet moment.
    await new Promise((done) => setTimeout(done, 3_000));
    expect(await storedFile(page)).toEqual(written);
    await page.close();
  });
});
