// How long hostile pages wait on the content script, against the same pages without the
// extension in the same run: the page's own 10 ms heartbeat (test/fixtures/pages/heartbeat.js)
// records every gap; we report the longest one inside the scan's window, with and without the
// extension. The end-to-end tests only check that the scan yields at all; the timings are here,
// where a busy machine shows in both columns alike. Part of `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, bench, describe } from 'vitest';
import { findChromium, launchWithExtension, serveFolder } from '../scripts/browser.mjs';

const PAGES = ['text-nodes.html', 'big-text-node.html', 'deep-shadow.html', 'prototypes.html'];

interface Row {
  page: string;
  scanMs: number;
  withExtensionMs: number;
  withoutExtensionMs: number;
}

async function maxGapBetween(page: Page, start: number, end: number): Promise<number> {
  return page.evaluate(
    ([from, to]) => {
      const gaps = (window as unknown as { heartbeat: { gaps: Array<{ end: number; gap: number }> } }).heartbeat.gaps;
      let max = 0;
      for (const g of gaps) if (g.end - g.gap >= from && g.end <= to + 20 && g.gap > max) max = g.gap;
      return Math.round(max);
    },
    [start, end],
  );
}

async function measure(): Promise<Row[]> {
  const server = await serveFolder('test/fixtures/pages');
  const rows: Row[] = [];
  const dist = process.env.AFTERPARTY_DIST ?? 'dist';
  const { context } = await launchWithExtension({ extensionDir: join(dist, 'chrome') });
  const profile = mkdtempSync(join(tmpdir(), 'afterparty-bench-plain-'));
  const plain = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium() ?? undefined,
    headless: true,
    viewport: { width: 1200, height: 800 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const file of PAGES) {
      const page = await context.newPage();
      await page.goto(server.url + file);
      await page.waitForFunction(() => performance.getEntriesByName('afterparty:scan-end').length > 0, undefined, {
        timeout: 120_000,
        polling: 200,
      });
      const [start, end] = await page.evaluate(() => [
        performance.getEntriesByName('afterparty:scan-start')[0]!.startTime,
        performance.getEntriesByName('afterparty:scan-end')[0]!.startTime,
      ]);
      const withExtensionMs = await maxGapBetween(page, start!, end!);
      await page.close();

      const bare = await plain.newPage();
      await bare.goto(server.url + file);
      await bare.waitForFunction((until) => performance.now() > until + 100, end!, { polling: 100 });
      const withoutExtensionMs = await maxGapBetween(bare, start!, end!);
      await bare.close();
      rows.push({ page: file, scanMs: Math.round(end! - start!), withExtensionMs, withoutExtensionMs });
    }
  } finally {
    await context.close();
    await plain.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}

let result: Row[] | null = null;

afterAll(() => {
  if (!result) return;
  console.log('Hostile pages: longest wait of the page during the scan (ms), with / without the extension');
  for (const r of result) {
    const ratio = r.withoutExtensionMs > 0 ? (r.withExtensionMs / r.withoutExtensionMs).toFixed(2) : 'n/a';
    console.log(
      `  ${r.page.padEnd(20)} scan ${String(r.scanMs).padStart(6)} ms   ${r.withExtensionMs} / ${r.withoutExtensionMs}   ratio ${ratio}`,
    );
  }
  if (process.env.BENCH_JSON) console.log(JSON.stringify({ hostilePages: result }));
}, 600_000);

describe('hostile pages in real Chromium', () => {
  bench(
    'longest page wait during the scan, with and without the extension',
    async () => {
      if (result) return;
      result = await measure();
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
