// Launches the built dev extension (dist/chrome) in real Chromium with the demo page served.
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchWithExtension, serveFolder } from '../../scripts/browser.mjs';
import { ACTIVATION_DELAY_MS } from '../../src/content/card-guard.ts';
import { IGNORE_ATTRIBUTE } from '../../src/content/text-extract.ts';
import { servingRoutes, type RouteOptions, type Routes, type ServedRoutes } from './serve-routes.ts';

/**
 * The card's host: the element on <html> that carries our ignore attribute (a plain `div`, not
 * a custom element a page could define first and so open the closed root).
 */
export const CARD_HOST = `:root > [${IGNORE_ATTRIBUTE}]`;

/**
 * Waits out the card's activation guard (clicks within ACTIVATION_DELAY_MS of the card
 * appearing or moving are ignored), so the real click that follows counts.
 */
export async function settleCard(page: Page): Promise<void> {
  await page.waitForTimeout(ACTIVATION_DELAY_MS + 200);
  // A rendering update or two, so the browser's visibility verdict on the card is in.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

export interface Harness {
  context: BrowserContext;
  extensionId: string;
  demoUrl: string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Chromium switches, such as `--ignore-certificate-errors` for a server with the test certificate. */
  extraArgs?: string[];
}

export async function startHarness({ extraArgs = [] }: HarnessOptions = {}): Promise<Harness> {
  const server = await serveFolder('demo');
  // AFTERPARTY_DIST lets parallel runs test their own build (node build.mjs --dev --out DIR).
  const { context, extensionId } = await launchWithExtension({
    extensionDir: join(process.env.AFTERPARTY_DIST ?? 'dist', 'chrome'),
    extraArgs,
  });
  return {
    context,
    extensionId,
    demoUrl: server.url,
    async close() {
      await context.close();
      await server.close();
    },
  };
}

interface DomNode {
  nodeName: string;
  nodeType: number;
  nodeValue?: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

function textOf(node: DomNode): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (node.nodeName === 'STYLE') return '';
  return [...(node.shadowRoots ?? []), ...(node.children ?? [])].map(textOf).join(' ');
}

/**
 * The hover card's text, read through its closed shadow root with CDP (page scripts, and
 * so page.evaluate, cannot see inside it). The host sits on <html> and is looked up alone:
 * a whole-document dump fails on pages with 100 nested shadow roots.
 */
export async function cardText(page: Page, session?: CDPSession): Promise<string | null> {
  const cdp = session ?? (await page.context().newCDPSession(page));
  const { root } = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
  const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: CARD_HOST })) as {
    nodeId: number;
  };
  if (!nodeId) return null;
  let node: DomNode;
  try {
    ({ node } = (await cdp.send('DOM.describeNode', { nodeId, depth: -1, pierce: true })) as { node: DomNode });
  } catch (error) {
    // The host was taken out between the two calls (the card closed or moved to another title):
    // no card at that moment, as if the query had come a moment later (CI once met it).
    if (error instanceof Error && /Could not find node with given id/.test(error.message)) return null;
    throw error;
  }
  return textOf(node).replace(/\s+/g, ' ').trim();
}

/** Polls a card reader until the text matches, and returns it; fails with the last text seen. */
// The card's loading line (ui_loadingFor), in both catalogs the e2e tests use.
const LOADING = /Loading events for|Chargement des événements/;

export async function pollCard(
  read: () => Promise<string | null>,
  expected: RegExp,
  timeout = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeout;
  let text: string | null = null;
  while (Date.now() < deadline) {
    text = await read();
    // A card still loading names its film ("Loading events for “Persepolis”…"), which a pattern
    // for the film alone would take for the events: wait for them.
    if (text && expected.test(text) && !LOADING.test(text)) return text;
    await new Promise((done) => setTimeout(done, 120));
  }
  throw new Error(`card never showed ${expected}; last text: ${text}`);
}

/** Waits until the card in a Chromium page shows `expected`, and returns its text. */
export async function waitForCard(
  page: Page,
  expected: RegExp,
  { session, timeout = 10_000 }: { session?: CDPSession; timeout?: number } = {},
): Promise<string> {
  const cdp = session ?? (await page.context().newCDPSession(page));
  return pollCard(() => cardText(page, cdp), expected, timeout);
}

/**
 * Opens `url` in a tab, then the popup page pointed at that tab (`?tab=`, as the toolbar popup
 * would be), on "This page".
 */
export async function popupOnPage(context: BrowserContext, extensionId: string, url: string): Promise<Page> {
  const site = await context.newPage();
  await site.goto(url);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const tabId = await popup.evaluate(async (pageUrl) => {
    const api = (
      globalThis as unknown as {
        chrome: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } };
      }
    ).chrome;
    return (await api.tabs.query({})).find((tab) => tab.url === pageUrl)?.id ?? null;
  }, url);
  if (tabId === null) throw new Error(`no tab shows ${url}`);
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tab=${tabId}`);
  await popup.getByRole('tab', { name: /^This page/ }).click();
  return popup;
}

/** The extension for a test file's whole run; `harness` is set once the file's beforeAll has run. */
export function harnessForFile(options: HarnessOptions = {}): { readonly harness: Harness } {
  const env = {} as { harness: Harness };
  beforeAll(async () => {
    env.harness = await startHarness(options);
  });
  afterAll(async () => {
    await env.harness?.close();
  });
  return env;
}

/**
 * The extension and routes served beside it (serve-routes.ts), for a test file's whole run: the
 * set-up of every file that subscribes to a feed it serves. With `tls`, Chromium accepts the
 * test certificate.
 */
export function harnessWithRoutes(
  routes: Routes,
  options: RouteOptions = {},
): { readonly harness: Harness; readonly served: ServedRoutes } {
  const feeds = servingRoutes(routes, options);
  const browser = harnessForFile(options.tls ? { extraArgs: ['--ignore-certificate-errors'] } : {});
  return {
    get harness() {
      return browser.harness;
    },
    get served() {
      return feeds.served;
    },
  };
}

/** An extension page (`options.html`, `popup.html?tab=3`) in a new tab. */
export async function openExtensionPage(harness: Harness, path: string): Promise<Page> {
  const page = await harness.context.newPage();
  await page.goto(`chrome-extension://${harness.extensionId}/${path}`);
  return page;
}

/** The extension and a folder of pages served beside it, for a test file's whole run. */
export interface ServedHarness {
  harness: Harness;
  fixtures: { url: string; close(): Promise<void> };
}

/** Starts both before the file's tests and closes both after them; the fields are set once they run. */
export function harnessServing(folder: string): ServedHarness {
  const env = {} as ServedHarness;
  beforeAll(async () => {
    env.harness = await startHarness();
    env.fixtures = await serveFolder(folder);
  });
  afterAll(async () => {
    await env.harness?.close();
    await env.fixtures?.close();
  });
  return env;
}
