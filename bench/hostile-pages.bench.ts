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

/**
 * Evaluated over CDP, not page.evaluate: prototypes.html replaces the page's built-ins (Set
 * among them), which Playwright's own helper script in the page relies on.
 */
async function evaluate<T>(page: Page, expression: string): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result, exceptionDetails } = (await cdp.send('Runtime.evaluate', {
      expression,
      returnByValue: true,
    })) as { result: { value: T }; exceptionDetails?: { text: string } };
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
    return result.value;
  } finally {
    await cdp.detach();
  }
}

async function until(page: Page, expression: string, timeout = 120_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await evaluate<boolean>(page, expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

async function maxGapBetween(page: Page, start: number, end: number): Promise<number> {
  return evaluate<number>(
    page,
    `(() => {
      let max = 0;
      for (const g of window.heartbeat.gaps) if (g.end - g.gap >= ${start} && g.end <= ${end} + 20 && g.gap > max) max = g.gap;
      return Math.round(max);
    })()`,
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
      await until(page, "performance.getEntriesByName('afterparty:scan-end').length > 0");
      const [start, end] = await evaluate<[number, number]>(
        page,
        "[performance.getEntriesByName('afterparty:scan-start')[0].startTime, performance.getEntriesByName('afterparty:scan-end')[0].startTime]",
      );
      const withExtensionMs = await maxGapBetween(page, start!, end!);
      await page.close();

      const bare = await plain.newPage();
      await bare.goto(server.url + file);
      await until(bare, `performance.now() > ${end} + 100`);
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
