/// <reference types="chrome" />
// Storage closed to the content script in real Chromium (issue 26.5): a compromised page
// process runs code in the content script's world, so sync and local storage refuse it there,
// and the changes it used to hear through storage.local reach it by tab message instead.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHighlights } from '../../scripts/browser.mjs';
import { startHarness, type Harness } from './extension.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** Evaluates in the content script's isolated world of the page's top frame, through CDP. */
async function contentWorld(page: Page): Promise<(expression: string) => Promise<unknown>> {
  const cdp = await page.context().newCDPSession(page);
  const contexts = new Map<number, string>();
  cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.set(context.id, context.name));
  cdp.on('Runtime.executionContextDestroyed', ({ executionContextId }) => contexts.delete(executionContextId));
  await cdp.send('Runtime.enable');
  await page.goto(harness.demoUrl);
  await waitForHighlights(page);
  const world = [...contexts].find(([, name]) => name === 'Afterparty')?.[0];
  expect(world).toBeDefined();
  return async (expression) =>
    (
      (await cdp.send('Runtime.evaluate', {
        expression,
        contextId: world,
        awaitPromise: true,
        returnByValue: true,
      })) as {
        result: { value: unknown };
      }
    ).result.value;
}

const ask = (page: Page, type: string, params: object = {}) =>
  page.evaluate(([t, p]) => chrome.runtime.sendMessage({ type: t, params: p }), [type, params] as const);

describe('storage closed to the content script, in Chromium', () => {
  it('refuses sync and local storage in the content script’s world, which still reaches the worker', async () => {
    const page = await harness.context.newPage();
    const inContentScript = await contentWorld(page);
    const attempt = (area: string) =>
      inContentScript(`chrome.storage.${area}.get(null).then(() => "read", (e) => e.message)`);
    expect(await attempt('sync')).toMatch(/not allowed/);
    expect(await attempt('local')).toMatch(/not allowed/);
    expect(
      await inContentScript(
        "chrome.storage.local.set({ 'deviceSync.ledger': {} }).then(() => 'written', (e) => e.message)",
      ),
    ).toMatch(/not allowed/);
    // Positive controls: the same world is answered by the worker, and the options page still reads local storage.
    expect(
      await inContentScript("chrome.runtime.sendMessage({ type: 'getSiteSwitch', params: {} }).then((r) => r.result)"),
    ).toEqual({ disabled: false });
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    expect(await options.evaluate(() => chrome.storage.local.get(null).then(() => 'read'))).toBe('read');
    // Device sync's ledger and status are kept in IndexedDB, not there.
    const keys = Object.keys(await options.evaluate(() => chrome.storage.local.get(null)));
    expect(keys.filter((key) => key.startsWith('deviceSync.'))).toEqual([]);
    await options.close();
    await page.close();
  });

  it('still tells an open page of a change made in the options page', async () => {
    const page = await harness.context.newPage();
    await contentWorld(page);
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    // Switching the site off in our own page: the content script hears it and clears its underlines.
    await ask(options, 'setSiteDisabled', { url: harness.demoUrl, disabled: true });
    await page.waitForFunction(() => !CSS.highlights.has('afterparty-film'), null, { timeout: 5_000 });
    // And back on: a second change is heard too.
    await ask(options, 'setSiteDisabled', { url: harness.demoUrl, disabled: false });
    await waitForHighlights(page);
    await options.close();
    await page.close();
  });
});
