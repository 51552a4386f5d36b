// The extension's own pages in Firefox (firefox-esr, the dev build's firefox/ package): the Firefox
// twins of the Chromium tests of the popup, the options page, device sync, page events and
// reminders, and the real toolbar popup with activeTab. One browser for the file (vitest gives each
// file its own module graph, so a browser cannot outlive it); every test ends with the
// extension's console read, and an error from its own code fails the test (firefox-extension.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { hoverText } from '../../scripts/browser.mjs';
import { CARD_HOST } from './extension.ts';
import {
  ADDON_ID,
  ask,
  byText,
  clickInCard,
  clickText,
  control,
  element,
  extensionUrl,
  firefoxForFile,
  inCard,
  open,
  openTab,
  openToolbarPopup,
  selectedTabId,
  syncItems,
  UNGRANTED_HOST,
  until,
  waitForHighlights,
} from './firefox-extension.ts';
import { servingFolder, servingRoutes } from './serve-routes.ts';
import { NEXT_YEAR, persepolisFeed, PERSEPOLIS_REVIEW } from './tiff-feed.ts';
import { isoIn } from './worker-ask.ts';

const env = firefoxForFile();
const demoSite = servingFolder('demo');
const jsonldSite = servingFolder('test/fixtures/jsonld');
const feeds = servingRoutes({ '/feed.json': persepolisFeed(), '/review.html': PERSEPOLIS_REVIEW });

async function tabIdOf(page: Page, url: string): Promise<number> {
  const id = await page.evaluate(async (wanted) => {
    const api = (
      globalThis as unknown as {
        browser: { tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> } };
      }
    ).browser;
    return (await api.tabs.query({})).find((tab) => tab.url === wanted)?.id ?? null;
  }, url);
  if (id === null) throw new Error(`no tab shows ${url}`);
  return id;
}

/** The popup page in a tab of its own; pointed at the tab showing `site` (`?tab=`, as the toolbar popup is). */
async function popupFor(site: string | null): Promise<Page> {
  const popup = await openTab(env.ff.browser, extensionUrl('popup.html'));
  if (site) await open(popup, extensionUrl(`popup.html?tab=${await tabIdOf(popup, site)}`));
  return popup;
}

const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((el) => (el.textContent ?? '').trim()));
const count = (page: Page, selector: string) => page.$$eval(selector, (els) => els.length);
const textOf = (page: Page, selector: string) =>
  page.$eval(selector, (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());

/** The hover card's text, read through its closed root (style sheets left out). */
const cardText = (page: Page) =>
  inCard(page, CARD_HOST, (root) =>
    [...root.children]
      .filter((el) => el.localName !== 'style')
      .map((el) => (el as HTMLElement).innerText)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
const pressedInCard = (page: Page) =>
  inCard(page, CARD_HOST, (root) =>
    [...root.querySelectorAll('button[aria-pressed="true"]')].map((b) => (b.textContent ?? '').trim()),
  );

describe('the popup in Firefox (twin of ui-popup.test.ts)', () => {
  it('"This page" lists the films found on the tab with their events', async () => {
    const site = await openTab(env.ff.browser, demoSite.served.url);
    await waitForHighlights(site, 5);
    const popup = await popupFor(demoSite.served.url);
    await element(popup, '.page-films .ap-film-title');
    expect(await textOf(popup, '[role="tab"][aria-selected="true"]')).toBe('This page');
    expect(await texts(popup, '.page-films .ap-film-title')).toEqual(
      expect.arrayContaining(['Fugitive Pieces', 'Medicine for Melancholy', 'In the Valley of Elah']),
    );
    expect(await textOf(popup, '.page-films')).toContain('Fugitive Pieces house party');
    // The page censors a title: the film is headed by the page's form, its full title beneath.
    const ypf = await popup.evaluate(() => {
      const film = [...document.querySelectorAll('.page-films .ap-film')].find((el) =>
        el.textContent?.includes('Young People F***ing'),
      );
      return [film?.querySelector('.ap-film-title')?.textContent, film?.querySelector('.ap-full-title')?.textContent];
    });
    expect(ypf).toEqual(['Young People F***ing', 'Listed as Young People Fucking']);
    await popup.close();
    await site.close();
  });

  it('filters and searches the schedule, and saves an event that Saved then lists', async () => {
    const popup = await popupFor(null);
    await element(popup, '.festival-heading');
    expect(await textOf(popup, '[role="tab"][aria-selected="true"]')).toBe('Schedule');
    const all = await count(popup, '.slot');
    expect(all).toBeGreaterThan(0);
    // The seed festivals are long over: each is folded under its name, nothing dimmed one by one.
    expect(await count(popup, 'details.festival')).toBe(3);
    expect(await count(popup, 'details.festival[open]')).toBe(0);
    expect(await count(popup, '.slot.past')).toBe(0);
    // Positive control: a folded festival opens under its name.
    await popup.click('details.festival:last-of-type summary');
    await until(
      () => count(popup, 'details.festival[open]'),
      (n) => n === 1,
    );
    expect(await textOf(popup, 'details.festival[open] .festival-heading')).toBe(
      'Toronto International Film Festival 2007',
    );
    // Typed into the search field.
    await popup.click('input[type="search"]');
    await popup.keyboard.type('rosedale');
    await until(
      () => count(popup, '.slot'),
      (n) => n === 1,
    );
    expect(await textOf(popup, '.slot .slot-title')).toBe('Fugitive Pieces house party');
    await popup.keyboard.down('Control');
    await popup.keyboard.press('a');
    await popup.keyboard.up('Control');
    await popup.keyboard.press('Backspace');
    await until(
      () => count(popup, '.slot'),
      (n) => n === all,
    );
    // The filters are folded behind one button; the one in use shows as a chip that removes it.
    const filters = await byText(popup, 'button', /^Filters/);
    expect(await filters.evaluate((b) => b.getAttribute('aria-expanded'))).toBe('false');
    await filters.click();
    expect(await filters.evaluate((b) => b.getAttribute('aria-expanded'))).toBe('true');
    const kind = await control(popup, 'Kind', '.filters');
    await kind.select('dinner');
    await until(
      () => texts(popup, '.slot .ap-kind'),
      (kinds) => kinds.length > 0 && kinds.every((k) => k === 'Dinner'),
    );
    expect(await filters.evaluate((b) => b.textContent)).toBe('Filters (1)');
    const chip = await element(popup, 'button[aria-label="Remove filter Kind: Dinner"]');
    expect(await chip.evaluate((b) => b.textContent)).toBe('Kind: Dinner ×');
    await chip.click();
    await until(
      () => count(popup, '.slot'),
      (n) => n === all,
    );
    expect(await kind.evaluate((s) => (s as HTMLSelectElement).value)).toBe('');
    // The seed events are over, and offer no "Going" (core/event-state.ts): an event next year,
    // taken out of the plan (an own event is Going when added), is saved, as ui-popup.test.ts does.
    const { event: quokka } = await ask<{ event: { key: string } }>(popup, 'addUserEvent', {
      event: {
        title: 'Quokka night',
        kind: 'party',
        start: `${NEXT_YEAR}-09-06T21:00:00-04:00`,
        festival: null,
        films: [],
      },
    });
    await ask(popup, 'setSaved', { eventKey: quokka.key, status: null });
    await open(popup, extensionUrl('popup.html')); // page.reload waits for a load event Firefox never sends here
    await element(popup, '.festival-heading');
    await popup.click('input[type="search"]');
    await popup.keyboard.type('quokka');
    await until(
      () => count(popup, '.slot'),
      (n) => n === 1,
    );
    expect(await count(popup, '.ap-toggle[aria-pressed="true"]')).toBe(0);
    await clickText(popup, '.slot .ap-toggle', 'Going');
    await until(
      () => count(popup, '.ap-toggle[aria-pressed="true"]'),
      (n) => n === 1,
    );
    await clickText(popup, '[role="tab"]', /^Saved/);
    await element(popup, '.saved .ap-event-title');
    expect(await texts(popup, '.saved .ap-event-title')).toEqual(['Quokka night']);
    await popup.close();
  });

  it('flags clashes in "Saved" and exports the plan as one .ics with its time zone', async () => {
    const popup = await popupFor(null);
    await element(popup, '.festival-heading');
    // Two own events an hour apart on next year's first festival night make the clash (the seed
    // events are over); saved Going (an own event is Going when added; Interested overlaps are not
    // clashes), as ui-popup.test.ts does.
    for (const [title, start] of [
      ['Early drinks', `${NEXT_YEAR}-09-06T21:00:00-04:00`],
      ['Late supper', `${NEXT_YEAR}-09-06T22:00:00-04:00`],
    ]) {
      const { event } = await ask<{ event: { key: string } }>(popup, 'addUserEvent', {
        event: { title, kind: 'party', start, festival: 'default/tiff-2007', films: [], timeZone: 'America/Toronto' },
      });
      await ask(popup, 'setSaved', { eventKey: event.key, status: 'going' });
    }
    await open(popup, extensionUrl('popup.html')); // page.reload waits for a load event Firefox never sends here
    await clickText(popup, '[role="tab"]', /^Saved/);
    await element(popup, '.saved .clashing');
    expect(await count(popup, '.saved .clashing')).toBeGreaterThanOrEqual(2);
    expect(await textOf(popup, '.saved .ap-clash')).toMatch(/Clashes with/);
    const file = join(env.ff.downloads, 'afterparty-plan.ics');
    await expect(readFile(file, 'utf8')).rejects.toThrow(); // positive control for the file below
    await clickText(popup, 'button', 'Export as .ics');
    const text = await until(
      () => readFile(file, 'utf8').catch(() => ''),
      (t) => t.includes('END:VCALENDAR'),
    );
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(await count(popup, '.saved .ap-event'));
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/Toronto');
    await popup.close();
  });
});

describe('the options page in Firefox (twin of options-feeds.test.ts)', () => {
  it('adds a feed served on 127.0.0.1, lists it, shows its events in the schedule and underlines its film', async () => {
    const options = await openTab(env.ff.browser, extensionUrl('options.html'));
    // Positive control for the schedule below: the feed's events are not there yet.
    expect(JSON.stringify(await ask(options, 'getSchedule'))).not.toContain('Persepolis after-party');
    await (await control(options, 'Feed or calendar address')).type(`${feeds.served.base}/feed.json`);
    await clickText(options, 'button', 'Add feed');
    const item = await byText(options, 'li.feed', 'Local test listings', 15_000);
    const text = await item.evaluate((el) => el.textContent ?? '');
    expect(text).toContain('JSON');
    expect(text).toContain('2 events');
    expect(text).toMatch(/Last synced/);
    await byText(options, '[role="status"]', 'Added “Local test listings”.');

    const popup = await popupFor(null);
    await element(popup, '.festival-heading');
    await popup.click('input[type="search"]');
    await popup.keyboard.type('persepolis');
    const titles = await until(
      () => texts(popup, '.slot .slot-title'),
      (t) => t.length === 2,
    );
    expect(titles.sort()).toEqual(['Persepolis after-party at the Drake', 'Persepolis press brunch']);
    await popup.close();

    const review = await openTab(env.ff.browser, `${feeds.served.base}/review.html`);
    await waitForHighlights(review);
    await hoverText(review, 'Persepolis');
    const card = await until(
      () => cardText(review),
      (t) => /Drake/.test(t ?? ''),
    );
    expect(card).toContain('Persepolis press brunch');
    await review.close();
    await options.close();
  });
});

describe('the underline style in Firefox (twin of the check in ui-options.test.ts)', () => {
  it('reaches the page as an adopted style sheet, through the content script’s Xray', async () => {
    const options = await openTab(env.ff.browser, extensionUrl('options.html'));
    const sheets = (page: Page) =>
      page.evaluate(() =>
        [...document.adoptedStyleSheets].map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(' ')),
      );
    // Positive control: the default (dotted, the manifest's content.css) adopts an empty sheet.
    const plain = await openTab(env.ff.browser, demoSite.served.url);
    await waitForHighlights(plain, 5);
    expect(
      await until(
        () => sheets(plain),
        (list) => list.length === 1,
      ),
    ).toEqual(['']);
    await plain.close();
    await ask(options, 'setSettings', { patch: { underlineStyle: 'wavy' } });
    const styled = await openTab(env.ff.browser, demoSite.served.url);
    await waitForHighlights(styled, 5);
    await until(
      () => sheets(styled),
      (list) => list.some((css) => /::highlight\(afterparty-film\).*wavy/.test(css)),
    );
    await ask(options, 'setSettings', { patch: { underlineStyle: 'dotted' } });
    await styled.close();
    await options.close();
  });
});

describe('sync between browsers in Firefox (twin of device-sync.test.ts)', () => {
  it('sends a save to storage.sync, and shows another device’s change in the open popup and card', async () => {
    const popup = await popupFor(null);
    const plan = async () =>
      (await ask<{ saved: Array<{ eventKey: string; status: string }> }>(popup, 'getPlan')).saved;
    // The schedule test saved the Rosedale party through the popup's button: it reaches storage.sync.
    const rosedale = (await plan()).find((s) => s.status === 'going');
    expect(rosedale).toBeDefined();
    await until(
      async () => JSON.stringify(await syncItems(popup)),
      (items) => items.includes(`"v:${rosedale!.eventKey}":[`),
    );
    // The built-in listings are of 2007-2010 and the card offers Going only for what is still to
    // come: a future own event of the film is the one saved from the card (as device-sync.test.ts).
    const { event: reunion } = await ask<{ event: { key: string } }>(popup, 'addUserEvent', {
      event: {
        kind: 'party',
        title: 'Fugitive Pieces reunion',
        films: ['default/fugitive-pieces'],
        festival: null,
        start: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        venue: null,
      },
    });
    // Out of the plan (an own event is Going when added) until the card's click puts it there.
    await ask(popup, 'setSaved', { eventKey: reunion.key, status: null });
    const site = await openTab(env.ff.browser, demoSite.served.url);
    await waitForHighlights(site, 5);
    await hoverText(site, 'Fugitive Pieces');
    await until(
      () => cardText(site),
      (t) => /reunion/.test(t ?? ''),
    );
    expect(await pressedInCard(site)).toEqual([]);
    await clickInCard(site, CARD_HOST, 'Going');
    // The card stays open on the page (the pointer is in it), showing the save.
    await until(
      () => pressedInCard(site),
      (p) => JSON.stringify(p) === '["Going"]',
    );
    expect((await plan()).find((s) => s.eventKey === reunion.key)?.status).toBe('going');
    await until(
      async () => JSON.stringify(await syncItems(popup)),
      (items) => items.includes(`"v:${reunion.key}":[`),
    );
    await open(popup, extensionUrl('popup.html'));
    await clickText(popup, '[role="tab"]', /^Saved/);
    await byText(popup, '.saved .ap-event-title', 'Fugitive Pieces reunion');

    // Another device, a minute later, marks it "Interested" and saves a second event.
    const listings = await ask<{ listings: Array<{ events: Array<{ key: string; title: string }> }> }>(
      popup,
      'getListings',
      { filmKeys: ['default/medicine-for-melancholy'] },
    );
    const other = listings.listings[0]!.events[0]!;
    expect(await texts(popup, '.saved .ap-event-title')).not.toContain(other.title);
    await popup.evaluate(
      async ({ reunionKey, otherKey }) => {
        const sync = (
          globalThis as unknown as {
            browser: {
              storage: {
                sync: { get(k: null): Promise<Record<string, unknown>>; set(i: object): Promise<void> };
              };
            };
          }
        ).browser.storage.sync;
        const t = (Date.now() + 60_000).toString(36);
        const items = await sync.get(null);
        const first = { ...(items['ap1.0'] as object) } as Record<string, unknown[]>;
        first[`v:${reunionKey}`] = [t, 'i'];
        first[`v:${otherKey}`] = [t, 'g'];
        await sync.set({ 'ap1.0': first });
      },
      { reunionKey: reunion.key, otherKey: other.key },
    );
    // Without reopening: the Saved view and the card re-read.
    await until(
      () => texts(popup, '.saved .ap-event-title'),
      (t) => t.includes(other.title) && t.includes('Fugitive Pieces reunion'),
    );
    const pressed = await popup.evaluate(() => {
      const item = [...document.querySelectorAll('.saved li')].find((li) =>
        li.textContent?.includes('Fugitive Pieces reunion'),
      );
      return item?.querySelector('.ap-toggle[aria-pressed="true"]')?.textContent;
    });
    expect(pressed).toBe('Interested');
    await until(
      () => pressedInCard(site),
      (p) => JSON.stringify(p) === '["Interested"]',
    );
    await popup.close();
    await site.close();
  });
});

describe('events on the page in Firefox (twin of add-events-programme.test.ts and textless-page-events.test.ts)', () => {
  it('offers a programme page’s events under "This page" and adds one with "Add this event"', async () => {
    const url = `${jsonldSite.served.url}programme.html`;
    const site = await openTab(env.ff.browser, url);
    const popup = await popupFor(url);
    // Positive control for the schedule below: the event is not there yet.
    expect(JSON.stringify(await ask(popup, 'getSchedule'))).not.toContain('Programme tea party');
    await clickText(popup, '[role="tab"]', /^This page/);
    const region = await element(popup, '[aria-label="Events on this page"]');
    const offered = await region.evaluate((el) => el.textContent ?? '');
    for (const title of ['Burn After Reading', 'Programme tea party', 'Late-night karaoke'])
      expect(offered).toContain(title);
    await popup.click('button[aria-label="Add this event: Programme tea party"]');
    await byText(popup, '[aria-label="Events on this page"]', 'Added to your events');
    const schedule = JSON.stringify(await ask(popup, 'getSchedule'));
    expect(schedule).toContain('Programme tea party');
    expect(schedule).not.toContain('Late-night karaoke');
    await popup.close();
    await site.close();
  });

  it('offers the events of a page with no text, where the site is on; switched off, says it does not read it', async () => {
    const url = `${jsonldSite.served.url}textless.html`;
    const site = await openTab(env.ff.browser, url);
    const popup = await popupFor(url);
    await clickText(popup, '[role="tab"]', /^This page/);
    await byText(popup, '[aria-label="Events on this page"]', 'Rooftop screening party');
    await byText(popup, 'p', 'No listed film found on this page.');
    expect(await popup.evaluate(() => document.body.textContent?.includes('does not read this page'))).toBe(false);
    // Positive control: switched off on this site, the same popup says it does not read the page.
    await ask(popup, 'setSiteDisabled', { url, disabled: true });
    await open(popup, extensionUrl(`popup.html?tab=${await tabIdOf(popup, url)}`));
    await clickText(popup, '[role="tab"]', /^This page/);
    await byText(popup, 'p', 'Afterparty does not read this page.');
    await ask(popup, 'setSiteDisabled', { url, disabled: false });
    await popup.close();
    await site.close();
  });
});

const TERMINATE_BACKGROUND = `
  const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
  const extension = ExtensionParent.GlobalManager.getExtension(arguments[0]);
  return extension.terminateBackground({ disableResetIdleForTest: true }).then(() => extension.backgroundState);`;

describe('reminders in Firefox (twin of reminders.test.ts)', () => {
  it('sets an alarm from "Remind me" in Saved, which outlives the background being stopped', async () => {
    const popup = await popupFor(null);
    await element(popup, '.festival-heading');
    const { films } = await ask<{ films: Array<{ key: string; title: string }> }>(popup, 'getSchedule');
    const film = films.find((f) => f.title === 'Fugitive Pieces')!;
    const start = isoIn(3 * 3600_000);
    const { event } = await ask<{ event: { key: string } }>(popup, 'addUserEvent', {
      event: {
        kind: 'party',
        title: 'Cast drinks tonight',
        films: [film.key],
        festival: null,
        start,
        venue: { name: 'The Drake', address: null },
      },
    });
    await ask(popup, 'setSaved', { eventKey: event.key, status: 'going' });

    const options = await openTab(env.ff.browser, extensionUrl('options.html'));
    await byText(options, 'p, span, div', 'Notifications are allowed.');
    await (await control(options, 'Reminders')).select('10');
    await byText(options, '[role="status"]', 'Saved.');
    await options.close();

    await open(popup, extensionUrl('popup.html'));
    await clickText(popup, '[role="tab"]', /^Saved/);
    const remind = await element(popup, 'button[aria-label="Remind me of Cast drinks tonight"]');
    expect(await remind.evaluate((b) => b.getAttribute('aria-pressed'))).toBe('false');
    const alarms = () =>
      popup.evaluate(async () =>
        (
          await (
            globalThis as unknown as {
              browser: { alarms: { getAll(): Promise<Array<{ name: string; scheduledTime: number }>> } };
            }
          ).browser.alarms.getAll()
        ).map((a) => ({ name: a.name, scheduledTime: a.scheduledTime })),
      );
    // Positive control for the alarm checks below: no reminder alarm before the click.
    const name = `afterparty-reminder:${event.key}`;
    expect((await alarms()).map((a) => a.name)).not.toContain(name);
    await remind.click();
    await until(
      () => remind.evaluate((b) => b.getAttribute('aria-pressed')),
      (p) => p === 'true',
    );
    expect(await textOf(popup, '.ap-remind-note')).toBe('Reminder 10 min before');
    const due = Date.parse(start) - 10 * 60_000;
    await until(
      async () => (await alarms()).find((a) => a.name === name)?.scheduledTime,
      (t) => t === due,
    );
    // Stopped as the idle timer stops it, the background takes nothing with it: the alarm is the browser's.
    expect(await env.ff.chrome(TERMINATE_BACKGROUND, [ADDON_ID])).toBe('stopped');
    await ask(popup, 'getSettings'); // wakes it
    expect((await alarms()).find((a) => a.name === name)?.scheduledTime).toBe(due);
    await popup.close();
  });
});

describe('the real toolbar popup in Firefox', () => {
  it('reads the events of a site without host permission through activeTab, granted by opening it', async () => {
    const url = `${jsonldSite.served.url.replace('127.0.0.1', UNGRANTED_HOST)}broadcast.html`;
    const site = await openTab(env.ff.browser, url);
    await site.bringToFront();
    const tabId = await selectedTabId(env.ff);
    // Positive control: the popup page opened in a tab of its own (no click on the button, so no
    // activeTab) can neither run in nor read that tab.
    const inTab = await openTab(env.ff.browser, extensionUrl(`popup.html?tab=${tabId}`));
    await clickText(inTab, '[role="tab"]', /^This page/);
    await byText(inTab, 'p', 'Afterparty does not read this page.');
    await new Promise((done) => setTimeout(done, 2_000)); // time to read the page, had it been allowed
    expect(await count(inTab, '[aria-label="Events on this page"]')).toBe(0);
    await inTab.close();

    await site.bringToFront();
    const panel = await openToolbarPopup(env.ff);
    const events = () =>
      panel((document) => {
        const tab = [...document.querySelectorAll('[role="tab"]')].find((el) => el.textContent === 'This page');
        if (tab?.getAttribute('aria-selected') !== 'true') (tab as HTMLElement | undefined)?.click();
        return document.querySelector('[aria-label="Events on this page"]')?.textContent ?? '';
      });
    expect(await until(events, (text) => text.includes('Cast watch party'))).toContain('Unnamed event');
    // Reading is all activeTab gives: the site is still not one Afterparty may run on.
    expect(await panel((document) => document.body.textContent?.includes('Afterparty does not read this page.'))).toBe(
      true,
    );
    await site.close();
  });
});
