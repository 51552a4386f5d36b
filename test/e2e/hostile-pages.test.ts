// Hostile pages in real Chromium: the content script works in slices that let the page run
// (a 10 ms heartbeat in the page beats while the scan is under way), and the extension still
// works afterwards (hovering a title shows the card). How long the page waits is a timing,
// measured against the same page without the extension by `npm run bench`
// (bench/hostile-pages.bench.ts), never asserted here: a busy machine stretches every gap.
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARD_HOST, cardText, harnessServing, waitForCard } from './extension.ts';

const env = harnessServing('test/fixtures/pages');

/** Evaluates in the page over raw CDP: Playwright's helpers use Array methods some pages break. */
async function evaluate<T>(cdp: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = (await cdp.send('Runtime.evaluate', {
    expression,
    returnByValue: true,
    awaitPromise: true,
  })) as {
    result: { value: T };
    exceptionDetails?: { text: string };
  };
  if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
  return result.value;
}

async function until(cdp: CDPSession, expression: string, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await evaluate<boolean>(cdp, expression))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

interface Responsiveness {
  scanMs: number;
  /** Longest the page's 10 ms heartbeat waited while the content script scanned (logged, not asserted). */
  maxGapMs: number;
  /**
   * Heartbeats that ran strictly between the scan's start and end marks: a scan done in one
   * task leaves none there, however fast or slow the machine is.
   */
  beatsDuringScan: number;
}

/** Heartbeat gaps and beats between the scan's start and end. */
async function scanResponsiveness(
  cdp: CDPSession,
  from = 'afterparty:scan-start',
  to = 'afterparty:scan-end',
): Promise<Responsiveness> {
  await until(cdp, `performance.getEntriesByName(${JSON.stringify(to)}).length > 0`, 45_000);
  return evaluate<Responsiveness>(
    cdp,
    `(() => {
      const start = performance.getEntriesByName(${JSON.stringify(from)}).at(-1).startTime;
      const end = performance.getEntriesByName(${JSON.stringify(to)}).at(-1).startTime;
      let max = 0;
      for (const g of window.heartbeat.gaps) if (g.end - g.gap >= start && g.end <= end + 20 && g.gap > max) max = g.gap;
      // A plain loop: prototypes.html breaks Array.prototype.filter in the page.
      let beatsDuringScan = 0;
      for (const t of window.heartbeat.beats) if (t > start && t < end) beatsDuringScan++;
      return { scanMs: Math.round(end - start), maxGapMs: Math.round(max), beatsDuringScan };
    })()`,
  );
}

/**
 * Moves the real mouse onto the text of the element `selector` finds (an element, not a text
 * search: some pages break TreeWalker).
 */
async function hoverShowsCard(page: Page, cdp: CDPSession, selector: string, expected: RegExp): Promise<string> {
  const box = await evaluate<{ x: number; y: number } | null>(
    cdp,
    `(() => {
      const element = document.querySelector(${JSON.stringify(selector)});
      if (!element) return null;
      element.scrollIntoView({ block: 'center' });
      const range = new Range();
      range.selectNodeContents(element);
      const rect = range.getClientRects()[0];
      return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
    })()`,
  );
  if (!box) throw new Error(`${selector} is not on the page`);
  await page.mouse.move(box.x - 40, box.y + 60);
  await page.mouse.move(box.x, box.y, { steps: 5 });
  return waitForCard(page, expected, { session: cdp });
}

async function open(file: string): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await env.harness.context.newPage();
  const cdp = await env.harness.context.newCDPSession(page);
  await page.goto(env.fixtures.url + file);
  return { page, cdp };
}

describe('hostile pages', () => {
  it('200,000 text nodes: scanned in slices, titles found, card works', async () => {
    const { page, cdp } = await open('text-nodes.html');
    const r = await scanResponsiveness(cdp);
    console.log('200,000 text nodes:', r);
    expect(r.beatsDuringScan).toBeGreaterThan(0);
    expect(await evaluate<number>(cdp, "CSS.highlights.get('afterparty-film').size")).toBeGreaterThanOrEqual(200);
    await hoverShowsCard(page, cdp, '#last i', /Happy-Go-Lucky/);
    await page.close();
  });

  it('a 5 MB text node: matched in overlapping windows, not painted, card works', async () => {
    const { page, cdp } = await open('big-text-node.html');
    const r = await scanResponsiveness(cdp);
    console.log('5 MB text node:', r);
    // Chromium repaints the whole node for any highlight range in it (130-230 ms measured, with
    // no script running), so titles in a node over PAINT_LIMIT are found but not painted.
    expect(r.beatsDuringScan).toBeGreaterThan(0);
    const painted = await evaluate<string[]>(
      cdp,
      "[...CSS.highlights.get('afterparty-film')].map((r) => r.startContainer.parentElement.closest('p').id)",
    );
    expect(painted).toEqual(['last']);
    await hoverShowsCard(page, cdp, '#last i', /Medicine for Melancholy/);
    await page.keyboard.press('Escape');
    // A title inside the 5 MB node: found, so its card opens on hover although it is not underlined.
    const box = await evaluate<{ x: number; y: number } | null>(
      cdp,
      `(() => {
        const text = document.getElementById('big').firstChild;
        const at = text.data.indexOf('Fugitive Pieces');
        const range = new Range();
        range.setStart(text, at);
        range.setEnd(text, at + 'Fugitive Pieces'.length);
        document.getElementById('big').scrollIntoView({ block: 'start' });
        const rect = range.getClientRects()[0];
        return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
      })()`,
    );
    expect(box).not.toBeNull();
    await page.mouse.move(box!.x - 40, box!.y + 60);
    await page.mouse.move(box!.x, box!.y, { steps: 5 });
    expect(await waitForCard(page, /Fugitive Pieces/, { session: cdp })).toMatch(/Rosedale/);
    await page.close();
  });

  it('a mutation storm of 1,000 mutations a second for 10 seconds: rescans debounced, new titles found', async () => {
    const { page, cdp } = await open('mutation-storm.html');
    await until(cdp, "performance.getEntriesByName('afterparty:scan-end').length > 0");
    const result = await evaluate<{ mutations: number; maxGap: number; rescans: number }>(
      cdp,
      `(async () => {
        const before = performance.now();
        const rescansBefore = performance.getEntriesByName('afterparty:rescan-end').length;
        const mutations = await window.startStorm(10);
        const maxGap = Math.max(0, ...window.heartbeat.gaps.filter((g) => g.end - g.gap >= before).map((g) => g.gap));
        return { mutations, maxGap: Math.round(maxGap), rescans: performance.getEntriesByName('afterparty:rescan-end').length - rescansBefore };
      })()`,
    );
    console.log('mutation storm:', result);
    expect(result.mutations).toBe(10_000);
    // Debounced: about one rescan a second, not one per mutation.
    expect(result.rescans).toBeGreaterThan(3);
    expect(result.rescans).toBeLessThan(30);
    // Posts that appeared during the storm are underlined once it settles.
    await until(
      cdp,
      "[...CSS.highlights.get('afterparty-film')].some((r) => r.toString() === 'Poor Boys Game' && r.startContainer.isConnected)",
      5_000,
    );
    await hoverShowsCard(page, cdp, '#first i', /Fugitive Pieces/);
    await page.close();
  });

  it('100 nested open shadow roots: titles found at every depth, card works inside them', async () => {
    const { page, cdp } = await open('deep-shadow.html');
    await scanResponsiveness(cdp);
    const found = await evaluate<string[]>(cdp, "[...CSS.highlights.get('afterparty-film')].map((r) => r.toString())");
    expect(found.filter((t) => t === 'Medicine for Melancholy')).toHaveLength(4);
    expect(found).toContain('Fugitive Pieces');
    await hoverShowsCard(page, cdp, '#light i', /Fugitive Pieces/);
    await page.mouse.move(5, 5, { steps: 3 });
    await until(cdp, `document.querySelector(${JSON.stringify(CARD_HOST)}) === null`, 5_000);
    // Hover inside the deepest roots: the caret lookup is told about them.
    const box = await evaluate<{ x: number; y: number }>(
      cdp,
      `(() => {
        let host = document.getElementById('outer');
        let text = null;
        for (let depth = 0; depth < 100; depth++) {
          const p = host.shadowRoot.firstElementChild;
          if (p.textContent.includes('Medicine')) text = p.firstChild;
          host = host.shadowRoot.lastElementChild;
        }
        const at = text.data.indexOf('Medicine');
        const range = new Range();
        range.setStart(text, at);
        range.setEnd(text, at + 8);
        text.parentElement.scrollIntoView({ block: 'center' });
        const rect = range.getClientRects()[0];
        return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      })()`,
    );
    await page.mouse.move(box.x - 40, box.y + 60);
    await page.mouse.move(box.x, box.y, { steps: 5 });
    expect(await waitForCard(page, /Medicine for Melancholy/, { session: cdp })).toMatch(/Karaoke|Medicine/i);
    await page.close();
  });

  it('a page that overrides Node.prototype, Array.prototype and more: our isolated world is untouched', async () => {
    const { page, cdp } = await open('prototypes.html');
    // The page's world really is broken...
    expect(
      await evaluate<string>(
        cdp,
        "(() => { try { [1].map((x) => x); return 'works'; } catch (e) { return e.message; } })()",
      ),
    ).toBe('page says no');
    await scanResponsiveness(cdp);
    // ...the DOM objects are shared, the built-ins are not: both titles are found.
    expect(await evaluate<number>(cdp, "CSS.highlights.get('afterparty-film').size")).toBe(2);
    await hoverShowsCard(page, cdp, '#first i', /Rosedale/);
    await page.close();
  });

  it('a page that removes the card host: the next hover brings the card back', async () => {
    const { page, cdp } = await open('card-remover.html');
    await until(cdp, "performance.getEntriesByName('afterparty:scan-end').length > 0");
    // The first card is taken out of the page as soon as it is attached.
    const box = await evaluate<{ x: number; y: number }>(
      cdp,
      `(() => { const r = new Range(); const t = document.querySelector('#first i').firstChild; r.selectNodeContents(t); const b = r.getClientRects()[0]; return { x: b.left + b.width / 2, y: b.top + b.height / 2 }; })()`,
    );
    await page.mouse.move(box.x, box.y, { steps: 5 });
    await until(cdp, 'window.removedCards === 1', 10_000);
    expect(await cardText(page, cdp)).toBeNull();
    await page.mouse.move(5, 5, { steps: 3 });
    await page.waitForTimeout(400);
    const text = await hoverShowsCard(page, cdp, '#second i', /Poor Boys Game/);
    expect(text).toMatch(/Poor Boys Game/);
    await page.close();
  });
});
