// What a page's frames ask the worker (docs/privacy.md): the top frame of a page where Afterparty
// runs sends one wake as it starts (src/content-wake/, issue 28), which carries nothing; a frame
// with no text asks nothing else, and a subframe sends no wake. Counted from the worker's own
// timeline: the development build measures every request it answers (router.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForHighlights } from '../../scripts/browser.mjs';
import { MESSAGE_NAMES } from '../../src/messages/index.ts';
import { wokenWorkerForFile } from './woken-worker.ts';

const EMPTY = '<!doctype html><meta charset="utf-8"><title>Empty</title><body></body>';
const worker = wokenWorkerForFile({
  '/empty.html': EMPTY,
  '/textless.html': '<!doctype html><meta charset="utf-8"><title>Frames</title><iframe src="/empty.html"></iframe>',
  '/named.html': '<!doctype html><meta charset="utf-8"><p>We saw Fugitive Pieces at the Elgin.</p>',
  '/framed-text.html': '<!doctype html><meta charset="utf-8"><title>Framed</title><iframe src="/named.html"></iframe>',
});

const REQUESTS = new Set(MESSAGE_NAMES.map((name) => `afterparty:${name}`));

/** The requests the worker has answered so far, by name. */
async function answered(): Promise<string[]> {
  return (await worker.entries()).filter((e) => REQUESTS.has(e.name)).map((e) => e.name.slice('afterparty:'.length));
}

/** What the worker was asked while `path` loaded and settled (the worker is kept running throughout). */
async function askedBy(path: string, settled: (page: Page) => Promise<void>): Promise<string[]> {
  const before = (await answered()).length;
  const page = await worker.harness.context.newPage();
  try {
    await page.goto(`${worker.base}${path}`);
    await settled(page);
    // The content script has run in every frame by the load event (document_idle); anything it
    // would ask of a textless frame goes at once. A second's margin for the messages' delivery.
    await page.waitForTimeout(1_000);
    return (await answered()).slice(before).sort();
  } finally {
    await page.close();
  }
}

describe('what the frames of a page ask the worker', () => {
  it('is the top frame’s wake alone, for a page with no text in any frame', async () => {
    // Running first, so the counts below are of one worker life.
    expect(await worker.underlined()).toBe(2);
    const asked = await askedBy('/textless.html', async (page) => {
      await page.frameLocator('iframe').locator('body').waitFor({ state: 'attached' });
    });
    expect(asked).toEqual(['wake']);
  });

  it('has the text-bearing subframe ask for itself, and still one wake: the subframes send none', async () => {
    // Positive control of the above: the content script runs in the subframe and is counted.
    const asked = await askedBy('/framed-text.html', async (page) => {
      const frame = page.frames().find((f) => f.url().endsWith('/named.html'));
      if (!frame) throw new Error('the subframe did not load');
      await waitForHighlights(frame, 1);
    });
    expect(asked.filter((name) => name === 'wake')).toEqual(['wake']);
    expect(asked).toContain('beginScan');
  });
});
