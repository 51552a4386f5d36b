// The highlights Chromium registers on pages newspapers, magazines and film sites published
// (../shared/real-pages), with the pages' catalog subscribed as a feed: precision and recall
// per page and per class, scored as the Node corpus test scores the CLI scan
// (test/core/matching/real-pages-score.ts). The pages are served from the shared folder as
// they are; every request that leaves 127.0.0.1 is refused, as when they were labelled.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveFolder } from '../../scripts/browser.mjs';
import { sharedFolder } from '../shared-folder.ts';
import { readRealPages, scorePage, totals, type Hit } from '../core/matching/real-pages-score.ts';
import { startHarness, type Harness } from './extension.ts';
import { afterAll, beforeAll } from 'vitest';

const PRECISION = 0.97;
const RECALL = 0.96;

const dir = sharedFolder('real-pages');

// The built-in listings' films are in every profile's matcher; the real catalog is what is
// measured, so a highlight spelling one of them (and none of the catalog) counts neither way.
const builtIn = (
  JSON.parse(readFileSync(new URL('../../src/data/default-feed.json', import.meta.url), 'utf8')) as {
    films: Array<{ title: string; aliases?: string[] }>;
  }
).films.flatMap((f) => [f.title, ...(f.aliases ?? [])]);

interface PageRead {
  text: string;
  hits: Hit[];
}

describe.runIf(dir)('real published pages in Chromium', () => {
  // Read in the hook, not while the tests are collected: a skipped suite's body still runs.
  let truth: ReturnType<typeof readRealPages>['truth'];
  let outside: Set<string>;
  let harness: Harness;
  let server: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const pages = readRealPages(dir!);
    truth = pages.truth;
    const catalogTitles = new Set(
      (JSON.parse(pages.catalog) as { films: Array<{ title: string; aliases: string[] }> }).films.flatMap((f) =>
        [f.title, ...f.aliases].map((t) => t.toLowerCase()),
      ),
    );
    outside = new Set(builtIn.map((t) => t.toLowerCase()).filter((t) => !catalogTitles.has(t)));
    server = await serveFolder(dir!);
    harness = await startHarness();
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await options.getByLabel('Feed or calendar address').fill(`${server.url}catalog.json`);
    await options.getByRole('button', { name: 'Add feed' }).click();
    await options.locator('li.feed', { hasText: 'Real pages' }).waitFor({ timeout: 30_000 });
    await options.close();
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
    await server?.close();
  });

  async function read(file: string): Promise<PageRead> {
    const page = await harness.context.newPage();
    const local = new URL(server.url).host;
    await page.route('**/*', (route) =>
      new URL(route.request().url()).host === local ? route.continue() : route.abort(),
    );
    await page.goto(`${server.url}pages/${file}`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName('afterparty:scan-end').length > 0, null, {
      timeout: 60_000,
    });
    // The highlight is brought up to date a moment after the scan's last batch.
    let last = -1;
    for (let size = -2; size !== last;) {
      last = size;
      await page.waitForTimeout(400);
      size = await page.evaluate(() => CSS.highlights.get('afterparty-film')?.size ?? 0);
    }
    const out = await page.evaluate(() => {
      // The page's text nodes in order, joined by a space: the scorer ignores spaces.
      const where = new Map<Node, number>();
      const parts: string[] = [];
      let length = 0;
      const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) =>
          node.parentElement?.closest('script, style, noscript, template, head')
            ? NodeFilter.FILTER_REJECT
            : NodeFilter.FILTER_ACCEPT,
      });
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        where.set(node, length);
        parts.push((node as Text).data, ' ');
        length += (node as Text).data.length + 1;
      }
      const ranges = [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)];
      return {
        text: parts.join(''),
        hits: ranges.flatMap((r) => {
          const start = where.get(r.startContainer);
          const end = where.get(r.endContainer);
          if (start === undefined || end === undefined) return [];
          return [{ filmIds: [], start: start + r.startOffset, end: end + r.endOffset, surface: r.toString() }];
        }),
      };
    });
    await page.close();
    return { text: out.text, hits: out.hits.filter((h) => !outside.has(h.surface.toLowerCase())) };
  }

  it(`has precision of at least ${PRECISION} and recall of at least ${RECALL}`, async () => {
    const scores = [];
    for (const page of truth) {
      const { text, hits } = await read(page.page);
      scores.push(scorePage(page, text, hits));
    }
    const { precision, recall, report } = totals(scores, 'real pages (Chromium highlights)');
    console.log(report);
    expect(scores.length).toBeGreaterThanOrEqual(17);
    expect(precision, report).toBeGreaterThanOrEqual(PRECISION);
    expect(recall, report).toBeGreaterThanOrEqual(RECALL);
  }, 600_000);
});
