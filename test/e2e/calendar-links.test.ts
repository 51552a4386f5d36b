// Calendar out (#29.6) in real Chromium: "Google Calendar" and "Outlook" links beside the .ics
// download of one event, their times in UTC as those services read them; the plan's export
// chooses Going only or Going and Interested; the exported text says access in words.
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './extension.ts';

// Next year: an event that is over offers no calendar link (core/event-state.ts).
const NEXT = new Date().getFullYear() + 1;
let harness: Harness;
let popup: Page;

beforeAll(async () => {
  harness = await startHarness();
  popup = await harness.context.newPage();
  await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
  const add = async (event: Record<string, unknown>, status: 'going' | 'interested') => {
    const reply = (await popup.evaluate((params) => chrome.runtime.sendMessage({ type: 'addUserEvent', params }), {
      event,
    })) as { result?: { event: { key: string } }; error?: string };
    if (!reply.result) throw new Error(reply.error);
    await popup.evaluate((params) => chrome.runtime.sendMessage({ type: 'setSaved', params }), {
      eventKey: reply.result.event.key,
      status,
    });
  };
  const base = { kind: 'dinner', festival: 'default/tiff-2007', films: [], timeZone: 'America/Toronto' };
  await add(
    {
      ...base,
      title: 'Cast dinner',
      start: `${NEXT}-09-07T20:00:00-04:00`,
      end: `${NEXT}-09-07T23:30:00-04:00`,
      venue: 'Josos',
      access: 'invite',
    },
    'going',
  );
  await add({ ...base, title: 'Press brunch', start: `${NEXT}-09-08T11:00:00-04:00` }, 'interested');
  await popup.reload();
  await popup.getByRole('tab', { name: /Saved/ }).click();
  await popup.locator('.saved .ap-event', { hasText: 'Cast dinner' }).waitFor({ timeout: 15_000 });
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

const params = (href: string | null) => Object.fromEntries(new URL(href ?? '').searchParams);

async function exported(choice: string): Promise<ICAL.Component> {
  await popup.getByRole('combobox', { name: 'Export' }).selectOption({ label: choice });
  const [download] = await Promise.all([
    popup.waitForEvent('download'),
    popup.getByRole('button', { name: 'Export as .ics' }).click(),
  ]);
  return new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8')));
}

describe('calendar links', () => {
  it('offers Google Calendar and Outlook beside the .ics, with the times in UTC', async () => {
    const event = popup.locator('.saved .ap-event', { hasText: 'Cast dinner' });
    const google = event.getByRole('link', { name: 'Add to Google Calendar: Cast dinner' });
    const outlook = event.getByRole('link', { name: 'Add to Outlook: Cast dinner' });
    expect(params(await google.getAttribute('href'))).toMatchObject({
      action: 'TEMPLATE',
      text: 'Cast dinner',
      dates: `${NEXT}0908T000000Z/${NEXT}0908T033000Z`,
      location: 'Josos',
    });
    expect(new URL((await google.getAttribute('href'))!).origin).toBe('https://calendar.google.com');
    expect(params(await outlook.getAttribute('href'))).toMatchObject({
      subject: 'Cast dinner',
      startdt: `${NEXT}-09-08T00:00:00Z`,
      enddt: `${NEXT}-09-08T03:30:00Z`,
    });
    expect(new URL((await outlook.getAttribute('href'))!).origin).toBe('https://outlook.live.com');
    expect(await google.getAttribute('target')).toBe('_blank');
    // The details say access in words.
    expect(params(await google.getAttribute('href')).details).toBe('Invitation only');
    // An event with no end: no length is made up.
    const brunch = popup.locator('.saved .ap-event', { hasText: 'Press brunch' });
    const brunchDates = params(await brunch.getByRole('link', { name: /Google Calendar/ }).getAttribute('href')).dates;
    expect(brunchDates).toBe(`${NEXT}0908T150000Z/${NEXT}0908T150000Z`);
  });
});

describe('the plan export', () => {
  it('exports Going and Interested, or Going only', async () => {
    const both = await exported('Going and Interested');
    expect(
      both
        .getAllSubcomponents('vevent')
        .map((e) => e.getFirstPropertyValue('summary'))
        .sort(),
    ).toEqual(['Cast dinner', 'Press brunch']);
    const going = await exported('Going only');
    const events = going.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('summary'))).toEqual(['Cast dinner']);
    const description = String(events[0]!.getFirstPropertyValue('description'));
    expect(description).toContain('Invitation only');
    expect(description).not.toMatch(/Access: invite/);
  });
});
