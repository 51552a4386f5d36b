// Issue 29, items 2, 7 and 8 in Chromium: what the user brings is in the plan as Going and takes
// part in its clashes; the clash count is the clash flags shown, an Interested overlap is said
// apart, trip lines stay within one evening, a venue's position is found by its name in a feed;
// an own event reads the same in the zone its form chose, in the schedule and in the plan.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './extension.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const popupUrl = () => `chrome-extension://${harness.extensionId}/popup.html`;
const common = { kind: 'party', festival: 'default/tiff-2007', films: [], timeZone: 'America/Toronto' };

async function addOwn(page: Page, event: Record<string, unknown>): Promise<string> {
  const reply = (await page.evaluate(
    (e) => chrome.runtime.sendMessage({ type: 'addUserEvent', params: { event: e } }),
    event,
  )) as { result?: { event: { key: string } } };
  expect(reply).toHaveProperty('result');
  return reply.result!.event.key;
}

async function openSaved(page: Page) {
  await page.goto(popupUrl());
  await page.getByRole('tab', { name: /^Saved/ }).click();
  await page.locator('.saved-summary').waitFor();
}

// Next year's festival days: a past event shows no Going, Interested or clash line (core/event-state.ts).
const NEXT = new Date().getFullYear() + 1;

const INVITATION = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//EN',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:dinner-29@example.com',
  'DTSTAMP:20070901T120000Z',
  'SEQUENCE:0',
  `DTSTART;TZID=America/Toronto:${NEXT}0906T200000`,
  `DTEND;TZID=America/Toronto:${NEXT}0906T220000`,
  'SUMMARY:Imported dinner',
  'LOCATION:Bymark',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('the plan in Chromium (#29.2, #29.7, #29.8)', () => {
  it('puts an own event and an imported invitation in the plan as Going, and flags their clash', async () => {
    const page = await harness.context.newPage();
    await page.setViewportSize({ width: 420, height: 600 });
    await page.goto(popupUrl());
    await addOwn(page, {
      ...common,
      title: 'Own drinks',
      start: `${NEXT}-09-06T21:00:00-04:00`,
      end: `${NEXT}-09-06T23:00:00-04:00`,
    });
    await openSaved(page);
    const section = page.locator('section.import-invitation');
    await section.locator('input[type=file]').setInputFiles({
      name: 'invite.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(INVITATION),
    });
    await section.getByRole('button', { name: 'Save to my events' }).click();
    await section.getByRole('status').filter({ hasText: 'Saved:' }).waitFor();
    await openSaved(page);
    // Both are in the plan, Going, without a click on "Going".
    for (const title of ['Own drinks', 'Imported dinner']) {
      const going = page.getByRole('group', { name: `Save ${title}` }).getByRole('button', { name: 'Going' });
      expect(await going.getAttribute('aria-pressed')).toBe('true');
    }
    expect(await page.locator('.saved-summary').textContent()).toBe('2 saved · 2 clashing');
    expect(await page.locator('.saved .ap-clash').count()).toBe(2);
    expect(await page.locator('.saved .ap-clash').first().textContent()).toMatch(
      /Clashes with (Own drinks|Imported dinner)/,
    );
    // "Remind me" is offered on them, as on any saved event.
    expect(await page.getByRole('button', { name: /^Remind me of Own drinks/ }).count()).toBe(1);
    // The user says otherwise: Interested is an overlap, not a clash, and the count follows the flags.
    await page.getByRole('group', { name: 'Save Imported dinner' }).getByRole('button', { name: 'Interested' }).click();
    await expect.poll(() => page.locator('.saved-summary').textContent()).toBe('2 saved · 0 clashing');
    expect(await page.locator('.saved .ap-clash').count()).toBe(0);
    expect(await page.locator('.saved .ap-overlap').count()).toBe(2);
    expect(await page.locator('.saved .ap-overlap').first().textContent()).toMatch(/^Overlaps with/);
    await page.close();
  });

  it('draws trip lines only within an evening, with a venue placed by its name in a feed', async () => {
    const page = await harness.context.newPage();
    await page.setViewportSize({ width: 420, height: 600 });
    await page.goto(popupUrl());
    // Casa Loma has a position in the built-in feed; these own events give none.
    await addOwn(page, {
      ...common,
      title: 'Castle dinner',
      start: '2007-09-12T18:00:00-04:00',
      end: '2007-09-12T20:00:00-04:00',
      venue: { name: 'Casa Loma', address: null },
    });
    await addOwn(page, {
      ...common,
      title: 'Gladstone party',
      start: '2007-09-12T21:00:00-04:00',
      venue: { name: 'Gladstone Hotel', address: null },
    });
    await addOwn(page, {
      ...common,
      title: 'Next week brunch',
      start: '2007-09-14T11:00:00-04:00',
      venue: { name: 'Gladstone Hotel', address: null },
    });
    await openSaved(page);
    const line = page.locator('.saved .ap-trip', { hasText: 'Castle dinner' });
    await line.waitFor();
    expect(await line.textContent()).toMatch(/1 h 00 min after Castle dinner · \d+(\.\d)? km, about/);
    expect(await line.textContent()).not.toContain('no position');
    // No line from the party to a brunch two days later: it is no trip (positive control above).
    expect(await page.locator('.saved .ap-trip', { hasText: 'after Gladstone party' }).count()).toBe(0);
    await page.close();
  });

  it('shows an own event in the zone its form chose, the same in the schedule and the plan, picked by city', async () => {
    const page = await harness.context.newPage();
    await page.setViewportSize({ width: 420, height: 600 });
    await page.goto(popupUrl());
    await page.getByRole('tab', { name: /^Saved/ }).click();
    await page.getByRole('button', { name: 'Add an event' }).click();
    const form = page.getByRole('form', { name: 'Add an event' });
    await form.getByLabel('Title').fill('Paris call');
    await form.getByLabel('Festival').selectOption('default/tiff-2007');
    await form.getByLabel('Date').fill('2007-09-08');
    const zone = form.getByLabel('Time zone (city)');
    expect(await zone.inputValue()).toBe('Toronto (America)');
    // The list is searched by city: the datalist holds city names, not raw zone ids.
    const cities = await form
      .locator('datalist option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(cities).toContain('Paris (Europe)');
    expect(cities.every((c) => !c.includes('_'))).toBe(true);
    await zone.fill('paris');
    await form.getByLabel('Start time').fill('10:10');
    await form.getByLabel('End time').fill('12:00');
    await form.getByRole('button', { name: 'Save event' }).click();
    await page.getByText('Saved “Paris call”.').waitFor();
    // Positive control: the invalid name is refused with words.
    await page.getByRole('button', { name: 'Edit Paris call' }).click();
    const edit = page.getByRole('form', { name: 'Edit your event' });
    expect(await edit.getByLabel('Time zone (city)').inputValue()).toBe('Paris (Europe)');
    await edit.getByLabel('Time zone (city)').fill('Atlantis');
    await edit.getByText('Choose a city from the list.').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    const plan = page.locator('.saved .ap-event', { hasText: 'Paris call' }).locator('.ap-when').first();
    const inPlan = (await plan.textContent()) ?? '';
    expect(inPlan).toMatch(/10:10\s?AM–12:00\s?PM/);
    const listed =
      (await page.locator('.user-event-list li', { hasText: 'Paris call' }).locator('.ap-when').textContent()) ?? '';
    expect(listed).toBe(inPlan);
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await page.locator('input[type="search"]').fill('Paris call');
    const scheduled = page.locator('.slot', { hasText: 'Paris call' });
    expect(await scheduled.locator('.slot-time').textContent()).toMatch(/^10:10\s?AM$/);
    expect(await scheduled.locator('.ap-when').first().textContent()).toBe(inPlan);
    await page.close();
  });
});
