// The user's own events in real Chromium: written in the popup's form, picked up from a page's
// JSON-LD with "Add this event", then shown in the schedule and the hover card.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import { cardText, harnessServing } from './extension.ts';
import { servingRoutes } from './serve-routes.ts';

const env = harnessServing('test/fixtures/jsonld');

/** A catalog past what the form is sent whole (WHOLE_CATALOG_UP_TO, 300): the form searches it in the worker. */
const LARGE_CATALOG = JSON.stringify({
  afterparty: 1,
  title: 'A large catalog',
  updated: '2026-01-01T00:00:00Z',
  festivals: [],
  films: [
    ...Array.from({ length: 600 }, (_, i) => ({ id: `n${i}`, title: `Catalogue number ${i}`, aliases: [] })),
    { id: 'society', title: 'Café Society', aliases: [] },
    { id: 'flore', title: 'Le Café de Flore', aliases: [] },
    { id: 'story', title: 'Another CAFE story', aliases: [] },
  ],
  events: [],
});
const feeds = servingRoutes({ '/large.json': LARGE_CATALOG });

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

  it('search a large catalog as the user types, in the worker, and name picked films by title', async () => {
    const page = await env.harness.context.newPage();
    await page.goto(popupUrl());
    const options = () =>
      page.locator('#ap-film-titles option').evaluateAll((all) => all.map((o) => o.getAttribute('value')));
    await openView(page, /^Saved/);
    await page.getByRole('button', { name: /Add an event/ }).click();
    // Positive control: the built-in catalog (12 films) comes whole, every title offered.
    await expect.poll(options).toContain('Fugitive Pieces');
    expect(await options()).toHaveLength(12);

    const added = await page.evaluate(
      (url) => chrome.runtime.sendMessage({ type: 'addFeed', params: { url } }),
      `${feeds.served.base}/large.json`,
    );
    expect(added).toHaveProperty('result');
    await page.reload();
    await openView(page, /^Saved/);
    await page.getByRole('button', { name: /Add an event/ }).click();
    const form = page.getByRole('form', { name: 'Add an event' });
    const search = form.getByLabel('Add a film');
    await search.waitFor();
    // 615 films: none is sent to the form, nor offered until something is typed.
    const sent = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'getEventCatalog', params: {} }));
    expect(sent).toEqual({ result: { films: null, festivals: expect.any(Array) } });
    expect(await options()).toEqual([]);
    await search.pressSequentially('cafe');
    // Titles that start with it, then titles that contain it, accents and case ignored.
    await expect.poll(options).toEqual(['Café Society', 'Another CAFE story', 'Le Café de Flore']);
    await search.fill('catalogue number 1');
    await expect.poll(async () => (await options()).length).toBe(50);
    expect((await options()).every((title) => title?.startsWith('Catalogue number 1'))).toBe(true);

    // Picking an offered title fills the input with it: the film joins the list by its title.
    await search.fill('café');
    await expect.poll(options).toContain('Café Society');
    await search.fill('Café Society');
    await expect.poll(() => form.getByRole('list', { name: 'Films' }).textContent()).toContain('Café Society');
    expect(await search.inputValue()).toBe('');
    // A title typed and entered is found by the matcher, outside the offered titles.
    await search.fill('le cafe de flore');
    await search.press('Enter');
    await expect.poll(() => form.getByRole('list', { name: 'Films' }).textContent()).toContain('Le Café de Flore');
    await form.getByLabel('Title').fill('Café crawl');
    await form.getByLabel('Date').fill('2026-01-02');
    await form.getByRole('button', { name: 'Save event' }).click();
    await page.getByText('Saved “Café crawl”.').waitFor();

    // Opened again, the form names its films by title: asked by key, not from a catalog sent whole.
    await page.reload();
    await openView(page, /^Saved/);
    await page.getByRole('button', { name: 'Edit Café crawl' }).click();
    const films = page.getByRole('form', { name: 'Edit your event' }).getByRole('list', { name: 'Films' });
    await expect.poll(() => films.textContent()).toContain('Café Society');
    expect(await films.textContent()).toContain('Le Café de Flore');
    expect(await options()).toEqual([]);
    await page.close();
  });
});
