// Shortened titles in Chromium: the content script reads them over the whole page, first scan
// and rescans alike (src/content/short-form-find.ts around the worker's findTitles).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harnessServing } from './extension.ts';

const env = harnessServing('test/fixtures/pages');

/** Each highlighted range as "paragraph index: text". */
const highlighted = (page: Page) =>
  page.evaluate(() => {
    const paragraphs = [...document.querySelectorAll('p')];
    return [...((CSS.highlights.get('afterparty-film') ?? []) as Iterable<Range>)]
      .map((r) => `${paragraphs.findIndex((p) => p.contains(r.startContainer))}: ${r.toString()}`)
      .sort();
  });

describe('shortened titles on a page', () => {
  it('underlines a first word after the page named its title, and again in a rescan', async () => {
    const page = await env.harness.context.newPage();
    await page.goto(`${env.fixtures.url}short-forms.html`);
    await page.waitForFunction(() => performance.getEntriesByName('afterparty:scan-end').length > 0, null, {
      timeout: 20_000,
    });
    // After the title is named, in title case mid-sentence, the film; in lower case a word.
    expect(await highlighted(page)).toEqual(['1: Fugitive Pieces', '2: Fugitive']);
    await page.evaluate(() => {
      document.getElementById('later')!.innerHTML =
        '<p>Later the metal crowd came in.</p><p>Detroit Metal City screened at midnight, and the Detroit fans brought earplugs.</p>';
    });
    await page.waitForFunction(() => performance.getEntriesByName('afterparty:rescan-end').length > 0, null, {
      timeout: 20_000,
    });
    await page.waitForFunction(() => (CSS.highlights.get('afterparty-film')?.size ?? 0) >= 4);
    expect(await highlighted(page)).toEqual([
      '1: Fugitive Pieces',
      '2: Fugitive',
      '4: Detroit',
      '4: Detroit Metal City',
    ]);
    // A rescan knows the titles the first scan read.
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.textContent = 'By two the Fugitive party had moved upstairs.';
      document.body.append(p);
    });
    await page.waitForFunction(() => (CSS.highlights.get('afterparty-film')?.size ?? 0) >= 5);
    expect(await highlighted(page)).toContain('5: Fugitive');
    await page.close();
  });
});
