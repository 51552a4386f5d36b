/// <reference types="chrome" />
// Saved in Chromium: two own events 3 km apart with ten minutes between them say "can't make it",
// and the clash count includes them; the options page's travel mode changes the estimate.
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

const CASA_LOMA = { lat: 43.678, lon: -79.4094 };
// 3 km due north (a degree of latitude is 111.195 km on the haversine sphere).
const NORTH = { lat: 43.678 + 3 / 111.195, lon: -79.4094 };

async function addAndSave(page: Page, event: Record<string, unknown>): Promise<string> {
  const reply = (await page.evaluate(
    (e) => chrome.runtime.sendMessage({ type: 'addUserEvent', params: { event: e } }),
    event,
  )) as { result?: { event: { key: string } }; error?: string };
  expect(reply).toHaveProperty('result');
  const key = reply.result!.event.key;
  expect(
    await page.evaluate(
      (eventKey) => chrome.runtime.sendMessage({ type: 'setSaved', params: { eventKey, status: 'going' } }),
      key,
    ),
  ).toHaveProperty('result');
  return key;
}

describe('trips in Saved, in Chromium', () => {
  it("shows can't make it between two saved events 3 km apart with a 10-minute gap", async () => {
    const popup = await harness.context.newPage();
    await popup.setViewportSize({ width: 420, height: 600 });
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    await popup.waitForSelector('.festival-heading');
    const common = { kind: 'party', festival: 'default/tiff-2007', films: [], timeZone: 'America/Toronto' };
    await addAndSave(popup, {
      ...common,
      title: 'Dinner at the castle',
      start: '2007-09-10T19:00:00-04:00',
      end: '2007-09-10T21:00:00-04:00',
      venue: { name: 'Casa Loma', address: '1 Austin Terrace, Toronto', geo: CASA_LOMA },
    });
    await addAndSave(popup, {
      ...common,
      title: 'Party up north',
      start: '2007-09-10T21:10:00-04:00',
      venue: { name: 'Up north', address: null, geo: NORTH },
    });
    await popup.reload();
    await popup.getByRole('tab', { name: /Saved/ }).click();
    const line = popup.locator('.saved .ap-trip', { hasText: 'Dinner at the castle' });
    await line.waitFor();
    expect(await line.textContent()).toBe(
      "↳ 10 min after Dinner at the castle · 3.9 km, about 16 min by transit — can't make it",
    );
    // Neither overlaps the other: the trip line says it, and the clash count is the clash flags
    // shown, none (#29.7: a trip one can't make is not counted as a clash).
    expect(await popup.locator('.saved-summary').textContent()).toBe('2 saved · 0 clashing');
    expect(await popup.locator('.saved .clashing').count()).toBe(0);
    const shots = process.env['AFTERPARTY_SCREENSHOTS'];
    if (shots) await popup.screenshot({ path: `${shots}/saved-trips-transit.png` });

    // Positive control for the setting: by car the same trip is tight.
    const options = await harness.context.newPage();
    await options.goto(`chrome-extension://${harness.extensionId}/options.html`);
    await options.getByLabel('Getting between venues').selectOption('car');
    await options.locator('[role=status]', { hasText: 'Saved.' }).waitFor();
    await options.close();
    await popup.reload();
    await popup.getByRole('tab', { name: /Saved/ }).click();
    await line.waitFor();
    expect(await line.textContent()).toBe('↳ 10 min after Dinner at the castle · 3.9 km, about 10 min by car — tight');
    expect(await popup.locator('.saved-summary').textContent()).toBe('2 saved · 0 clashing');
    if (shots) await popup.screenshot({ path: `${shots}/saved-trips-car.png` });
    await popup.close();
  });
});
