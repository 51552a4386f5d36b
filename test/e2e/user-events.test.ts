// The user's own events in real Chromium: written in the popup's form, picked up from a page's
// JSON-LD with "Add this event", then shown in the schedule and the hover card.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { cardText, harnessServing } from './extension.ts';

const env = harnessServing('test/fixtures/jsonld');

const popupUrl = (query = '') => `chrome-extension://${env.harness.extensionId}/popup.html${query}`;

async function openView(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

async function scheduleDay(page: Page, heading: string): Promise<string> {
  await page.goto(popupUrl());
  await openView(page, /^Schedule/);
  const day = page.locator('section.day', { has: page.locator('.day-heading', { hasText: heading }) });
  // Attached, not visible: a festival that is over is folded under its name.
  await day.waitFor({ state: 'attached' });
  return (await day.textContent()) ?? '';
}

describe('your own events', () => {
  it('are added from the popup form, with a film typed freely, and appear in the schedule in the festival zone', async () => {
    const page = await env.harness.context.newPage();
    await page.goto(popupUrl());
    await openView(page, /^Saved/);
    await page.getByRole('button', { name: /Add an event/ }).click();
    const form = page.getByRole('form', { name: 'Add an event' });
    await form.getByLabel('Kind').selectOption('dinner');
    await form.getByLabel('Title').fill('Publicist dinner, not on any list');
    // Lower case and a typo: the title matcher finds the film.
    await form.getByLabel('Add a film').fill('fugitive peices');
    await form.getByLabel('Add a film').press('Enter');
    await expect.poll(() => form.getByRole('list', { name: 'Films' }).textContent()).toContain('Fugitive Pieces');
    await form.getByLabel('Festival').selectOption({ label: 'Toronto International Film Festival 2007' });
    await form.getByLabel('Date').fill('2007-09-07');
    await form.getByLabel('Start time').fill('20:00');
    await form.getByLabel('Venue').fill('Bymark');
    await form.getByLabel('Host').fill('A publicist');
    await form.getByRole('button', { name: 'Save event' }).click();
    await page.getByText('Saved “Publicist dinner, not on any list”.').waitFor();

    const day = await scheduleDay(page, 'Friday, September 7, 2007');
    expect(day).toContain('Publicist dinner, not on any list');
    expect(day).toContain('Your event');
    expect(day).toMatch(/8:00\s?PM EDT/);

    // Edit, then delete.
    await openView(page, /^Saved/);
    await page.getByRole('button', { name: 'Edit Publicist dinner, not on any list' }).click();
    const edit = page.getByRole('form', { name: 'Edit your event' });
    await edit.getByLabel('Title').fill('Publicist dinner (moved to 9)');
    await edit.getByLabel('Start time').fill('21:00');
    await edit.getByRole('button', { name: 'Save event' }).click();
    await page.getByText('Saved “Publicist dinner (moved to 9)”.').waitFor();
    const edited = await scheduleDay(page, 'Friday, September 7, 2007');
    expect(edited).toContain('Publicist dinner (moved to 9)');
    expect(edited).toMatch(/9:00\s?PM EDT/);
    await openView(page, /^Saved/);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Publicist dinner (moved to 9)' }).click();
    await page.getByText('Deleted “Publicist dinner (moved to 9)”.').waitFor();
    await page.goto(popupUrl());
    await openView(page, /^Schedule/);
    await page.locator('.day-heading').first().waitFor({ state: 'attached' });
    expect(await page.locator('main').textContent()).not.toContain('Publicist dinner');
    await page.close();
  });

  it('are picked up from a page’s JSON-LD with "Add this event", and show in the schedule and the card', async () => {
    const site = await env.harness.context.newPage();
    await site.goto(`${env.fixtures.url}festival-graph.html`);
    const popup = await env.harness.context.newPage();
    await popup.goto(popupUrl());
    // The popup opened in a tab is itself the active tab: it is pointed at the page with ?tab=.
    const tabId = await popup.evaluate(async (url) => {
      const api = (
        globalThis as unknown as {
          chrome: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } };
        }
      ).chrome;
      const tabs = await api.tabs.query({});
      return tabs.find((tab) => tab.url === url)?.id ?? null;
    }, `${env.fixtures.url}festival-graph.html`);
    expect(tabId).not.toBeNull();
    await popup.goto(popupUrl(`?tab=${tabId}`));
    await openView(popup, /^This page/);
    const found = popup.getByRole('region', { name: 'Events on this page' });
    await found.waitFor();
    const text = (await found.textContent()) ?? '';
    expect(text).toContain('Gala screening');
    expect(text).toContain('For Burn After Reading');
    expect(text).toContain('The page says this event is cancelled.');
    expect(text).toContain('Not in your listings: A Film Nobody Lists');
    await found.getByRole('button', { name: 'Add this event: Dinner for Happy-Go-Lucky' }).click();
    await found.getByText('Added to your events').waitFor();

    const day = await scheduleDay(popup, 'Sunday, September 7, 2008');
    expect(day).toContain('Dinner for Happy-Go-Lucky');
    expect(day).toMatch(/8:30\s?PM EDT/);
    expect(day).toContain('Your event');
    expect(day).toContain('Parties and galas — Festival programme 2008');

    // The film's hover card on another page lists it beside the feed's events.
    await site.goto(env.harness.demoUrl);
    await waitForHighlights(site);
    // The demo page splits the title over inline elements.
    await hoverText(site, 'Happy-');
    await expect
      .poll(async () => (await cardText(site)) ?? '', { timeout: 10_000 })
      .toContain('Dinner for Happy-Go-Lucky');
    expect(await cardText(site)).toContain('Your event');
    await site.close();
    await popup.close();
  });
});
