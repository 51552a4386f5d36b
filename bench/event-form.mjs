// Runs bench/event-form.page.ts in Chromium, on a page of 127.0.0.1 (IndexedDB as the worker
// has it): `node bench/event-form.mjs [films] [pairs]`. Prints one JSON line.
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { findChromium, serveFolder } from '../scripts/browser.mjs';

const [films = '100000', pairs = '3'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'afterparty-event-form-'));
await build({ entryPoints: ['bench/event-form.page.ts'], bundle: true, format: 'iife', outfile: join(dir, 'page.js') });
writeFileSync(join(dir, 'index.html'), '<!doctype html><script src="page.js"></script>');
const served = await serveFolder(dir);
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, headless: true });
try {
  const page = await browser.newPage();
  await page.goto(served.url);
  const out = await page.evaluate(([n, p]) => globalThis.measure(n, p), [Number(films), Number(pairs)]);
  console.log(JSON.stringify(out));
} finally {
  await browser.close();
  await served.close();
}
