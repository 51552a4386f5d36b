/// <reference types="chrome" />
import * as esbuild from 'esbuild';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, serveFolder, waitForHighlights } from '../../scripts/browser.mjs';
import { loadCatalog } from '../../scripts/locales.mjs';
import { CARD_HOST, cardText, settleCard, startHarness, type Harness, waitForCard } from './extension.ts';
import { seriousViolations } from './ui-axe.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/**
 * Tab id of a page, asked from the extension's own page (tabs.query needs no permission for ids
 * and URLs of our own tabs; the demo's URL is matched by host permission in dev builds).
 */
async function tabIdOf(page: Page, extPage: Page): Promise<number> {
  const url = page.url();
  return extPage.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1, url);
}

/**
 * Adds an own event tied to Fugitive Pieces, from the extension's page: the built-in listings are
 * of 2007-2010, and the card offers Going and the calendar only for what is still to come.
 */
async function addFugitivePiecesEvent(event: Record<string, unknown>): Promise<string> {
  const ext = await harness.context.newPage();
  await ext.goto(`chrome-extension://${harness.extensionId}/popup.html`);
  const send = async <T>(type: string, params: Record<string, unknown>): Promise<T> => {
    const reply = (await ext.evaluate((m) => chrome.runtime.sendMessage(m), { type, params })) as {
      result?: T;
      error?: string;
    };
    if (!reply.result) throw new Error(`${type}: ${reply.error}`);
    return reply.result;
  };
  const { films } = await send<{ films: Array<{ key: string; title: string }> }>('getSchedule', {});
  const film = films.find((f) => f.title === 'Fugitive Pieces')!.key;
  const added = await send<{ event: { key: string } }>('addUserEvent', {
    event: { kind: 'party', films: [film], festival: null, venue: null, ...event },
  });
  // An own event joins the plan as Going when it is added (#29.2); these tests press the card's
  // buttons on one that is not saved yet.
  const plan = await send<{ saved: Array<{ eventKey: string; status: string }> }>('getPlan', {});
  expect(plan.saved.find((s) => s.eventKey === added.event.key)?.status).toBe('going');
  await send('setSaved', { eventKey: added.event.key, status: null });
  await ext.close();
  return added.event.key;
}

/** A day `days` from today, as "YYYY-MM-DD" in the test machine's zone. */
function dayAhead(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

describe('the hover card in Chromium', () => {
  it('saves an event from the card; the popup lists it under Saved', async () => {
    await addFugitivePiecesEvent({ title: 'Fugitive Pieces reunion', start: `${dayAhead(30)}T21:00:00Z` });
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    await hoverText(page, 'Fugitive Pieces');
    await waitForCard(page, /Fugitive Pieces reunion/);
    expect(await cardText(page)).toMatch(/reunion .*Going Interested .*Add to calendar/);
    // Click "Going" inside the closed shadow root: by coordinates, as a user would.
    const cdp = await page.context().newCDPSession(page);
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: { nodeId: number } };
    const { nodeIds } = (await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: CARD_HOST,
    })) as { nodeIds: number[] };
    expect(nodeIds).toHaveLength(1);
    const box = await buttonBox(cdp, 'Going');
    await page.mouse.move(box.x, box.y, { steps: 4 });
    await settleCard(page);
    await page.mouse.click(box.x, box.y);
    const popup = await harness.context.newPage();
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    await expect
      .poll(
        async () =>
          (await popup.evaluate(() => chrome.runtime.sendMessage({ type: 'getPlan', params: {} }))).result.saved.length,
        { timeout: 5_000 },
      )
      .toBe(1);
    await popup.getByRole('tab', { name: /Saved/ }).click();
    await popup.waitForSelector('.saved .ap-event-title');
    expect(await popup.locator('.saved .ap-event-title').allTextContents()).toEqual(['Fugitive Pieces reunion']);
    expect(await popup.locator('.saved .ap-toggle[aria-pressed="true"]').textContent()).toBe('Going');
    await popup.close();
    await page.close();
  });

  it('opens from the keyboard shortcut for the title at the selection, takes focus, and gives it back on Escape', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    // A focused element to come back to, and the caret on the title.
    await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node as Text).data.indexOf('Fugitive Pieces');
        if (at < 0) continue;
        const holder = node.parentElement!;
        holder.tabIndex = -1;
        holder.focus();
        getSelection()!.setBaseAndExtent(node, at + 3, node, at + 3);
        return;
      }
    });
    const before = await page.evaluate(() => document.activeElement?.tagName);
    const ext = await harness.context.newPage();
    await ext.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const tabId = await tabIdOf(page, ext);
    await page.bringToFront();
    const reply = await ext.evaluate(
      (id) => chrome.tabs.sendMessage(id, { type: 'afterparty:openCard' }, { frameId: 0 }),
      tabId,
    );
    expect(reply).toEqual({ opened: true });
    await waitForCard(page, /Rosedale/);
    const focusInCard = () =>
      page.evaluate((host) => document.activeElement === document.querySelector(host), CARD_HOST);
    expect(await focusInCard()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusInCard()).toBe(true); // focus moves within the card
    await page.keyboard.press('Escape');
    await page.waitForFunction((host) => document.querySelector(host) === null, CARD_HOST);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(before);
    await ext.close();
    await page.close();
  });

  it('downloads one event as an .ics: a day without a stated time stays an all-day event on that day', async () => {
    // Ten days ahead, before the reunion of the first test: its button comes first in the card.
    const day = dayAhead(10);
    await addFugitivePiecesEvent({
      title: 'Fugitive Pieces garden party',
      start: day,
      description: 'The cast, after the screening at the Gardiner Museum.',
    });
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    await hoverText(page, 'Fugitive Pieces');
    await waitForCard(page, /garden party/);
    const cdp = await page.context().newCDPSession(page);
    const box = await buttonBox(cdp, 'Add to calendar');
    await page.mouse.move(box.x, box.y, { steps: 4 });
    await settleCard(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.mouse.click(box.x, box.y)]);
    expect(download.suggestedFilename()).toBe('fugitive-pieces-garden-party.ics');
    const ics = await readFile((await download.path())!, 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const zone of calendar.getAllSubcomponents('vtimezone'))
      ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe('Fugitive Pieces garden party');
    // The event gives the day, not the time: no time is made up.
    // The festival zone of timed events is checked by the popup's plan export (ui-popup.test.ts).
    expect(vevent.startDate.isDate).toBe(true);
    expect(vevent.startDate.toString()).toBe(day);
    expect(vevent.description).toContain('Gardiner Museum');
    await page.close();
  });

  it('moves to the next title hovered while it is open', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    await hoverText(page, 'Fugitive Pieces');
    await waitForCard(page, /Rosedale/);
    const first = (await page.locator(CARD_HOST).boundingBox())!;
    const at = await hoverText(page, 'Medicine for Melancholy');
    await waitForCard(page, /karaoke/i);
    const second = (await page.locator(CARD_HOST).boundingBox())!;
    expect(second.y).not.toBe(first.y);
    // Next to its own title: just below it, or just above it.
    expect(Math.min(Math.abs(second.y - at.y), Math.abs(second.y + second.height - at.y))).toBeLessThan(40);
    await page.close();
  });

  it('flips above a title near the bottom of the viewport without covering it, and closes when the title scrolls away', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    const titleRect = () =>
      page.evaluate(() => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node as Text).data.indexOf('Fugitive Pieces');
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 'Fugitive Pieces'.length);
          const r = range.getClientRects()[0]!;
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        }
        throw new Error('no title');
      });
    // A short window whose bottom edge sits just under the title: no room below.
    const first = await titleRect();
    const height = Math.round(first.bottom + 40);
    await page.setViewportSize({ width: 1200, height });
    const title = await titleRect();
    expect(title.bottom).toBeLessThan(height);
    await page.mouse.move(title.left + 5, title.top - 30);
    await page.mouse.move((title.left + title.right) / 2, (title.top + title.bottom) / 2, { steps: 5 });
    await waitForCard(page, /Rosedale/);
    const card = (await page.locator(CARD_HOST).boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(title.top); // above, not over the title
    expect(card.y).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(1200);
    // Scrolling the title out of view closes the card.
    await page.evaluate(() => window.scrollBy(0, 2000));
    await page.waitForFunction((host) => document.querySelector(host) === null, CARD_HOST, { timeout: 5_000 });
    await page.close();
  });

  it('has no serious or critical axe violations, light and dark (the real Card in an open root)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'afterparty-card-preview-'));
    const bundle = await esbuild.build({
      entryPoints: ['test/e2e/ui-card-preview.tsx'],
      bundle: true,
      write: false,
      format: 'iife',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      logLevel: 'silent',
    });
    const catalog = await loadCatalog(process.cwd(), 'en');
    const ext = await harness.context.newPage();
    await ext.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const { result: index } = await ext.evaluate(() => chrome.runtime.sendMessage({ type: 'getSchedule', params: {} }));
    const keys = index.films
      .filter((f: { title: string }) => /Fugitive Pieces|Young People/.test(f.title))
      .map((f: { key: string }) => f.key);
    const { result: listings } = await ext.evaluate(
      (filmKeys) => chrome.runtime.sendMessage({ type: 'getListings', params: { filmKeys } }),
      keys,
    );
    await ext.close();
    for (const dark of [false, true]) {
      const i18n = `window.chrome = { i18n: { getUILanguage: () => 'en', getMessage: (k, s) => { const m = (${JSON.stringify(catalog)})[k]?.message ?? ''; const subs = [].concat(s ?? []); return m.replace(/\\$(\\d)/g, (_, n) => subs[n - 1] ?? ''); } } };`;
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card preview</title></head><body style="background:${dark ? '#111' : '#fff'}"><main><script>${i18n}\nwindow.PREVIEW = ${JSON.stringify({ ...listings, dark })};</script><script src="preview.js"></script></main></body></html>`;
      await writeFile(join(dir, `card-${dark ? 'dark' : 'light'}.html`), html);
    }
    await writeFile(join(dir, 'preview.js'), bundle.outputFiles[0]!.text);
    const server = await serveFolder(dir);
    try {
      for (const scheme of ['light', 'dark']) {
        const page = await harness.context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${server.url}card-${scheme}.html`);
        await page.waitForTimeout(500);
        expect(errors).toEqual([]);
        await page.waitForFunction(() =>
          ['.ap-card .ap-event', '.ap-badge-over', '.ap-clash', '.ap-shortcut', '.ap-toggle'].every(
            (selector) => document.querySelector('div')?.shadowRoot?.querySelector(selector) != null,
          ),
        );
        expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      }
    } finally {
      // Not awaited: close() waits for Chromium's keep-alive sockets, which outlive the pages.
      void server.close();
    }
  });
});

/** The centre of a button (or link) with this text inside the card, through CDP's pierce. */
async function buttonBox(cdp: import('playwright-core').CDPSession, text: string): Promise<{ x: number; y: number }> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: Node };
  interface Node {
    nodeId: number;
    backendNodeId: number;
    nodeName: string;
    nodeType: number;
    nodeValue?: string;
    children?: Node[];
    shadowRoots?: Node[];
  }
  const textOf = (n: Node): string =>
    n.nodeType === 3 ? (n.nodeValue ?? '') : [...(n.shadowRoots ?? []), ...(n.children ?? [])].map(textOf).join('');
  const found: Node[] = [];
  const walk = (n: Node) => {
    if ((n.nodeName === 'BUTTON' || n.nodeName === 'A') && textOf(n).includes(text)) found.push(n);
    for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) walk(c);
  };
  walk(root);
  if (!found[0]) throw new Error(`no "${text}" button in the card`);
  // The card's body scrolls: the reader brings the button into view first.
  await cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: found[0].backendNodeId });
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: found[0].backendNodeId })) as {
    model: { content: number[] };
  };
  const [x1, y1, , , x3, y3] = model.content as [number, number, number, number, number, number];
  return { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
}
