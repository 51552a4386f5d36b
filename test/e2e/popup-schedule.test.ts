// Issue 29, item 3 in Chromium: the compact schedule. A feed served here has a festival on now
// (its days built around the moment the test runs) and one next month; the popup shows one line
// per event that unfolds, opens at now with day chips and "Hide past", places events with only
// a time note by their hint, puts today's events of no festival above next month's festival,
// and lists the Festival filter newest first.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './extension.ts';
import { seriousViolations } from './ui-axe.ts';

const ZONE = 'America/Toronto';
const DAY = 24 * 3600_000;
const dateIn = (instant: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
/** An instant written with its UTC offset: the feed's times are absolute. */
const iso = (instant: number) => new Date(instant).toISOString();

const now = Date.now();
const today = dateIn(now);
const yesterday = dateIn(now - DAY);
const tomorrow = dateIn(now + DAY);
const plus = (days: number) => dateIn(now + days * DAY);
/**
 * Today where the browser is: an event of no festival is read in the browser's zone
 * (timeZoneResolver), which is not Toronto's day between midnight there and midnight in Toronto.
 */
const localToday = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

function feed() {
  const ev = (id: string, title: string, festival: string | null, start: string, extra: object = {}) => ({
    id,
    title,
    kind: 'party',
    films: [],
    festival,
    start,
    venue: { name: `Venue of ${title}`, address: null },
    ...extra,
  });
  // Yesterday's evening: enough lines that today is below the fold of a 600 px popup. From 20:00
  // in Toronto back, not from this moment a day ago: shortly after midnight there, that fell on
  // the day before yesterday and made a fourth day chip (the test failed at 05:13 UTC).
  const evening = Date.parse(`${yesterday}T20:00:00${offsetOf(yesterday)}`);
  const past = Array.from({ length: 24 }, (_, i) =>
    ev(`past-${i}`, `Yesterday event ${i + 1}`, 'now', iso(evening - (i + 1) * 10 * 60_000)),
  );
  return {
    afterparty: 1,
    title: 'Festival on now',
    festivals: [
      { id: 'now', name: 'Festival On Now', timeZone: ZONE, start: yesterday, end: plus(2) },
      { id: 'next', name: 'Festival Next Month', timeZone: ZONE, start: plus(30), end: plus(35) },
    ],
    films: [],
    events: [
      ...past,
      ev('mystery', 'Mystery gathering', 'now', today, { timeNote: 'ask the host' }),
      ev('tea', 'Afternoon tea', 'now', today, { timeNote: 'afternoon' }),
      ev('after', 'Afterparty after the gala', 'now', today, { timeNote: 'after the 9:30 pm gala' }),
      ev('gala', 'The gala', 'now', `${today}T21:30:00${offsetOf(today)}`),
      ev('tomorrow', 'Tomorrow brunch', 'now', `${tomorrow}T11:00:00${offsetOf(tomorrow)}`),
      ev('other', 'Today without a festival', null, localToday, { timeNote: 'evening' }),
      ev('nextmonth', 'Next month opening', 'next', plus(31)),
    ],
  };
}

/** Toronto's UTC offset on a day, written "-04:00". */
function offsetOf(date: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
    .formatToParts(Date.parse(`${date}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!.value;
  return name.replace('GMT', '') || '+00:00';
}

let harness: Harness;
let server: Server;
let base: string;

beforeAll(async () => {
  const body = JSON.stringify(feed());
  server = createServer((request, response) => {
    if (request.url === '/now.json') response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('the compact schedule (#29.3)', () => {
  it('shows one line per event, opens at now, and has day chips, Hide past and the hint order', async () => {
    const popup = await harness.context.newPage();
    await popup.setViewportSize({ width: 420, height: 600 });
    await popup.goto(`chrome-extension://${harness.extensionId}/popup.html`);
    const added = await popup.evaluate(
      (url) => chrome.runtime.sendMessage({ type: 'addFeed', params: { url } }),
      `${base}/now.json`,
    );
    expect(added).toHaveProperty('result');
    await popup.reload();
    await popup.getByRole('tab', { name: 'Schedule' }).click();
    await popup.locator('.festival-on').waitFor();

    // The festival on now first, today's events of no festival next, then next month's, then the past.
    // (Headings carry the festival's year, which depends on when the test runs.)
    const headings = (await popup.locator('.festival-heading').allTextContents()).map((h) =>
      h.replace(/ \(\d{4}\)$/, ''),
    );
    expect(headings.slice(0, 3)).toEqual(['Festival On Now', 'Other events', 'Festival Next Month']);
    expect(headings.at(-1)).toBe('Toronto International Film Festival 2007');

    // One line per event: each line is one text line high, whatever its title.
    const heights = await popup
      .locator('.festival-on .slot-line')
      .evaluateAll((lines) => lines.map((l) => l.getBoundingClientRect().height));
    expect(heights.length).toBe(29);
    expect(Math.max(...heights)).toBeLessThan(36);

    // It opened at now: the "now" line is on screen, below yesterday's events.
    const nowLine = popup.locator('.festival-on .now-line');
    const box = (await nowLine.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(600);
    expect(await popup.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // Today's events: the note without a time at the top (marked), the others by their hint.
    const todaySection = popup.locator('.festival-on .day', { has: popup.locator('.now-line') });
    const titles = await todaySection.locator('.slot-title').allTextContents();
    expect(titles).toEqual(['Mystery gathering', 'Afternoon tea', 'The gala', 'Afterparty after the gala']);
    expect(await todaySection.locator('.slot-time').first().textContent()).toBe('No time');
    expect(await todaySection.locator('.slot-time').nth(1).textContent()).toBe('afternoon');

    // A line unfolds on click, and with the keyboard (Enter), into the whole event.
    const tea = todaySection.locator('.slot', { hasText: 'Afternoon tea' });
    const teaLine = tea.locator('.slot-line');
    expect(await teaLine.getAttribute('aria-expanded')).toBe('false');
    expect(await tea.getByRole('button', { name: 'Going' }).isVisible()).toBe(false);
    await teaLine.click();
    expect(await teaLine.getAttribute('aria-expanded')).toBe('true');
    expect(await tea.getByRole('button', { name: 'Going' }).isVisible()).toBe(true);
    await teaLine.focus();
    await popup.keyboard.press('Enter');
    expect(await teaLine.getAttribute('aria-expanded')).toBe('false');

    // Day chips: tomorrow's brings its day into view, with focus on its heading.
    const chips = popup.locator('.festival-on .day-chip');
    expect(await chips.count()).toBe(3);
    expect(await popup.locator('.festival-on .day-chip[aria-current="date"]').count()).toBe(1);
    await chips.nth(2).click();
    const focused = await popup.evaluate(() => document.activeElement?.closest('.day')?.textContent ?? '');
    expect(focused).toContain('Tomorrow brunch');

    // Hide past: yesterday's events go, today's and tomorrow's stay.
    const past = popup.locator('.festival-on .slot.past');
    expect(await past.count()).toBeGreaterThanOrEqual(24);
    await popup.getByLabel('Hide past events').check();
    await expect.poll(() => past.count()).toBe(0);
    expect(await popup.locator('.slot-title', { hasText: 'Tomorrow brunch' }).count()).toBe(1);
    await popup.getByLabel('Hide past events').uncheck();

    // The Festival filter: newest first.
    await popup.getByRole('button', { name: /^Filters/ }).click();
    const festivals = await popup.locator('.filters').getByLabel('Festival').locator('option').allTextContents();
    expect(festivals.slice(0, 3)).toEqual(['All', 'Festival Next Month', 'Festival On Now']);
    expect(festivals.at(-1)).toBe('Toronto International Film Festival 2007');

    // A search alone says so when it finds nothing; the filters' words stay for the filters.
    await popup.locator('input[type="search"]').fill('zzzz nothing');
    expect(await popup.locator('.schedule .empty').textContent()).toBe('No event matches “zzzz nothing”.');
    await popup.locator('.filter-fields select').first().selectOption('dinner');
    expect(await popup.locator('.schedule .empty').textContent()).toBe('No event matches these filters.');
    await popup.locator('.filter-fields select').first().selectOption('');
    await popup.locator('input[type="search"]').fill('');
    expect(await seriousViolations(popup)).toEqual([]);
    await popup.close();
  });
});
