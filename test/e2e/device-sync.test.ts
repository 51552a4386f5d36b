/// <reference types="chrome" />
// Sync between browsers in real Chromium: storage.sync is the browser's own (a headless profile
// signed in nowhere keeps it locally, which is all another device's write looks like from here).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { clickCardButtonWithText } from './card-buttons.ts';
import { CARD_HOST, cardText, harnessWithRoutes, openExtensionPage, waitForCard } from './extension.ts';
import { OTHER_BROWSERS_FEED, OTHER_BROWSERS_LISTINGS } from './tiff-feed.ts';
import { seriousViolations } from './ui-axe.ts';

const env = harnessWithRoutes({ '/feed.json': OTHER_BROWSERS_FEED });

const syncItems = (page: Page) => page.evaluate(() => chrome.storage.sync.get(null));

interface DomNode {
  nodeName: string;
  nodeType: number;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

/** The card's pressed save buttons, by text, read through its closed root with CDP. */
async function pressedInCard(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
  const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: CARD_HOST })) as {
    nodeId: number;
  };
  if (!nodeId) return [];
  const { node } = (await cdp.send('DOM.describeNode', { nodeId, depth: -1, pierce: true })) as { node: DomNode };
  const found: string[] = [];
  const text = (n: DomNode): string =>
    n.nodeType === 3 ? (n.nodeValue ?? '') : [...(n.shadowRoots ?? []), ...(n.children ?? [])].map(text).join('');
  const walk = (n: DomNode) => {
    const attrs = n.attributes ?? [];
    const pressed = attrs.findIndex((a, i) => i % 2 === 0 && a === 'aria-pressed');
    if (n.nodeName === 'BUTTON' && pressed >= 0 && attrs[pressed + 1] === 'true') found.push(text(n).trim());
    for (const child of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) walk(child);
  };
  walk(node);
  return found;
}

describe('sync between browsers, in Chromium', () => {
  it('sends a save made in the card to storage.sync, and shows another device’s change in the popup and the card', async () => {
    // The built-in listings are of 2007-2010 and the card offers Going only for what is still to
    // come: a future own event of the film is the one saved from the card.
    const ext = await openExtensionPage(env.harness, 'popup.html');
    const added = (await ext.evaluate(
      (start) =>
        chrome.runtime.sendMessage({
          type: 'addUserEvent',
          params: {
            event: {
              kind: 'party',
              title: 'Fugitive Pieces reunion',
              films: ['default/fugitive-pieces'],
              festival: null,
              start,
              venue: null,
            },
          },
        }),
      new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    )) as { result?: { event: { key: string } } };
    // Out of the plan until the card's click puts it there.
    await ext.evaluate(
      (eventKey) => chrome.runtime.sendMessage({ type: 'setSaved', params: { eventKey, status: null } }),
      added.result!.event.key,
    );
    await ext.close();
    const demo = await env.harness.context.newPage();
    await demo.goto(env.harness.demoUrl);
    await waitForHighlights(demo);
    await hoverText(demo, 'Fugitive Pieces');
    await waitForCard(demo, /reunion/);
    await clickCardButtonWithText(demo, 'Going');
    // The card stays open on the page (the pointer is in it), showing the save.
    await expect.poll(() => pressedInCard(demo), { timeout: 5_000 }).toEqual(['Going']);

    const popup = await env.harness.context.newPage();
    await popup.setViewportSize({ width: 420, height: 600 });
    await popup.goto(`chrome-extension://${env.harness.extensionId}/popup.html`);
    const plan = async () =>
      (await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'getPlan', params: {} }))).result as {
        saved: { eventKey: string; status: string }[];
      };
    await expect.poll(async () => (await plan()).saved.length, { timeout: 5_000 }).toBe(1);
    const [rosedale] = (await plan()).saved;
    // The save lands in storage.sync once the round after the change has run.
    await expect
      .poll(async () => JSON.stringify(await syncItems(popup)), { timeout: 10_000 })
      .toContain(`"v:${rosedale!.eventKey}":[`);
    const stored = await syncItems(popup);
    expect(
      Object.values(stored).some((item) => (item as Record<string, unknown[]>)[`v:${rosedale!.eventKey}`]?.[1] === 'g'),
    ).toBe(true);

    // The popup is open on Saved before the other device writes.
    await popup.getByRole('tab', { name: /Saved/ }).click();
    await popup.waitForSelector('.saved .ap-event-title');
    expect(await popup.locator('.saved .ap-event-title').allTextContents()).toEqual(['Fugitive Pieces reunion']);

    // Another device, a minute later, marks it "Interested" and saves a second event: it writes
    // the whole plan, as Afterparty does, in the format's items.
    const listings = (await popup.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'getListings', params: { filmKeys: ['default/medicine-for-melancholy'] } }),
    )) as { result: { listings: { events: { key: string; title: string }[] }[] } };
    const other = listings.result.listings[0]!.events[0]!;
    await popup.evaluate(
      async ({ rosedaleKey, otherKey }) => {
        const t = (Date.now() + 60_000).toString(36);
        const items = await chrome.storage.sync.get(null);
        const first = { ...(items['ap1.0'] as object) } as Record<string, unknown[]>;
        first[`v:${rosedaleKey}`] = [t, 'i'];
        first[`v:${otherKey}`] = [t, 'g'];
        await chrome.storage.sync.set({ 'ap1.0': first });
      },
      { rosedaleKey: rosedale!.eventKey, otherKey: other.key },
    );
    // Without reopening: the Saved view re-reads.
    await expect
      .poll(async () => (await popup.locator('.saved .ap-event-title').allTextContents()).sort(), { timeout: 10_000 })
      .toEqual(['Fugitive Pieces reunion', other.title].sort());
    const rosedaleItem = popup.locator('.saved li', { hasText: 'Fugitive Pieces reunion' }).first();
    expect(await rosedaleItem.locator('.ap-toggle[aria-pressed="true"]').textContent()).toBe('Interested');

    // And the card still open on the page, without reopening it.
    await expect.poll(() => cardText(demo)).toMatch(/reunion/);
    await expect.poll(() => pressedInCard(demo), { timeout: 5_000 }).toEqual(['Interested']);
    await popup.close();
    await demo.close();
  });

  it('offers the switch in the options page, on by default, saying what is sent; off keeps the plan', async () => {
    const options = await openExtensionPage(env.harness, 'options.html');
    const toggle = options.getByRole('switch', { name: "Keep my plan in sync through this browser's account" });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    const section = options.locator('section.device-sync');
    expect(await section.textContent()).toContain("your browser's sync service");
    await expect.poll(async () => (await section.textContent()) ?? '').toMatch(/takes \d+ KB of the 100 KB/);
    expect(await seriousViolations(options, 'section.device-sync')).toEqual([]);
    const before = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'getPlan', params: {} }));
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    const status = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'getDeviceSync', params: {} }));
    expect(status.result.enabled).toBe(false);
    const after = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'getPlan', params: {} }));
    expect(after.result.saved).toEqual(before.result.saved);
    // Positive control: the plan had something to keep.
    expect(after.result.saved.length).toBeGreaterThan(0);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await options.close();
  });

  it('says in the options page what stayed on this device, and keeps it', async () => {
    const options = await openExtensionPage(env.harness, 'options.html');
    const section = options.locator('section.device-sync');
    await section.waitFor();
    // Positive control: no such message before.
    await expect.poll(async () => (await section.textContent()) ?? '').toMatch(/takes \d+ KB/);
    expect(await section.getByRole('alert').count()).toBe(0);
    // A description in Japanese of 3,000 characters is 9 KB in UTF-8: more than one sync item holds.
    const description = '映画祭のパーティーの夜'.repeat(300);
    const reply = await options.evaluate(
      (event) => chrome.runtime.sendMessage({ type: 'addUserEvent', params: { event } }),
      { title: 'Long notes', kind: 'party', start: '2007-09-07T21:00:00-04:00', films: [], description },
    );
    expect(reply).toHaveProperty('result');
    const alert = section.getByRole('alert');
    await expect
      .poll(async () => (await alert.textContent()) ?? '', { timeout: 10_000 })
      .toContain('Your own events: 1 too big to sync');
    expect(await alert.textContent()).toContain('Nothing is lost');
    expect(JSON.stringify(await syncItems(options))).not.toContain('Long notes');
    // The plan's size is counted as Chromium counts it (UTF-8; `<` and U+2028/9 escaped).
    const status = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'getDeviceSync', params: {} }));
    const inUse = await options.evaluate(() => chrome.storage.sync.getBytesInUse(null));
    expect(status.result.bytes).toBe(inUse);
    expect(inUse).toBeGreaterThan(0);
    const events = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'getUserEvents', params: {} }));
    expect(JSON.stringify(events)).toContain('Long notes');
    expect(await seriousViolations(options, 'section.device-sync')).toEqual([]);
    await options.close();
  });

  it('offers the feeds another browser subscribed to, subscribing only on a click, with the permission asked where it is not given', async () => {
    const options = await openExtensionPage(env.harness, 'options.html');
    await options.locator('section.device-sync').waitFor();
    // The development build may fetch from 127.0.0.1; example.org was never allowed.
    const allowed = `${env.served.base}/feed.json`;
    const waiting = 'https://example.org/parties.json';
    await options.evaluate(
      async (urls) => {
        const t = (Date.now() + 60_000).toString(36);
        const items = await chrome.storage.sync.get(null);
        const last = Object.keys(items).filter((key) => key.startsWith('ap1.')).length;
        await chrome.storage.sync.set({ [`ap1.${last}`]: Object.fromEntries(urls.map((url) => [`f:${url}`, [t, 1]])) });
      },
      [allowed, waiting],
    );
    const section = options.locator('section.device-sync');
    await expect
      .poll(async () => (await section.textContent()) ?? '', { timeout: 10_000 })
      .toContain('waiting for permission to fetch them here');
    expect(await section.getByRole('listitem').filter({ hasText: waiting }).count()).toBe(1);
    expect(await section.getByRole('button', { name: 'Allow and subscribe' }).count()).toBe(1);
    // Never subscribed without a click, even where the origin is allowed (issue 26.7).
    const subscribed = async () =>
      (
        (await options.evaluate(() => chrome.runtime.sendMessage({ type: 'getFeeds', params: {} }))).result.feeds as {
          url: string | null;
        }[]
      ).map((feed) => feed.url);
    await new Promise((done) => setTimeout(done, 3_000));
    expect(await subscribed()).not.toContain(allowed);
    await section
      .getByRole('listitem')
      .filter({ hasText: allowed })
      .getByRole('button', { name: 'Subscribe here too' })
      .click();
    await options
      .locator('.feeds')
      .getByRole('heading', { name: OTHER_BROWSERS_LISTINGS })
      .waitFor({ timeout: 15_000 });
    const urls = await subscribed();
    expect(urls).toContain(allowed);
    expect(urls).not.toContain(waiting);
    await expect
      .poll(() => section.getByRole('listitem').filter({ hasText: allowed }).count(), { timeout: 10_000 })
      .toBe(0);
    expect(await seriousViolations(options, 'section.device-sync')).toEqual([]);
    await options.close();
  });

  it('says which records it left out for their date, and goes on with the others', async () => {
    const options = await openExtensionPage(env.harness, 'options.html');
    const section = options.locator('section.device-sync');
    await section.waitFor();
    await options.evaluate(async () => {
      const items = await chrome.storage.sync.get(null);
      const last = Object.keys(items).filter((key) => key.startsWith('ap1.')).length;
      await chrome.storage.sync.set({
        [`ap1.${last}`]: {
          's:theme': ['zzzzzzzzzzz', 'dark'],
          's:hoverDelay': [(Date.now() + 90 * 86_400_000).toString(36), 900],
          's:travelMode': [(Date.now() + 60_000).toString(36), 'car'],
        },
      });
    });
    const alert = section.locator('.device-sync-left-out [role="alert"]');
    await expect.poll(async () => (await alert.textContent()) ?? '', { timeout: 10_000 }).toContain('“theme”');
    expect(await alert.textContent()).toContain('its date is not a date Afterparty can read');
    expect(await alert.textContent()).toMatch(/“hoverDelay”: it is dated more than a day ahead/);
    // Positive control: the record beside them, dated now, is applied.
    const settings = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'getSettings', params: {} }));
    expect(settings.result.travelMode).toBe('car');
    expect(settings.result.hoverDelay).not.toBe(900);
    expect(await seriousViolations(options, 'section.device-sync')).toEqual([]);
    await options.close();
  });
});
