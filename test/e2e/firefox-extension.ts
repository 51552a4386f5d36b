// The dev build's Firefox package in Debian's firefox-esr, with its own pages (popup, options)
// open as tabs, for the Firefox twins of the Chromium tests. Facts this rests on (firefox-esr 140,
// docs/testing-firefox.md):
// - `--remote-allow-system-access` lets WebDriver BiDi navigate a tab to moz-extension:// and lets
//   Marionette (started beside it) run script in the browser's chrome realm;
// - the pref `extensions.webextensions.uuids` fixes the add-on's moz-extension:// host, so page
//   addresses are known before it is installed;
// - Firefox sends no load events for extension pages, so puppeteer's goto/reload never settle:
//   pages are opened with BiDi's `browsingContext.navigate` (wait: "none") and `document.readyState`
//   polled; puppeteer's Page API (evaluate, real clicks, typing) works on them after that;
// - BiDi's `log.entryAdded` never fires for extension pages or the background (bug 1755014): a
//   process script loaded from the chrome realm hears the console of every process instead.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Browser as BrowserKind, createProfile } from '@puppeteer/browsers';
import puppeteer, {
  type Browser,
  type ConnectionTransport,
  type ElementHandle,
  type Page,
  type Viewport,
} from 'puppeteer-core';
import { NodeWebSocketTransport } from 'puppeteer-core/internal/node/NodeWebSocketTransport.js';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { serveFolder } from '../../scripts/browser.mjs';
import { ACTIVATION_DELAY_MS } from '../../src/content/card-guard.ts';
import { marionette, type Marionette } from './firefox-marionette.ts';
import { setViewport } from './firefox-viewport.ts';

export const ADDON_ID = 'afterparty@afterparty.film';
/** Any fixed v4 UUID: the tests' moz-extension:// host. */
export const ADDON_UUID = '3f6a1c2e-8d4b-4e0a-9a51-0c7d2b6e4f18';
export const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;

/** Resolves to the loopback address in the tests' Firefox, and no build has host permission for it. */
export const UNGRANTED_HOST = 'festival.test';

const FIREFOX_CANDIDATES = [
  '/usr/bin/firefox-esr',
  '/usr/bin/firefox',
  '/Applications/Firefox.app/Contents/MacOS/firefox',
];

export function findFirefox(): string {
  const path = process.env.FIREFOX_PATH ?? FIREFOX_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!path || !existsSync(path)) {
    throw new Error(
      'No Firefox found. Install one (Debian/Ubuntu: `sudo apt-get install -y firefox-esr`) or set FIREFOX_PATH.',
    );
  }
  return path;
}

/** One console entry from the extension's own code (its pages, background and content scripts). */
export interface ConsoleEntry {
  level: string;
  text: string;
  file: string;
}

/**
 * Runs in every process (the parent, the extension's, each content process): forwards console
 * calls and script errors whose add-on id or source file is ours to the parent, where the
 * harness reads them. Errors a page's own script makes are not ours and are not forwarded.
 */
const PROCESS_SCRIPT = `
(() => {
  const ID = ${JSON.stringify(ADDON_ID)};
  const ORIGIN = ${JSON.stringify(`${EXTENSION_ORIGIN}/`)};
  const ours = (addonId, file) => addonId === ID || String(file || '').startsWith(ORIGIN);
  const say = (entry) => { try { sendAsyncMessage('afterparty-e2e:console', entry); } catch {} };
  const text = (values) => (values || []).map((v) => { try { return String(v); } catch { return '?'; } }).join(' ');
  Cc['@mozilla.org/consoleAPI-storage;1'].getService(Ci.nsIConsoleAPIStorage).addLogEventListener(
    (m) => { if (ours(m.addonId, m.filename)) say({ level: m.level, text: text(m.arguments), file: m.filename }); },
    Cc['@mozilla.org/systemprincipal;1'].createInstance(Ci.nsIPrincipal),
  );
  Services.console.registerListener({
    observe(m) {
      // A child's script errors reach the parent's console service too: heard there, once.
      if (Services.appinfo.processType !== Services.appinfo.PROCESS_TYPE_DEFAULT) return;
      if (!(m instanceof Ci.nsIScriptError) || !ours('', m.sourceName)) return;
      const level = m.flags & Ci.nsIScriptError.warningFlag ? 'warn' : m.flags & Ci.nsIScriptError.infoFlag ? 'info' : 'error';
      say({ level, text: m.errorMessage, file: m.sourceName + ':' + m.lineNumber });
    },
  });
})();`;

/** Firefox's own messages when a tab with an extension page closes under a pending call: not our code failing. */
/**
 * Firefox's own words when a page closes or navigates away while one of its extension calls is
 * in flight (the promise then settles for a page that is gone or in the back-forward cache): not
 * the extension's code failing, whatever it does.
 */
const BROWSER_NOISE = [
  /closed conduit/i,
  /Actor 'Conduits' destroyed/,
  /^Promise (resolved|rejected) after context unloaded/,
  /^Promise (resolved|rejected) while context is inactive/,
];

export interface FirefoxHarness {
  browser: Browser;
  /** Runs script in the browser window's chrome realm (firefox-marionette.ts). */
  chrome: Marionette['chrome'];
  profile: string;
  /** Where downloads land. */
  downloads: string;
  /** The extension's console since the last read, errors and all. */
  takeConsole(): Promise<ConsoleEntry[]>;
  close(): Promise<void>;
}

/**
 * Puppeteer's transport over BiDi's socket for the session Marionette opened: puppeteer's
 * `session.new` is answered here with that session.
 */
async function sessionTransport(url: string, session: object): Promise<ConnectionTransport> {
  const socket = await NodeWebSocketTransport.create(url);
  const transport: ConnectionTransport = {
    send(message: string) {
      const command = JSON.parse(message) as { id: number; method: string };
      if (command.method === 'session.new') {
        setTimeout(() => transport.onmessage?.(JSON.stringify({ type: 'success', id: command.id, result: session })));
        return;
      }
      socket.send(message);
    },
    close: () => socket.close(),
  };
  socket.onmessage = (message) => transport.onmessage?.(String(message));
  socket.onclose = () => transport.onclose?.();
  return transport;
}

/**
 * Launches firefox-esr with Marionette and WebDriver BiDi in one session: Firefox allows one
 * WebDriver session, and only Marionette reaches the chrome realm, so Marionette opens the session
 * (asking for a BiDi socket) and puppeteer drives that same session over the socket.
 */
export async function startFirefox(): Promise<FirefoxHarness> {
  const profile = await mkdtemp(join(tmpdir(), 'afterparty-firefox-'));
  // puppeteer's own Firefox profile (no update checks, no network probes: without them the
  // first window takes 20 s), with the tests' fixed add-on host and Marionette on a free port.
  await createProfile(BrowserKind.FIREFOX, {
    path: profile,
    preferences: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
      'marionette.port': 0,
      // Downloads (the plan's .ics) land in the profile's folder without a dialog.
      'browser.download.dir': join(profile, 'downloads'),
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      // A host for the loopback servers that no build grants (the dev build's are 127.0.0.1 and localhost).
      'network.dns.localDomains': UNGRANTED_HOST,
    },
  });
  const child = spawn(
    findFirefox(),
    [
      '--headless',
      '--no-remote',
      '--profile',
      profile,
      '--remote-debugging-port',
      '0',
      '--remote-allow-system-access',
      '--marionette',
      'about:blank',
    ],
    { stdio: 'ignore', env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const kill = async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const { chrome, session } = await marionette(profile);
    const { webSocketUrl } = (session as { capabilities: { webSocketUrl: string } }).capabilities;
    const browser = await puppeteer.connect({
      transport: await sessionTransport(webSocketUrl, session as object),
      protocol: 'webDriverBiDi',
      defaultViewport: null,
    });
    // Listening before the add-on starts, so its first words are heard too.
    await chrome(
      `const [source] = arguments;
       if (!window.__afterpartyConsole) {
         window.__afterpartyConsole = [];
         Services.ppmm.addMessageListener('afterparty-e2e:console', (m) => window.__afterpartyConsole.push(m.data));
         Services.ppmm.loadProcessScript('data:,' + encodeURIComponent(source), true);
       }`,
      [PROCESS_SCRIPT],
    );
    const installed = await browser.installExtension(resolve(process.env.AFTERPARTY_DIST ?? 'dist', 'firefox'));
    expect(installed).toBe(ADDON_ID);
    return {
      browser,
      chrome,
      profile,
      downloads: join(profile, 'downloads'),
      takeConsole: () => chrome<ConsoleEntry[]>('return window.__afterpartyConsole.splice(0);'),
      async close() {
        await browser.close().catch(() => undefined);
        await kill();
      },
    };
  } catch (error) {
    await kill();
    throw error;
  }
}

/**
 * One Firefox for the whole file, and after each test the extension's console: an error from its
 * own code fails the test. (vitest runs each file in its own module graph, so a browser cannot be
 * handed from one file to the next; the Firefox twins share one file and so one browser.)
 */
export function firefoxForFile(): { readonly ff: FirefoxHarness } {
  const env = {} as { ff: FirefoxHarness };
  // A safety net against a hang, not a speed check: on a machine shared by many runs, Firefox's
  // first window has taken over a minute.
  beforeAll(async () => {
    env.ff = await startFirefox();
  }, 180_000);
  afterEach(async () => {
    const entries = await env.ff.takeConsole();
    const errors = entries.filter((e) => e.level === 'error' && !BROWSER_NOISE.some((noise) => noise.test(e.text)));
    expect(errors, 'errors from the extension’s own code').toEqual([]);
  });
  afterAll(async () => {
    await env.ff?.close();
  });
  return env;
}

/**
 * Plain firefox-esr (puppeteer's own launch over BiDi: no Marionette, no chrome realm) with the
 * dev build installed: enough for the content script on web pages (firefox.test.ts, firefox-touch).
 */
export async function launchFirefox(): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: findFirefox(),
    headless: true,
  });
  try {
    const installed = await browser.installExtension(resolve(process.env.AFTERPARTY_DIST ?? 'dist', 'firefox'));
    expect(installed).toBe(ADDON_ID);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}

/** Plain Firefox with the extension and the demo page served, for a test file's whole run. */
export function firefoxDemoForFile(): { readonly browser: Browser; readonly demoUrl: string } {
  const env = {} as { browser: Browser; demo: { url: string; close(): Promise<void> } };
  beforeAll(async () => {
    env.demo = await serveFolder('demo');
    env.browser = await launchFirefox();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.demo?.close();
  });
  return {
    get browser() {
      return env.browser;
    },
    get demoUrl() {
      return env.demo.url;
    },
  };
}

/**
 * The demo page in a new tab of `viewport`, selected (the first-run tab the install opens may come
 * after `newPage` on a slow machine and take the selection, and a background tab's timers and
 * frames are throttled), once the content script has underlined its titles.
 */
export async function openDemoPage(browser: Browser, demoUrl: string, viewport: Viewport): Promise<Page> {
  const page = await browser.newPage();
  await setViewport(page, viewport);
  await page.goto(demoUrl);
  await page.bringToFront();
  await waitForHighlights(page, 5);
  return page;
}

type Reply<T> = { result?: T; error?: string };

/** Sends a message to the background from an extension page, as the pages' own code does. */
export async function ask<T>(page: Page, type: string, params: Record<string, unknown> = {}): Promise<T> {
  // As JSON: objects BiDi builds in an extension page are Xrays the messaging refuses to clone.
  const reply = (await page.evaluate(
    (json) =>
      (
        globalThis as unknown as { browser: { runtime: { sendMessage(m: object): Promise<unknown> } } }
      ).browser.runtime.sendMessage(JSON.parse(json)),
    JSON.stringify({ type, params }),
  )) as Reply<T>;
  if (!reply?.result) throw new Error(`${type}: ${reply?.error}`);
  return reply.result;
}

/** The extension's storage.sync items, read from one of its pages. */
export const syncItems = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { browser: { storage: { sync: { get(k: null): Promise<Record<string, unknown>> } } } }
    ).browser.storage.sync.get(null),
  );

/** Waits until the content script has underlined at least `min` titles in a web page. */
export async function waitForHighlights(page: Page, min = 1): Promise<void> {
  await page.waitForFunction((n) => (CSS.highlights.get('afterparty-film')?.size ?? 0) >= n, { timeout: 20_000 }, min);
}

/** The BiDi browsing context id of a puppeteer page. */
export function contextOf(page: Page): string {
  return (page.mainFrame() as unknown as { _id: string })._id;
}

interface BidiConnection {
  send(method: string, params: object): Promise<{ result: any }>;
}

export function bidi(browser: Browser): BidiConnection {
  return (browser as unknown as { connection: BidiConnection }).connection;
}

/**
 * Opens `url` in `page` and waits until its document is complete. For extension pages, which get
 * no load events in Firefox (page.goto and page.reload would wait for ever), and for web pages alike.
 */
export async function open(page: Page, url: string): Promise<Page> {
  const connection = bidi(page.browser());
  const context = contextOf(page);
  // The document's time origin tells the new document from the old, which may have the same address.
  const state = () =>
    connection
      .send('script.evaluate', {
        expression: 'JSON.stringify([performance.timeOrigin, document.readyState, location.href])',
        target: { context },
        awaitPromise: false,
      })
      .then((reply) => JSON.parse(String(reply.result.result?.value)) as [number, string, string])
      .catch(() => null);
  const before = (await state())?.[0];
  await connection.send('browsingContext.navigate', { context, url, wait: 'none' });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const now = await state();
    if (now && now[0] !== before && now[1] === 'complete' && now[2] === url) return page;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${url} did not finish loading`);
}

/** A new tab on `url`. */
export async function openTab(browser: Browser, url: string): Promise<Page> {
  return open(await browser.newPage(), url);
}

export const extensionUrl = (path: string): string => `${EXTENSION_ORIGIN}/${path}`;

/**
 * Polls `find` in the page until it returns an element. Not page.waitForFunction: puppeteer
 * builds its predicate with Function(), which an extension page's CSP refuses (and logs).
 */
async function pollElement<A extends unknown[]>(
  page: Page,
  find: (...args: A) => Element | null | undefined,
  args: A,
  what: string,
  timeout = 10_000,
): Promise<ElementHandle<Element>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const handle = await page.evaluateHandle(find as (...a: unknown[]) => Element | null, ...args);
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (element) return element;
    await handle.dispose();
    if (Date.now() > deadline) throw new Error(`no ${what} in ${page.url()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The first element matching `selector`; waits for it. */
export function element(page: Page, selector: string, timeout = 10_000): Promise<ElementHandle<Element>> {
  return pollElement(page, (sel: string) => document.querySelector(sel), [selector], selector, timeout);
}

/** The first element matching `selector` whose text contains (or matches) `text`; waits for it. */
export function byText(
  page: Page,
  selector: string,
  text: string | RegExp,
  timeout = 10_000,
): Promise<ElementHandle<Element>> {
  const pattern =
    typeof text === 'string' ? { source: text, flags: 'literal' } : { source: text.source, flags: text.flags };
  return pollElement(
    page,
    (sel: string, p: { source: string; flags: string }) => {
      const test = (s: string) =>
        p.flags === 'literal' ? s.includes(p.source) : new RegExp(p.source, p.flags).test(s);
      return [...document.querySelectorAll(sel)].find((el) => test(el.textContent ?? ''));
    },
    [selector, pattern],
    `${selector} with ${text}`,
    timeout,
  );
}

/** The form control a label names (its text starts with `label`), nested in it or tied by `for`. */
export function control(page: Page, label: string, within = ''): Promise<ElementHandle<Element>> {
  return pollElement(
    page,
    (text: string, scope: string) =>
      [...document.querySelectorAll<HTMLLabelElement>(`${scope} label`)].find((l) =>
        (l.textContent ?? '').trim().startsWith(text),
      )?.control,
    [label, within],
    `control labelled ${label}`,
  );
}

/** Clicks, with the real mouse, the first element matching `selector` whose text contains `text`. */
export async function clickText(page: Page, selector: string, text: string | RegExp): Promise<void> {
  const element = await byText(page, selector, text);
  await element.click();
  await element.dispose();
}

/** Polls `read` until `accept` takes its value; fails with the last value seen. */
export async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((done) => setTimeout(done, 100));
    value = await read();
  }
  return value;
}

/**
 * Runs `read` on the hover card's CLOSED shadow root and returns its value (null without a card).
 * Page scripts get null from `host.shadowRoot`; WebDriver BiDi's serializer hands automation a
 * reference to any shadow root with `includeShadowTree: "all"`, the same privilege CDP's `pierce`
 * gives the Chromium tests (firefox.test.ts).
 */
export async function inCard<T>(page: Page, host: string, read: ((root: ShadowRoot) => T) | string): Promise<T | null> {
  const connection = bidi(page.browser());
  const context = contextOf(page);
  const found = await connection.send('script.evaluate', {
    expression: `document.querySelector(${JSON.stringify(host)})`,
    target: { context },
    awaitPromise: false,
    resultOwnership: 'none',
    serializationOptions: { includeShadowTree: 'all', maxDomDepth: 0 },
  });
  const shadowRoot = found.result.result?.value?.shadowRoot;
  if (!shadowRoot) return null;
  const value = await connection.send('script.callFunction', {
    functionDeclaration: `(root) => JSON.stringify((${typeof read === 'string' ? read : String(read)})(root))`,
    arguments: [{ sharedId: shadowRoot.sharedId }],
    target: { context },
    awaitPromise: false,
  });
  const text = value.result.result?.value;
  return typeof text === 'string' ? (JSON.parse(text) as T) : null;
}

/**
 * Clicks, with the real mouse, the button in the card's closed root whose text is `text`: found
 * and scrolled into the card's view through BiDi, then clicked where it is, as a reader would.
 */
export async function clickInCard(page: Page, host: string, text: string): Promise<void> {
  const find = `(root) => {
    const button = [...root.querySelectorAll('button')].find((b) => (b.textContent ?? '').trim() === ${JSON.stringify(text)});
    if (!button) return null;
    button.scrollIntoView({ block: 'nearest' });
    const r = button.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }`;
  const point = await until(
    () => inCard<{ x: number; y: number } | null>(page, host, find),
    (p) => p !== null,
  );
  await page.mouse.move(point!.x, point!.y, { steps: 3 });
  // The card takes no click until its activation guard has passed (card-guard.ts).
  await new Promise((done) => setTimeout(done, ACTIVATION_DELAY_MS + 200));
  await page.mouse.click(point!.x, point!.y);
}

/** The chrome-realm script that opens the real toolbar popup on the selected tab, as a click on the button does. */
const TRIGGER_ACTION = `
  const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
  const extension = ExtensionParent.GlobalManager.getExtension(arguments[0]);
  ExtensionParent.apiManager.global.browserActionFor(extension).triggerAction(window);`;

/**
 * Opens the toolbar popup (the action's triggerAction: it grants activeTab as a click does) and
 * returns a reader of its document. The popup's <browser> is no tab, so WebDriver BiDi does not
 * list it: a frame script loaded into it from the chrome realm runs `read` on its document.
 */
export async function openToolbarPopup(
  ff: FirefoxHarness,
): Promise<<T>(read: (document: Document) => T) => Promise<T>> {
  await ff.chrome(TRIGGER_ACTION, [ADDON_ID]);
  await until(
    () =>
      ff.chrome<string | null>(
        `return document.querySelector('browser[webextension-view-type="popup"]')?.currentURI?.spec ?? null;`,
      ),
    (spec) => spec === extensionUrl('popup.html'),
  );
  let calls = 0;
  // A frame script loaded while the popup's document is still being swapped in can go unheard
  // (seen once in CI: Marionette's 30 s script timeout): each read waits 5 s, then loads it again.
  return async <T>(read: (document: Document) => T): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const reply = await ff.chrome<{ heard: boolean; value?: T }>(
        `const [name, source] = arguments;
         const browser = document.querySelector('browser[webextension-view-type="popup"]');
         return new Promise((resolve) => {
           const unheard = setTimeout(() => {
             browser.messageManager.removeMessageListener(name, heard);
             resolve({ heard: false });
           }, 5000);
           function heard(message) {
             clearTimeout(unheard);
             browser.messageManager.removeMessageListener(name, heard);
             resolve({ heard: true, value: JSON.parse(message.data) });
           }
           browser.messageManager.addMessageListener(name, heard);
           browser.messageManager.loadFrameScript(
             'data:,' + encodeURIComponent('sendAsyncMessage(' + JSON.stringify(name) + ', JSON.stringify((' + source + ')(content.document)))'),
             false,
           );
         });`,
        [`afterparty-e2e:panel-${++calls}`, String(read)],
      );
      if (reply.heard) return reply.value as T;
      if (attempt === 4) throw new Error('the toolbar popup did not answer its frame script in 4 tries');
    }
  };
}

/**
 * The extension API's id of the selected tab. From the chrome realm: without a host permission
 * for a page, tabs.query hides its address from the extension, so it cannot be looked up by it.
 */
export function selectedTabId(ff: FirefoxHarness): Promise<number> {
  return ff.chrome<number>(
    `const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
     return ExtensionParent.apiManager.global.tabTracker.getId(gBrowser.selectedTab);`,
  );
}
