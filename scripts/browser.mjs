// Shared by `npm start` and the end-to-end tests: find a Chromium, serve a folder on
// 127.0.0.1, and launch Chromium with the built extension loaded.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

export function findChromium(env = process.env) {
  if (env.CHROME_PATH) return existsSync(env.CHROME_PATH) ? env.CHROME_PATH : null;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

export const INSTALL_HINT =
  'No Chromium or Chrome found. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROME_PATH to its executable.';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.ics': 'text/calendar',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Serves a folder on 127.0.0.1 at a free port; resolves to its base URL and a close(). */
export async function serveFolder(folder) {
  const base = resolve(folder);
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(base, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(base)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(done)) };
}

/**
 * Chromium with the unpacked extension in a fresh profile; resolves once its worker runs.
 * @param {{ extensionDir: string, headless?: boolean, executablePath?: string | null, lang?: string | null,
 *   contextOptions?: Record<string, unknown>, extraArgs?: string[] }} options
 */
export async function launchWithExtension({
  extensionDir,
  headless = true,
  executablePath = findChromium(),
  lang = null,
  // Extra options for the context, such as a phone's: { hasTouch, isMobile, viewport }.
  contextOptions = {},
  // Extra command-line switches, such as the benchmarks' --enable-precise-memory-info.
  extraArgs = [],
}) {
  if (!executablePath) throw new Error(INSTALL_HINT);
  const dir = resolve(extensionDir);
  const profile = await mkdtemp(join(tmpdir(), 'afterparty-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless,
    viewport: { width: 1200, height: 800 },
    // The browser's UI language picks the extension's catalog (chrome.i18n); `locale` the page's.
    ...(lang ? { locale: lang } : {}),
    ...contextOptions,
    args: [
      ...(lang ? [`--lang=${lang}`] : []),
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const extensionId = new URL(worker.url()).host;
  const welcomeUrl = `chrome-extension://${extensionId}/welcome.html`;
  // The first-run page the extension opens on install: waited for, so that every run starts
  // from the same tabs (the initial one first, then this one).
  let welcome = null;
  for (let waited = 0; !welcome && waited < 15_000; waited += 100) {
    welcome = context.pages().find((p) => p.url().startsWith(welcomeUrl)) ?? null;
    if (!welcome) await new Promise((done) => setTimeout(done, 100));
  }
  // Left open: closing it and opening another extension page at once can leave that page with
  // no message catalog in Chromium (chrome.i18n.getMessage answering "" for every key).
  return { context, extensionId, worker, profile, welcome };
}

/**
 * The middle of the first occurrence of `text` in the page, scrolled into view. `page` is a
 * Playwright or a Puppeteer page: both evaluate a function with one argument.
 */
export async function pointOfText(page, text) {
  const point = await page.evaluate((needle) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(needle);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + needle.length);
      node.parentElement?.scrollIntoView({ block: 'center' });
      const rect = range.getClientRects()[0];
      return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
    }
    return null;
  }, text);
  if (!point) throw new Error(`"${text}" is not on the page`);
  return point;
}

/** Moves the real mouse onto the middle of the first occurrence of `text` in the page. */
export async function hoverText(page, text) {
  const box = await pointOfText(page, text);
  await page.mouse.move(box.x - 30, box.y + 40);
  await page.mouse.move(box.x, box.y, { steps: 5 });
  return box;
}

/** Waits until the content script has registered its highlight with at least `min` ranges. */
export async function waitForHighlights(page, min = 1) {
  await page.waitForFunction((n) => (CSS.highlights.get('afterparty-film')?.size ?? 0) >= n, min, { timeout: 20_000 });
}
