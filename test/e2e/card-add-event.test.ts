// "Add an event" from the hover card, in real Chromium: the card's button opens the add-event
// form in a tab with the film chosen; once saved, the popup's schedule shows the event at once
// (views re-read after a change, without reopening).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { clickCardButton } from './card-buttons.ts';
import { cardText, startHarness, type Harness } from './extension.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function waitForCard(page: Page, expected: RegExp): Promise<void> {
  await expect.poll(async () => (await cardText(page)) ?? '', { timeout: 10_000 }).toMatch(expected);
}

describe('"Add an event" on the card', () => {
  it('opens the form with the film chosen; the saved event shows in the schedule without reopening', async () => {
    const demo = await harness.context.newPage();
    await demo.goto(harness.demoUrl);
    await waitForHighlights(demo);
    await hoverText(demo, 'Fugitive Pieces');
    await waitForCard(demo, /Rosedale/);
    const opened = harness.context.waitForEvent('page', { timeout: 10_000 });
    await clickCardButton(demo, 'Add an event for Fugitive Pieces');
    const form = await opened;
    await form.waitForLoadState();
    expect(new URL(form.url()).pathname).toBe('/popup.html');
    expect(new URL(form.url()).searchParams.get('add')).toMatch(/\/fugitive-pieces$/);
    // The card closed on the click.
    await expect.poll(() => cardText(demo)).toBeNull();

    // It opens on "Saved", with the form open and the film already in its list.
    const add = form.getByRole('form', { name: 'Add an event' });
    await add.waitFor({ timeout: 10_000 });
    expect(await form.getByRole('tab', { selected: true }).textContent()).toMatch(/^Saved/);
    expect(await add.getByRole('list', { name: 'Films' }).textContent()).toContain('Fugitive Pieces');
    await add.getByLabel('Kind').selectOption('party');
    await add.getByLabel('Title').fill('Fugitive Pieces cast drinks');
    await add.getByLabel('Festival').selectOption({ label: 'Toronto International Film Festival 2007' });
    await add.getByLabel('Date').fill('2007-09-08');
    await add.getByLabel('Start time').fill('23:30');
    await add.getByRole('button', { name: 'Save event' }).click();
    await form.getByText('Saved “Fugitive Pieces cast drinks”.').waitFor();

    // Same page, no reload: the schedule was loaded before the save and re-reads after it.
    await form.getByRole('tab', { name: /^Schedule/ }).click();
    const day = form.locator('section.day', {
      has: form.locator('.day-heading', { hasText: 'Saturday, September 8, 2007' }),
    });
    await expect
      .poll(async () => (await day.textContent()) ?? '', { timeout: 5_000 })
      .toContain('Fugitive Pieces cast drinks');
    expect(await day.textContent()).toMatch(/11:30\s?PM EDT/);

    // And the card lists it too.
    await demo.mouse.move(5, 5);
    await hoverText(demo, 'Fugitive Pieces');
    await waitForCard(demo, /Fugitive Pieces cast drinks/);
    await form.close();
    await demo.close();
  });

  it('refuses a film key the listings do not have, and opens no tab', async () => {
    const page = await harness.context.newPage();
    await page.goto(`chrome-extension://${harness.extensionId}/options.html`);
    const pages = harness.context.pages().length;
    const reply = await page.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'openAddEvent', params: { filmKey: 'default/not-a-film' } }),
    );
    expect(reply).toEqual({ error: 'openAddEvent: no film "default/not-a-film"' });
    await page.waitForTimeout(300);
    expect(harness.context.pages().length).toBe(pages);
    await page.close();
  });
});
