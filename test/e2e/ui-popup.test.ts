/// <reference types="chrome" />
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForHighlights } from '../../scripts/browser.mjs';
import { startHarness, type Harness } from './extension.ts';
import { seriousViolations } from './ui-axe.ts';

// Next year: a past event shows no Going, Interested or clash line (core/event-state.ts).
const NEXT = new Date().getFullYear() + 1;
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function popupFor(demo: Page | null): Promise<Page> {
  const popup = await harness.context.newPage();
  await popup.setViewportSize({ width: 420, height: 600 });
  let query = '';
  if (demo) {
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const id = await popup.evaluate(
      async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1,
      demo.url(),
    );
    query = `?tab=${id}`;
  }
  await popup.goto(`chrome-extension://${harness.extensionId}/popup.html${query}`);
  return popup;
}

/** Presses Tab until the focused element matches, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, matches: (el: Element) => boolean, max = 25): Promise<void> {
  const test = `(${matches.toString()})(document.activeElement)`;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(test)) return;
  }
  throw new Error(`focus never reached the element (${matches})`);
}

describe('the popup in Chromium', () => {
  it('"This page" lists the films found on the tab with their events', async () => {
    const demo = await harness.context.newPage();
    await demo.goto(harness.demoUrl);
    await waitForHighlights(demo, 5);
    const popup = await popupFor(demo);
    await popup.waitForSelector('.page-films .ap-film-title');
    expect(await popup.getByRole('tab', { selected: true }).textContent()).toBe('This page');
    const films = await popup.locator('.page-films .ap-film-title').allTextContents();
    expect(films).toEqual(
      expect.arrayContaining(['Fugitive Pieces', 'Medicine for Melancholy', 'In the Valley of Elah']),
    );
    expect(await popup.locator('.page-films').textContent()).toContain('Fugitive Pieces house party');
    // The page censors a title: the film is headed by the page's form, its full title beneath.
    const ypf = popup.locator('.page-films .ap-film', { hasText: 'Young People F***ing' });
    expect(await ypf.locator('.ap-film-title').textContent()).toBe('Young People F***ing');
    expect(await ypf.locator('.ap-full-title').textContent()).toBe('Listed as Young People Fucking');
    await popup.close();
    await demo.close();
  });

  it('filters and searches the schedule, dims past events, and is usable with the keyboard alone', async () => {
    const popup = await popupFor(null);
    await popup.waitForSelector('.festival-heading');
    expect(await popup.getByRole('tab', { selected: true }).textContent()).toBe('Schedule');
    const all = await popup.locator('.slot').count();
    // The seed festivals are long over: each is folded under its name, and its events are not
    // dimmed one by one (only the festival that is on dims its past events).
    const festivals = popup.locator('details.festival');
    expect(await festivals.count()).toBe(3);
    expect(await popup.locator('details.festival[open]').count()).toBe(0);
    expect(await popup.locator('.slot.past').count()).toBe(0);
    expect(all).toBeGreaterThan(0);
    // Positive control: a folded festival opens under its name.
    await festivals.last().locator('summary').click();
    expect(await popup.locator('details.festival[open]').count()).toBe(1);
    expect(await popup.locator('details.festival[open] .festival-heading').textContent()).toBe(
      'Toronto International Film Festival 2007',
    );
    // From the tab list, as a keyboard user would start.
    await popup.getByRole('tab', { name: 'Schedule' }).focus();
    await tabTo(popup, (el) => el.getAttribute('type') === 'search');
    await popup.keyboard.type('rosedale');
    await expect.poll(() => popup.locator('.slot').count()).toBe(1);
    expect(await popup.locator('.slot .slot-title').textContent()).toBe('Fugitive Pieces house party');
    await popup.keyboard.press('Control+A');
    await popup.keyboard.press('Backspace');
    await expect.poll(() => popup.locator('.slot').count()).toBe(all);
    // The filters are folded behind one button; the one in use shows as a chip that removes it.
    const filters = popup.getByRole('button', { name: /^Filters/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await popup.locator('.filters').getByLabel('Kind').selectOption('dinner');
    const kinds = await popup.locator('.slot .ap-kind').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['Dinner']));
    expect(await filters.textContent()).toBe('Filters (1)');
    const chip = popup.getByRole('button', { name: 'Remove filter Kind: Dinner' });
    expect(await chip.textContent()).toBe('Kind: Dinner ×');
    await chip.click();
    await expect.poll(() => popup.locator('.slot').count()).toBe(all);
    expect(await popup.locator('.filters').getByLabel('Kind').inputValue()).toBe('');
    // The seed events are over, and offer no "Going" (core/event-state.ts): an event next year,
    // taken out of the plan (an own event is Going when added), is saved with the keyboard.
    const added = (await popup.evaluate(
      (event) => chrome.runtime.sendMessage({ type: 'addUserEvent', params: { event } }),
      {
        title: 'Keyboard quokka night',
        kind: 'party',
        start: `${NEXT}-09-06T21:00:00-04:00`,
        festival: null,
        films: [],
      },
    )) as { result: { event: { key: string } } };
    await popup.evaluate(
      (key) => chrome.runtime.sendMessage({ type: 'setSaved', params: { eventKey: key, status: null } }),
      added.result.event.key,
    );
    await popup.reload();
    await popup.waitForSelector('.festival-heading');
    // Search, Tab to "Going", Space.
    await popup.locator('input[type="search"]').focus();
    await popup.keyboard.type('quokka');
    await expect.poll(() => popup.locator('.slot').count()).toBe(1);
    await tabTo(popup, (el) => el.textContent === 'Going');
    await popup.keyboard.press('Space');
    await expect.poll(() => popup.locator('.ap-toggle[aria-pressed="true"]').count()).toBe(1);
    // To the Saved view: back to the tab list, then the arrow keys.
    await popup.getByRole('tab', { name: 'Schedule' }).focus();
    await popup.keyboard.press('ArrowRight');
    expect(await popup.evaluate(() => document.activeElement?.textContent)).toMatch(/^Saved/);
    await popup.waitForSelector('.saved .ap-event-title');
    expect(await popup.locator('.saved .ap-event-title').allTextContents()).toEqual(['Keyboard quokka night']);
    await popup.close();
  });

  it('flags clashes in "Saved" and exports the plan as one .ics with its time zone', async () => {
    const popup = await popupFor(null);
    await popup.waitForSelector('.festival-heading');
    // The seed listings give no start times (only days) and are over, so two own events an hour
    // apart on next year's first festival night make the clash; saved Going through the same message the buttons
    // send (an own event is Going when added: #29.2). Interested overlaps are not clashes (#29.7).
    const keys: string[] = [];
    for (const [title, start] of [
      ['Early drinks', `${NEXT}-09-06T21:00:00-04:00`],
      ['Late supper', `${NEXT}-09-06T22:00:00-04:00`],
    ]) {
      const reply = (await popup.evaluate(
        (event) => chrome.runtime.sendMessage({ type: 'addUserEvent', params: { event } }),
        { title, kind: 'party', start, festival: 'default/tiff-2007', films: [], timeZone: 'America/Toronto' },
      )) as { result?: { event: { key: string } } };
      expect(reply).toHaveProperty('result');
      keys.push(reply.result!.event.key);
    }
    for (const eventKey of keys) {
      expect(
        await popup.evaluate(
          (key) => chrome.runtime.sendMessage({ type: 'setSaved', params: { eventKey: key, status: 'going' } }),
          eventKey,
        ),
      ).toHaveProperty('result');
    }
    await popup.reload();
    await popup.getByRole('tab', { name: /Saved/ }).click();
    await popup.waitForSelector('.saved .clashing');
    expect(await popup.locator('.saved .clashing').count()).toBeGreaterThanOrEqual(2);
    expect(await popup.locator('.saved .ap-clash').first().textContent()).toMatch(/Clashes with/);
    const [download] = await Promise.all([
      popup.waitForEvent('download'),
      popup.getByRole('button', { name: 'Export as .ics' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('afterparty-plan.ics');
    const calendar = new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8')));
    const saved = await popup.locator('.saved .ap-event').count();
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(saved);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/Toronto');
    await popup.close();
  });

  it('has no serious or critical axe violations in its three views, light and dark', async () => {
    const demo = await harness.context.newPage();
    await demo.goto(harness.demoUrl);
    await waitForHighlights(demo, 5);
    for (const colorScheme of ['light', 'dark'] as const) {
      const popup = await popupFor(demo);
      await popup.emulateMedia({ colorScheme });
      await popup.waitForSelector('.page-films .ap-film-title');
      for (const view of ['This page', 'Schedule', 'Saved']) {
        await popup.getByRole('tab', { name: new RegExp(`^${view}`) }).click();
        await popup.waitForTimeout(150);
        expect(await seriousViolations(popup), `${view}, ${colorScheme}`).toEqual([]);
      }
      // The schedule's filters unfolded, with one in use as a chip.
      await popup.getByRole('tab', { name: 'Schedule' }).click();
      await popup.getByRole('button', { name: /^Filters/ }).click();
      await popup.locator('.filters').getByLabel('Kind').selectOption('party');
      await popup.getByRole('button', { name: 'Remove filter Kind: Party' }).waitFor();
      expect(await seriousViolations(popup), `Schedule filters, ${colorScheme}`).toEqual([]);
      await popup.close();
    }
    await demo.close();
  });
});
