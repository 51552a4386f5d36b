// An invitation file in real Chromium: imported through the popup's "Saved" (file input), shown
// for review, saved as the user's own event, then seen in the schedule and in its film's hover
// card; a METHOD:CANCEL file for the same UID then marks it cancelled, and it stays, struck through.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, serveFolder, waitForHighlights } from '../../scripts/browser.mjs';
import { cardText, popupOnPage, startHarness, type Harness } from './extension.ts';

const TITLE = 'Dinner for Happy-Go-Lucky';
const fixture = (name: string) => new URL(`../fixtures/invitations/${name}`, import.meta.url).pathname;

let harness: Harness;
let pages: { url: string; close(): Promise<void> };
beforeAll(async () => {
  harness = await startHarness();
  pages = await serveFolder('test/fixtures/webcal');
});
afterAll(async () => {
  await harness?.close();
  await pages?.close();
});

const popupUrl = () => `chrome-extension://${harness.extensionId}/popup.html`;

async function importFile(page: Page, name: string, button: string): Promise<string> {
  await page.goto(popupUrl());
  await page.getByRole('tab', { name: /^Saved/ }).click();
  const section = page.locator('section.import-invitation');
  await section.locator('input[type=file]').setInputFiles(fixture(name));
  const review = section.getByRole('group', { name: 'Events in the invitation' });
  await review.waitFor();
  const text = (await review.textContent()) ?? '';
  await review.getByRole('button', { name: button }).click();
  await section.getByRole('status').filter({ hasText: 'Saved:' }).waitFor();
  return text;
}

/** The event's block in the schedule of 6 September 2008. */
async function scheduled(page: Page) {
  await page.goto(popupUrl());
  await page.getByRole('tab', { name: /^Schedule/ }).click();
  const day = page.locator('section.day', {
    has: page.locator('.day-heading', { hasText: 'Saturday, September 6, 2008' }),
  });
  await day.waitFor({ state: 'attached' });
  return day.locator('.ap-event', { has: page.locator('.ap-event-title', { hasText: TITLE }) });
}

describe('importing an invitation file', () => {
  it('reviews, saves, shows it in the schedule and the card, then applies a CANCEL and keeps it struck through', async () => {
    const page = await harness.context.newPage();
    const review = await importFile(page, 'request.ics', 'Save to my events');
    expect(review).toContain(TITLE);
    expect(review).toContain('For: Happy-Go-Lucky');
    expect(review).toContain('New');
    expect(await page.locator('section.import-invitation [role=status]').textContent()).toContain(
      'Saved: 1 new, 0 updated, 0 cancelled.',
    );

    const event = await scheduled(page);
    expect(await event.count()).toBe(1);
    const text = (await event.textContent()) ?? '';
    // The time is written on the event's line of the day, and with its zone in the event (#29.3).
    const slot = event.locator('xpath=ancestor::li[1]');
    expect(await slot.locator('.slot-line .slot-time').textContent()).toMatch(/^8:00\s?PM$/);
    expect(text).toMatch(/8:00\s?PM–11:00\s?PM EDT/);
    expect(text).toContain('Your event');
    expect(await event.getAttribute('class')).not.toContain('ap-cancelled');

    const site = await harness.context.newPage();
    await site.goto(harness.demoUrl);
    await waitForHighlights(site);
    await hoverText(site, 'Happy-');
    await expect.poll(async () => (await cardText(site)) ?? '', { timeout: 10_000 }).toContain(TITLE);
    await site.close();

    const cancel = await importFile(page, 'cancel.ics', 'Mark cancelled');
    expect(cancel).toContain('Cancels your event');
    // The review names the stored event the CANCEL changes, not only the file's own (#26.8).
    expect(cancel).toContain(`Changes your event:${TITLE}`);
    expect(await page.locator('section.import-invitation [role=status]').textContent()).toContain(
      'Saved: 0 new, 0 updated, 1 cancelled.',
    );
    const after = await scheduled(page);
    // Kept, once, under its own title: cancelled, not replaced or deleted.
    expect(await after.count()).toBe(1);
    expect(await after.getAttribute('class')).toContain('ap-cancelled');
    expect(await after.textContent()).toContain('Cancelled');
    expect(await after.locator('.ap-event-title').evaluate((node) => getComputedStyle(node).textDecorationLine)).toBe(
      'line-through',
    );
    await page.close();
  });

  it('is offered on the options page too, where a dropped file is read for review', async () => {
    const page = await harness.context.newPage();
    await page.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await page.getByRole('heading', { name: 'Import an invitation' }).waitFor();
    const text = readFileSync(fixture('request.ics'), 'utf8').replace('SUMMARY:Dinner for', 'SUMMARY:Lunch for');
    const data = await page.evaluateHandle((ics) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([ics], 'invite.ics', { type: 'text/calendar' }));
      return transfer;
    }, text);
    await page.locator('section.import-invitation .drop').dispatchEvent('drop', { dataTransfer: data });
    const review = page.getByRole('group', { name: 'Events in the invitation' });
    await review.waitFor();
    // The test above imported this UID and cancelled it at SEQUENCE 2: a SEQUENCE 0 copy is older.
    expect(await review.textContent()).toContain('Lunch for Happy-Go-Lucky');
    expect(await review.textContent()).toContain('Already up to date');
    expect(await review.getByRole('button', { name: 'Save to my events' }).isDisabled()).toBe(true);
    await page.close();
  });

  it('reviews a file of more events than one import takes up to that number, and counts the rest', async () => {
    const page = await harness.context.newPage();
    await page.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await page.getByRole('heading', { name: 'Import an invitation' }).waitFor();
    const one = readFileSync(fixture('request.ics'), 'utf8').match(/BEGIN:VEVENT[\s\S]*END:VEVENT/)![0];
    const events = Array.from({ length: 600 }, (_, i) => one.replace(/^UID:.*$/m, `UID:big-${i}@example.org`));
    const text = readFileSync(fixture('request.ics'), 'utf8').replace(one, events.join('\n'));
    const data = await page.evaluateHandle((ics) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([ics], 'big.ics', { type: 'text/calendar' }));
      return transfer;
    }, text);
    await page.locator('section.import-invitation .drop').dispatchEvent('drop', { dataTransfer: data });
    const review = page.getByRole('group', { name: 'Events in the invitation' });
    await review.waitFor();
    expect(await review.locator('ul.review > li').count()).toBe(500);
    expect(await review.textContent()).toContain('and 100 more not shown');
    await page.close();
  });
});

describe('a webcal: link on the page', () => {
  /** The popup's "This page" pointed at a tab showing `file`. */
  const thisPage = (file: string) => popupOnPage(harness.context, harness.extensionId, `${pages.url}${file}`);

  it('is offered as "Subscribe in Afterparty", at its https address', async () => {
    const popup = await thisPage('calendar-link.html');
    const offer = popup.getByRole('region', { name: 'Subscribe in Afterparty' });
    await offer.waitFor();
    expect(await offer.textContent()).toContain('https://calendar.example.org/festival-parties.ics');
    expect(await offer.getByRole('button', { name: 'Subscribe in Afterparty' }).count()).toBe(1);
    // A web host is a plain offer: the private-network warning (#26.14) is not shown.
    expect(await offer.locator('bdi[dir=ltr]').textContent()).toBe('https://calendar.example.org/festival-parties.ics');
    expect(await offer.locator('.ap-warning').count()).toBe(0);
    expect(await popup.locator('[data-webcal-links="0"]').count()).toBe(0);
    await popup.close();
  });

  it('is not offered on a page with only an https link to the calendar', async () => {
    const popup = await thisPage('no-calendar-link.html');
    // The page was asked and answered "none", so the absence below is not a race.
    await popup.locator('[data-webcal-links="0"]').waitFor({ state: 'attached' });
    expect(await popup.getByRole('region', { name: 'Subscribe in Afterparty' }).count()).toBe(0);
    await popup.close();
  });
});
