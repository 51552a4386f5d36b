/// <reference types="chrome" />
// In Chromium with the built extension (#29.2, #29 card states in the popup):
// - own events stored before they were saved as Going on creation (rows with no saved row, as an
//   older release left them) are in the plan as Going: listed in Saved, clashing, with "Remind
//   me"; taking one out keeps it out after the popup is opened again;
// - the popup's Saved, Schedule and own-event lists show a past event as "Over" and a cancelled
//   one as "Cancelled", without Going, Remind me or calendar actions, as the card does.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './extension.ts';
import { userEventRow } from '../db/user-event-row.ts';
import { ask, localAt } from './worker-ask.ts';

let harness: Harness;
let popupUrl: string;

/** Own events written straight into the extension's database, with no saved row: an older release's. */
async function putOldOwnEvents(page: Page, rows: Array<{ id: string; title: string; start: string; end: string }>) {
  const stored = rows.map(({ id, title, start, end }) => userEventRow(id, [], { kind: 'dinner', title, start, end }));
  await page.evaluate(
    (list) =>
      new Promise<void>((done, failed) => {
        const open = indexedDB.open('afterparty');
        open.onerror = () => failed(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('userEvents', 'readwrite');
          for (const row of list) tx.objectStore('userEvents').put(row);
          tx.oncomplete = () => {
            db.close();
            done();
          };
          tx.onerror = () => failed(tx.error);
        };
      }),
    stored,
  );
}

beforeAll(async () => {
  harness = await startHarness();
  popupUrl = `chrome-extension://${harness.extensionId}/popup.html`;
  const page = await harness.context.newPage();
  await page.goto(popupUrl);
  // Wait for the worker to have opened (and so upgraded) the database.
  await ask(page, 'getPlan');
  await putOldOwnEvents(page, [
    { id: 'old-supper', title: 'Old supper', start: localAt(2, 19), end: localAt(2, 21) },
    { id: 'old-drinks', title: 'Old drinks', start: localAt(2, 20), end: localAt(2, 22) },
  ]);
  // Made the current way: one over, one cancelled, one to come.
  const add = (title: string, start: string, cancelled = false) =>
    ask(page, 'addUserEvent', {
      event: { kind: 'party', title, films: [], festival: null, start, venue: null, cancelled },
    });
  await add('Yesterday party', localAt(-1, 20));
  await add('Dropped brunch', localAt(3, 11), true);
  await add('Next week gala', localAt(7, 21));
  await page.close();
});

afterAll(async () => {
  await harness?.close();
});

async function openSaved(): Promise<Page> {
  const page = await harness.context.newPage();
  await page.goto(popupUrl);
  await page.getByRole('tab', { name: /^Saved/ }).click();
  await page.locator('.saved-summary').waitFor();
  return page;
}

const eventIn = (page: Page, scope: string, title: string) =>
  page.locator(`${scope} .ap-event`, { has: page.locator('.ap-event-title', { hasText: title }) });

const actionsOf = async (page: Page, scope: string, title: string) =>
  (await eventIn(page, scope, title).locator('button, a').allTextContents()).filter((text) =>
    /Going|Interested|Remind|calendar|Google|Outlook/.test(text),
  );

describe('the plan in the popup', () => {
  it('holds own events made before the Going rule as Going: listed, clashing, with Remind me', async () => {
    const page = await openSaved();
    for (const title of ['Old supper', 'Old drinks']) {
      const event = eventIn(page, '.saved', title);
      await event.waitFor();
      expect(await event.getByRole('button', { name: /^Going/ }).getAttribute('aria-pressed')).toBe('true');
      expect(await actionsOf(page, '.saved', title)).toEqual(expect.arrayContaining(['Remind me']));
      expect(await event.locator('xpath=..').locator('.ap-clash').textContent()).toMatch(/Clashes with Old/);
    }
    expect(await page.locator('.saved-summary').textContent()).toMatch(/· 2 clashing$/);
    await page.close();
  });

  it('keeps an old own event out once the user takes it out, and the other one in', async () => {
    const page = await openSaved();
    await eventIn(page, '.saved', 'Old supper')
      .getByRole('button', { name: /^Going/ })
      .click();
    await expect.poll(() => eventIn(page, '.saved', 'Old supper').count()).toBe(0);
    await page.close();
    const again = await openSaved();
    // Positive control first: the list is there, with the other old event.
    await eventIn(again, '.saved', 'Old drinks').waitFor();
    expect(await eventIn(again, '.saved', 'Old supper').count()).toBe(0);
    expect(await again.locator('.saved-summary').textContent()).toMatch(/· 0 clashing$/);
    await again.close();
  });

  it('shows a past own event as "Over" and a cancelled one as "Cancelled", without actions, in Saved and the own-event list', async () => {
    const page = await openSaved();
    const badges = (scope: string, title: string) => eventIn(page, scope, title).locator('.ap-badge').allTextContents();
    await eventIn(page, '.saved', 'Yesterday party').waitFor();
    expect(await badges('.saved', 'Yesterday party')).toContain('Over');
    expect(await actionsOf(page, '.saved', 'Yesterday party')).toEqual([]);
    expect(await badges('.saved', 'Dropped brunch')).toContain('Cancelled');
    expect(await actionsOf(page, '.saved', 'Dropped brunch')).toEqual([]);
    // Positive control: the gala to come has its actions and neither badge.
    expect(await actionsOf(page, '.saved', 'Next week gala')).toEqual(expect.arrayContaining(['Going', 'Remind me']));
    expect(await badges('.saved', 'Next week gala')).not.toContain('Over');
    // "Your own events": the same badges beside Edit and Delete.
    const own = (title: string) =>
      page.locator('.user-event-list li', { hasText: title }).locator('.ap-badge').allTextContents();
    expect(await own('Yesterday party')).toEqual(['Over']);
    expect(await own('Dropped brunch')).toEqual(['Cancelled']);
    expect(await own('Next week gala')).toEqual([]);
    await page.close();
  });

  it('marks the Schedule line and its unfolded event the same way', async () => {
    const page = await harness.context.newPage();
    await page.goto(popupUrl);
    await page.getByRole('tab', { name: /^Schedule/ }).click();
    const line = (title: string) => page.locator('.slot', { has: page.locator('.slot-title', { hasText: title }) });
    await line('Yesterday party').waitFor({ state: 'attached' });
    expect(await line('Yesterday party').locator('.slot-line .ap-badge').allTextContents()).toEqual(['Over']);
    expect(await line('Dropped brunch').locator('.slot-line .ap-badge').allTextContents()).toEqual(['Cancelled']);
    expect(await line('Next week gala').locator('.slot-line .ap-badge').allTextContents()).toEqual([]);
    const unfolded = async (title: string) =>
      (await line(title).locator('.slot-more button, .slot-more a').allTextContents()).filter((text) =>
        /Going|Interested|Remind|calendar|Google|Outlook/.test(text),
      );
    expect(await unfolded('Yesterday party')).toEqual([]);
    expect(await unfolded('Dropped brunch')).toEqual([]);
    expect(await unfolded('Next week gala')).toEqual(expect.arrayContaining(['Going']));
    await page.close();
  });
});
