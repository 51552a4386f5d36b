import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { CARD_HOST, cardText, startHarness, type Harness, waitForCard } from './extension.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

describe('the demo page in Chromium with the extension', () => {
  it('underlines film titles with a registered highlight and changes no page node', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    const before = await page.evaluate(() => document.body.innerHTML);
    await waitForHighlights(page, 5);
    const highlighted = await page.evaluate(() => {
      const ranges = [...(CSS.highlights.get('afterparty-film') ?? [])] as Range[];
      return ranges.map((r) => r.toString());
    });
    expect(highlighted).toEqual(
      expect.arrayContaining(['Fugitive Pieces', 'In the Valley of Elah', 'Medicine for Melancholy']),
    );
    expect(highlighted.some((t) => /Happy-Go-Lucky/.test(t))).toBe(true);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
    await page.close();
  });

  it('shows the Fugitive Pieces party on hover, in Toronto time, and closes on Escape', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    await hoverText(page, 'Fugitive Pieces');
    const text = await waitForCard(page, /Rosedale/);
    expect(text).toContain('Fugitive Pieces');
    expect(text).toContain('Jeremy Podeswa');
    expect(text).toMatch(/Party/i);
    // The day and what the article says of the time; 10:38pm was the diarist's arrival, told in the description.
    expect(text).toContain('Thursday, September 6, 2007 · late evening');
    expect(text).not.toMatch(/10:38\s?PM EDT/);
    expect(text).toContain('arrived at 10:38pm');
    expect(text).toContain('Gardiner Museum');
    expect(text).toContain('Invitation only');
    await page.keyboard.press('Escape');
    await page.waitForFunction((host) => document.querySelector(host) === null, CARD_HOST);
    await page.close();
  });

  it('keeps the card while the pointer moves into it and closes it when the pointer leaves', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    const at = await hoverText(page, 'Fugitive Pieces');
    await waitForCard(page, /Rosedale/);
    // Into the card, which opens below the title.
    await page.mouse.move(at.x, at.y + 40, { steps: 4 });
    await page.waitForTimeout(600);
    expect(await cardText(page)).toMatch(/Rosedale/);
    await page.mouse.move(5, 790, { steps: 4 });
    await page.waitForFunction((host) => document.querySelector(host) === null, CARD_HOST, { timeout: 5_000 });
    await page.close();
  });

  it('shows the schedule by festival, then day by day, each festival with its undated events', async () => {
    const page = await harness.context.newPage();
    await page.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    await page.waitForSelector('.festival-heading');
    // All three seed festivals are over: the most recent first, each folded under its name.
    expect(await page.locator('.festival-heading').allTextContents()).toEqual([
      'Toronto International Film Festival 2010',
      'Toronto International Film Festival 2008',
      'Toronto International Film Festival 2007',
    ]);
    const festival = (year: string) => page.locator('details.festival', { hasText: `Film Festival ${year}` });
    const days = (year: string) => festival(year).locator('.day-heading').allTextContents();
    expect(await days('2010')).toEqual(['Date not announced']);
    expect(await days('2008')).toEqual(['Tuesday, September 9, 2008', 'Date not announced']);
    const days2007 = await days('2007');
    expect(days2007[0]).toBe('Thursday, September 6, 2007');
    expect(days2007.at(-1)).toBe('Date not announced');
    await festival('2007').locator('summary').click();
    const firstDay = await festival('2007').locator('.day').first().textContent();
    expect(firstDay).toContain('Fugitive Pieces house party');
    expect(firstDay).toContain('TIFF opening night gala party');
    expect(firstDay).toContain('late evening');
    expect(firstDay).toContain('The actors were not there');
    expect(await festival('2008').locator('.day-undated').textContent()).toMatch(/Happy-Go-Lucky/);
    expect(await festival('2007').locator('.day-undated').textContent()).toMatch(/Marcia Gay Harden/);
    await page.close();
  });
});
