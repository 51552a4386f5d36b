// A feed whose every text field carries script payloads, subscribed through the options page
// ("Feed or calendar address", "Add feed") of the dev build in real Chromium: the options page, the hover card
// and the popup show the payloads as text, run none of them, keep only http(s) links, and let
// no bidirectional override reach the screen.
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { IGNORE_ATTRIBUTE } from '../../src/content/text-extract.ts';
import { submitFeed } from './add-feed.ts';
import { cardText, harnessWithRoutes, openExtensionPage, type Harness } from './extension.ts';

const FILM = 'The Payload Picture';
const GOOD_LINK = 'https://example.com/source-article';
const GOOD_DETAILS = 'https://example.com/party-details';

/** Each payload records its field in window.__pwned if it ever runs, in whatever world it lands. */
function payload(field: string): string {
  const mark = `(window.__pwned=(window.__pwned||[]).concat('${field}'))`;
  return `${field} <img src=x onerror="${mark}"><script>${mark}</script><svg onload="${mark}"><a href="javascript:${mark}">x</a> \u202Eevil\u202C {{constructor.constructor('${mark}')()}}`;
}

function hostileFeed() {
  return {
    afterparty: 1,
    title: payload('feed-title'),
    festivals: [
      { id: 'fest', name: payload('festival'), timeZone: 'America/Toronto', start: '2007-09-04', end: '2007-09-05' },
    ],
    films: [{ id: 'payload', title: FILM, aliases: [payload('alias')], year: 2007, directors: [payload('director')] }],
    events: [
      {
        id: 'party',
        kind: 'party',
        title: payload('event-title'),
        films: ['payload'],
        festival: 'fest',
        start: '2007-09-04T21:00:00-04:00',
        venue: { name: payload('venue'), address: payload('address') },
        host: payload('host'),
        access: 'invite',
        url: 'javascript:window.__pwned=["url"]',
        description: payload('description'),
        source: { name: payload('source'), url: GOOD_LINK },
      },
      {
        id: 'dinner',
        kind: 'dinner',
        title: payload('dinner-title'),
        films: ['payload'],
        festival: 'fest',
        start: '2007-09-05',
        venue: payload('dinner-venue'),
        host: payload('dinner-host'),
        access: 'rsvp',
        url: GOOD_DETAILS,
        source: { name: payload('dinner-source'), url: 'data:text/html,<script>window.__pwned=["data"]</script>' },
      },
    ],
  };
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Festival diary</title></head>
<body><article><h1>Festival diary</h1><p>Last night we saw ${FILM} at the Elgin, then went on to the party.</p></article></body></html>`;

interface DomNode {
  nodeName: string;
  nodeType: number;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

function walk(node: DomNode, visit: (node: DomNode) => void): void {
  visit(node);
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) walk(child, visit);
}

/** Elements and link targets inside the card's closed shadow root, through CDP. */
async function cardDom(cdp: CDPSession): Promise<{ elements: Set<string>; hrefs: string[] }> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const elements = new Set<string>();
  const hrefs: string[] = [];
  let hosts = 0;
  walk(root, (node) => {
    // The card's host: a plain div on <html> carrying our ignore attribute (CARD_HOST).
    const own = node.attributes ?? [];
    const isHost = node.nodeName === 'DIV' && own.some((name, i) => i % 2 === 0 && name === IGNORE_ATTRIBUTE);
    if (!isHost) return;
    hosts += 1;
    walk(node, (inner) => {
      if (inner.nodeType !== 1) return;
      elements.add(inner.nodeName);
      const attributes = inner.attributes ?? [];
      for (let i = 0; i < attributes.length; i += 2) if (attributes[i] === 'href') hrefs.push(attributes[i + 1]!);
    });
  });
  // The absence checks below mean something only if the card was found.
  if (hosts !== 1) throw new Error(`expected one card host, found ${hosts}`);
  return { elements, hrefs };
}

/** What an extension page shows: its text, the elements the feed could have smuggled in, its links. */
async function pageDom(page: Page) {
  return page.evaluate(() => ({
    text: document.body.innerText,
    smuggled: document.querySelectorAll(
      'main img, main script, main svg[onload], main iframe, main object, [onerror], [onload]',
    ).length,
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
    pwned: (window as { __pwned?: unknown }).__pwned ?? null,
  }));
}

// The extension's own pages, which the popup and the options link to (#29.1): no feed writes these.
const OWN_PAGE = /^(?:chrome-extension:\/\/[a-p]{32}\/)?(?:welcome|options)\.html(?:#[a-z-]+)?$/;

function expectSafeLinks(hrefs: string[]): void {
  for (const href of hrefs) expect(href === '#' || /^https?:\/\//.test(href) || OWN_PAGE.test(href), href).toBe(true);
}

const env = harnessWithRoutes({ '/feed.json': JSON.stringify(hostileFeed()), '/': PAGE });
let harness: Harness;
/** The diary page's address, `http://127.0.0.1:PORT/`. */
let siteUrl: string;
const dialogs: string[] = [];

beforeAll(() => {
  ({ harness } = env);
  siteUrl = `${env.served.base}/`;
  harness.context.on('page', (page) =>
    page.on('dialog', (dialog) => void (dialogs.push(dialog.message()), dialog.dismiss())),
  );
});

describe('a feed with script in every field', () => {
  it('is added through the options page and listed as text', async () => {
    const options = await openExtensionPage(harness, 'options.html');
    await submitFeed(options, `${siteUrl}feed.json`);
    await options.locator('.feed h3', { hasText: 'feed-title <img src=x' }).waitFor({ timeout: 20_000 });
    const dom = await pageDom(options);
    expect(dom.text).toContain(`feed-title <img src=x onerror="(window.__pwned=`);
    expect(dom.smuggled).toBe(0);
    expect(dom.pwned).toBeNull();
    expect(dom.text).not.toContain('\u202E');
    expectSafeLinks(dom.hrefs);
    await options.close();
  });

  it('shows the payloads as text in the hover card and runs none of them', async () => {
    const page = await harness.context.newPage();
    await page.goto(siteUrl);
    await waitForHighlights(page);
    const cdp = await page.context().newCDPSession(page);
    await hoverText(page, FILM);
    const deadline = Date.now() + 10_000;
    let text = '';
    while (Date.now() < deadline && !text.includes('dinner-title')) {
      text = (await cardText(page, cdp)) ?? '';
      await page.waitForTimeout(150);
    }
    for (const field of [
      'event-title',
      'venue',
      'address',
      'host',
      'source',
      'director',
      'dinner-title',
      'dinner-venue',
      'dinner-host',
      'dinner-source',
    ]) {
      expect(text, field).toContain(`${field} <img src=x onerror="(window.__pwned=`);
    }
    expect(text).toContain('<script>');
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    const { elements, hrefs } = await cardDom(cdp);
    for (const smuggled of ['IMG', 'SCRIPT', 'SVG', 'IFRAME', 'OBJECT'])
      expect(elements.has(smuggled), smuggled).toBe(false);
    expectSafeLinks(hrefs);
    expect(hrefs).toContain(GOOD_LINK);
    expect(hrefs).toContain(GOOD_DETAILS);
    expect(hrefs.join(' ')).not.toMatch(/javascript:|data:/);
    // The page's own world: where an injected handler in the card's DOM would have run.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
    await page.close();
  });

  it('shows the payloads as text in the popup, on "This page" and in the schedule', async () => {
    const page = await harness.context.newPage();
    await page.goto(siteUrl);
    await waitForHighlights(page);
    const popup = await harness.context.newPage();
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const tabId = await popup.evaluate(async (url) => {
      // The extension page's own API; the dev build's host permission for 127.0.0.1 shows tab URLs.
      const tabs = (
        globalThis as unknown as {
          chrome: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } };
        }
      ).chrome.tabs;
      return (await tabs.query({})).find((tab) => tab.url === url)?.id ?? null;
    }, siteUrl);
    expect(tabId).not.toBeNull();
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html?tab=${tabId}`);
    await popup.getByText('dinner-title <img src=x', { exact: false }).first().waitFor({ timeout: 15_000 });
    let dom = await pageDom(popup);
    expect(dom.text).toContain(`event-title <img src=x onerror="(window.__pwned=`);
    expect(dom.smuggled).toBe(0);
    expectSafeLinks(dom.hrefs);
    await popup.getByRole('tab', { name: 'Schedule' }).click();
    // Festivals that are over are folded under their names: unfold every one, so the payloads
    // in all of them are on screen.
    await popup.locator('details.festival').first().waitFor({ state: 'attached' });
    const folded = popup.locator('details.festival:not([open]) > summary');
    while ((await folded.count()) > 0) await folded.first().click();
    await popup.locator('.day').first().waitFor();
    dom = await pageDom(popup);
    expect(dom.text).toContain(`venue <img src=x onerror="(window.__pwned=`);
    expect(dom.text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(dom.smuggled).toBe(0);
    expect(dom.pwned).toBeNull();
    expectSafeLinks(dom.hrefs);
    expect(dom.hrefs).toContain(GOOD_LINK);
    await popup.close();
    await page.close();
  });

  it('would notice: the same payload rendered as HTML does run', async () => {
    const page = await harness.context.newPage();
    await page.goto(siteUrl);
    await page.evaluate((html) => {
      const host = document.createElement('div');
      host.attachShadow({ mode: 'closed' }).innerHTML = html;
      document.body.append(host);
    }, payload('detector'));
    await page.waitForFunction(() => ((window as { __pwned?: string[] }).__pwned ?? []).includes('detector'), null, {
      timeout: 5_000,
    });
    await page.close();
  });

  it('raised no dialog anywhere', () => {
    expect(dialogs).toEqual([]);
  });
});
