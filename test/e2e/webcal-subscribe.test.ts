/// <reference types="chrome" />
// "Subscribe in Afterparty" through to a stored feed, in Chromium: a page links to a calendar with
// webcal://, the popup's "This page" offers it, the click subscribes to it over https (webcal
// means https), and its events are in the schedule and its feed in the options page. The calendar
// is served over TLS with a test-only certificate (test/fixtures/tls), which Chromium is told to
// accept; the development build may reach https://127.0.0.1, as it may http://127.0.0.1.
import { describe, expect, it } from 'vitest';
import { harnessWithRoutes, popupOnPage } from './extension.ts';

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Afterparty tests//EN',
  'X-WR-CALNAME:Webcal party list',
  'BEGIN:VEVENT',
  'UID:webcal-1@test',
  'DTSTART:20080906T230000Z',
  'SUMMARY:Rooftop party for Happy-Go-Lucky',
  'LOCATION:Rooftop\\, Toronto',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const env = harnessWithRoutes(
  {
    '/parties.ics': CALENDAR,
    // The page links to the calendar on this server, so it is written once the port is known.
    '/page.html': () =>
      `<!doctype html><html lang="en"><title>Parties</title><h1>Parties</h1>` +
      `<p><a href="webcal://${env.served.host}/parties.ics">Subscribe to our calendar</a></p></html>`,
  },
  { tls: true },
);
const calendarRequests = () => env.served.hits('/parties.ics');

describe('Subscribe in Afterparty', () => {
  it('subscribes to a webcal: link over https; its events are in the schedule, its feed in options', async () => {
    const { context, extensionId } = env.harness;
    const base = env.served.base;
    const popup = await popupOnPage(context, extensionId, `${base}/page.html`);
    const offer = popup.getByRole('region', { name: 'Subscribe in Afterparty' });
    await offer.waitFor();
    expect(await offer.textContent()).toContain(`${base}/parties.ics`);
    // A loopback host is flagged, not hidden (#26.14); the address is isolated from the text around it.
    expect(await offer.locator('.ap-warning').textContent()).toContain('Private network');
    expect(await offer.locator('bdi[dir=ltr]').textContent()).toBe(`${base}/parties.ics`);
    // Positive control for the request count: nothing is fetched until the click.
    expect(calendarRequests()).toBe(0);
    await offer.getByRole('button', { name: 'Subscribe in Afterparty' }).click();
    await offer.getByRole('status').waitFor({ timeout: 20_000 });
    expect(await offer.getByRole('status').textContent()).toContain('Webcal party list');
    expect(calendarRequests()).toBeGreaterThan(0);

    await popup.getByRole('tab', { name: /^Schedule/ }).click();
    await expect
      .poll(async () => (await popup.locator('.ap-event-title').allTextContents()).join('\n'), { timeout: 10_000 })
      .toContain('Rooftop party for Happy-Go-Lucky');

    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    const feed = options.locator('li.feed', { hasText: 'Webcal party list' });
    await feed.waitFor();
    expect(await feed.textContent()).toContain('1 event');
    const feeds = (await options.evaluate(() => chrome.runtime.sendMessage({ type: 'getFeeds', params: {} }))) as {
      result: { feeds: Array<{ title: string; url: string | null }> };
    };
    expect(feeds.result.feeds.find((f) => f.title === 'Webcal party list')?.url).toBe(`${base}/parties.ics`);
  });
});
