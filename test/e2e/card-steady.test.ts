/// <reference types="chrome" />
// A steady card (#29.4), in Chromium with the built extension: placed on the side of its title
// with more room (above a title low in the viewport) and never cut off, its header fixed while
// its body scrolls, nothing moving under the pointer after "Going", past and cancelled events
// without actions, a line for a clash with an event you are going to, a distinct empty state,
// and its keyboard shortcut.
// The card's closed shadow root is read through CDP (card-boxes.ts), as no page script can.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoverText, waitForHighlights } from '../../scripts/browser.mjs';
import {
  boxOf,
  buttonTexts,
  cardTree,
  centre,
  eventNode,
  findOne,
  hasClass,
  propertyOf,
  textOf,
  viewportOf,
  type CardNode,
} from './card-boxes.ts';
import { settleCard, startHarness, waitForCard, type Harness } from './extension.ts';
import { ask, localAt } from './worker-ask.ts';

let harness: Harness;
const keys: Record<string, string> = {};

beforeAll(async () => {
  harness = await startHarness();
  const ext = await harness.context.newPage();
  await ext.goto(`chrome-extension://${harness.extensionId}/popup.html`);
  // The schedule names only its events' films; "Goodbye Solo", listed nowhere, is in the catalog.
  const { events } = await ask<{ events: Array<{ key: string; title: string }> }>(ext, 'getSchedule');
  const { films } = await ask<{ films: Array<{ key: string; title: string }> }>(ext, 'getEventCatalog');
  const film = films.find((f) => f.title === 'Fugitive Pieces')!.key;
  keys.past = events.find((e) => e.title === 'Fugitive Pieces house party')!.key;
  // Tomorrow: a supper that overlaps the gala you are going to, a morning coffee that overlaps
  // nothing, a cancelled brunch; then one event a day after, enough for the card's body to scroll.
  const own: Array<[string, string, string, boolean]> = [
    ['supper', 'Steady supper', localAt(1, 20), false],
    ['gala', 'Gala we go to', localAt(1, 21), false],
    ['coffee', 'Morning coffee', localAt(1, 8), false],
    ['brunch', 'Dropped brunch', localAt(1, 11), true],
    ...[2, 3, 4, 5, 6, 7].map((day): [string, string, string, boolean] => [
      `later${day}`,
      `Later party ${day}`,
      localAt(day, 22),
      false,
    ]),
  ];
  for (const [id, title, start, cancelled] of own) {
    const { event } = await ask<{ event: { key: string } }>(ext, 'addUserEvent', {
      event: { kind: 'party', title, films: [film], festival: null, start, venue: null, cancelled },
    });
    keys[id] = event.key;
  }
  await ask(ext, 'setSaved', { eventKey: keys.gala, status: 'going' });
  // Own events are Going as they are made: this one is taken out, for the card to press Going on.
  await ask(ext, 'setSaved', { eventKey: keys.later6, status: null });
  // A short card: Goodbye Solo, listed nowhere, with one evening to come.
  const solo = films.find((f) => f.title === 'Goodbye Solo')!.key;
  const { event: reprise } = await ask<{ event: { key: string } }>(ext, 'addUserEvent', {
    event: {
      kind: 'party',
      title: 'Karaoke reprise',
      films: [solo],
      festival: null,
      start: localAt(3, 22),
      venue: null,
    },
  });
  keys.reprise = reprise.key;
  await ask(ext, 'setSaved', { eventKey: reprise.key, status: null });
  await ext.close();
});

afterAll(async () => {
  await harness?.close();
});

/** The demo page with the Fugitive Pieces card open, and a CDP session to read it. */
async function openCard(): Promise<{ page: Page; cdp: CDPSession; card: () => Promise<CardNode> }> {
  const page = await harness.context.newPage();
  await page.goto(harness.demoUrl);
  await waitForHighlights(page);
  const cdp = await page.context().newCDPSession(page);
  await hoverText(page, 'Fugitive Pieces');
  await waitForCard(page, /Later party 7/, { session: cdp });
  const card = async () => {
    const tree = await cardTree(cdp);
    if (!tree) throw new Error('the card closed');
    return tree;
  };
  return { page, cdp, card };
}

/** Scrolls the page until the title's top sits `fromTop(viewport height)` px down the viewport, then hovers it. */
async function hoverAt(
  page: Page,
  title: string,
  fromTop: (height: number) => number,
): Promise<{ top: number; bottom: number }> {
  // Room above and below the title, whatever the page's length, to scroll it anywhere.
  await page.evaluate(() => {
    document.body.prepend(Object.assign(document.createElement('div'), { style: 'height: 1500px' }));
    document.body.append(Object.assign(document.createElement('div'), { style: 'height: 1500px' }));
  });
  const titleRect = () =>
    page.evaluate((needle) => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node as Text).data.indexOf(needle);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + needle.length);
        const r = range.getClientRects()[0]!;
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }
      throw new Error(`no ${needle}`);
    }, title);
  const view = await viewportOf(page);
  await page.evaluate((by) => window.scrollBy(0, by), (await titleRect()).top - fromTop(view.height));
  const rect = await titleRect();
  await page.mouse.move(rect.left + 5, rect.top - 30);
  await page.mouse.move((rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2, { steps: 5 });
  return rect;
}

/** Scrolls the page until the title sits 80 px above the viewport's bottom edge, then hovers it. */
const hoverNearBottom = (page: Page, title: string) => hoverAt(page, title, (height) => height - 80);

const classed = (name: string) => (n: CardNode) => hasClass(n, name);

describe('a steady card, in Chromium', () => {
  it('goes above a title near the bottom of the viewport, whole: not over the title, not cut off', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    const cdp = await page.context().newCDPSession(page);
    // Room above the title for it to sit 80 px over the viewport's bottom edge.
    await page.evaluate(() =>
      document.body.prepend(Object.assign(document.createElement('div'), { style: 'height: 1500px' })),
    );
    const titleRect = () =>
      page.evaluate(() => {
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node as Text).data.indexOf('Fugitive Pieces');
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 'Fugitive Pieces'.length);
          const r = range.getClientRects()[0]!;
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        }
        throw new Error('no title');
      });
    const view = await viewportOf(page);
    await page.evaluate((by) => window.scrollBy(0, by), (await titleRect()).top - (view.height - 80));
    const rect = await titleRect();
    await page.mouse.move(rect.left + 5, rect.top - 30);
    await page.mouse.move((rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2, { steps: 5 });
    await waitForCard(page, /Later party 7/, { session: cdp });
    const tree = (await cardTree(cdp))!;
    const card = await boxOf(cdp, findOne(tree, classed('ap-card'), 'card'));
    const close = await boxOf(
      cdp,
      findOne(tree, (n) => n.nodeName === 'BUTTON' && hasClass(n, 'ap-close'), 'close'),
    );
    const title = (await titleRect()).top;
    expect(title).toBeGreaterThan(view.height - 120);
    // The card is taller than the room below the title: below, it would have been cut off.
    expect(card.height).toBeGreaterThan(view.height - title);
    expect(card.y + card.height).toBeLessThanOrEqual(title);
    expect(card.y).toBeGreaterThanOrEqual(0);
    expect(close.y).toBeGreaterThanOrEqual(0);
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(view.width);
    await page.close();
  });

  it('goes above a title low in the viewport even when it would fit below, and below a title high up', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    const cdp = await page.context().newCDPSession(page);
    const view = await viewportOf(page);
    const cardBox = async () => boxOf(cdp, findOne((await cardTree(cdp))!, classed('ap-card'), 'card'));
    // High: the title's top at 20% of the viewport, more room below than above.
    const high = await hoverAt(page, 'Goodbye Solo', (height) => Math.round(height * 0.2));
    await waitForCard(page, /Karaoke reprise/, { session: cdp });
    const below = await cardBox();
    expect(below.y).toBeGreaterThanOrEqual(high.bottom);
    expect(below.y + below.height).toBeLessThanOrEqual(view.height);
    await page.mouse.move(5, 5);
    await expect.poll(async () => (await cardTree(cdp)) === null, { timeout: 5_000 }).toBe(true);
    // Low: 40 px more room below the title than the card needs, and still more room above.
    const low = await hoverAt(page, 'Goodbye Solo', (height) => height - below.height - 40 - (high.bottom - high.top));
    await waitForCard(page, /Karaoke reprise/, { session: cdp });
    const above = await cardBox();
    expect(above.height).toBe(below.height);
    expect(view.height - low.bottom).toBeGreaterThan(above.height + 20);
    expect(view.height - low.bottom).toBeLessThan(low.top);
    // The whole card would have fitted below; it went above, by the room alone.
    expect(above.y + above.height).toBeLessThanOrEqual(low.top);
    expect(above.y).toBeGreaterThanOrEqual(0);
    await page.close();
  });

  it('keeps its header and × in place while its body scrolls, and shows its keyboard shortcut', async () => {
    const { page, cdp, card } = await openCard();
    const tree = await card();
    const body = findOne(tree, classed('ap-card-body'), 'body');
    const bar = findOne(tree, classed('ap-card-bar'), 'header');
    const close = findOne(tree, (n) => n.nodeName === 'BUTTON' && hasClass(n, 'ap-close'), 'close');
    const event = eventNode(tree, keys.coffee!);
    const before = { bar: await boxOf(cdp, bar), close: await boxOf(cdp, close), event: await boxOf(cdp, event) };
    expect(await propertyOf(cdp, body, 'scrollTop')).toBe(0);
    // The reader's wheel over the card's body.
    const inBody = await centre(cdp, body);
    await page.mouse.move(inBody.x, inBody.y, { steps: 4 });
    await page.mouse.wheel(0, 300);
    await expect.poll(() => propertyOf(cdp, body, 'scrollTop'), { timeout: 5_000 }).toBeGreaterThan(100);
    // The events moved up (the body did scroll); the header and its × did not.
    expect((await boxOf(cdp, event)).y).toBeLessThan(before.event.y - 100);
    expect(await boxOf(cdp, bar)).toEqual(before.bar);
    expect(await boxOf(cdp, close)).toEqual(before.close);
    const foot = findOne(tree, classed('ap-shortcut'), 'shortcut');
    expect(textOf(foot)).toBe('Keyboard: Alt+Shift+F opens this card for the selected title');
    await page.close();
  });

  it('after "Going", the pressed button stays under the pointer, with the body scrolled as it was', async () => {
    const { page, cdp, card } = await openCard();
    const goingOf = async () =>
      findOne(eventNode(await card(), keys.later6!), (n) => n.nodeName === 'BUTTON' && textOf(n) === 'Going', 'Going');
    const body = findOne(await card(), classed('ap-card-body'), 'body');
    // A button low in the list, so the body has to scroll to it.
    await cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: (await goingOf()).backendNodeId });
    const scrolled = await propertyOf(cdp, body, 'scrollTop');
    expect(scrolled).toBeGreaterThan(0);
    expect(attributeOfPressed(await goingOf())).toBe('false');
    const before = await boxOf(cdp, await goingOf());
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2, { steps: 4 });
    await settleCard(page);
    await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
    // Re-rendered with the new status: pressed, and "Remind me" offered beside it.
    await expect.poll(async () => attributeOfPressed(await goingOf()), { timeout: 5_000 }).toBe('true');
    await expect
      .poll(async () => buttonTexts(eventNode(await card(), keys.later6!)), { timeout: 5_000 })
      .toContain('Remind me');
    // Where it was: its place and height; only its width grows with the pressed state's bold.
    const after = await boxOf(cdp, await goingOf());
    expect({ x: after.x, y: after.y, height: after.height }).toEqual({
      x: before.x,
      y: before.y,
      height: before.height,
    });
    expect(await propertyOf(cdp, body, 'scrollTop')).toBe(scrolled);
    await page.close();
  });

  it('after "Going" on a short card above its title, the pressed button stays under the pointer as the card grows', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    const cdp = await page.context().newCDPSession(page);
    const title = await hoverNearBottom(page, 'Goodbye Solo');
    await waitForCard(page, /Karaoke reprise/, { session: cdp });
    const tree = async () => (await cardTree(cdp))!;
    const going = async () =>
      findOne(eventNode(await tree(), keys.reprise!), (n) => n.nodeName === 'BUTTON' && textOf(n) === 'Going', 'Going');
    const card = await boxOf(cdp, findOne(await tree(), classed('ap-card'), 'card'));
    // Above the title, and shorter than its cap: a card that grew upwards would move the button.
    expect(card.y + card.height).toBeLessThanOrEqual(title.top);
    expect(card.height).toBeLessThan(400);
    const before = await boxOf(cdp, await going());
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2, { steps: 4 });
    await settleCard(page);
    await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
    await expect.poll(async () => attributeOfPressed(await going()), { timeout: 5_000 }).toBe('true');
    await expect
      .poll(async () => buttonTexts(eventNode(await tree(), keys.reprise!)), { timeout: 5_000 })
      .toContain('Remind me');
    const after = await boxOf(cdp, await going());
    expect({ x: after.x, y: after.y, height: after.height }).toEqual({
      x: before.x,
      y: before.y,
      height: before.height,
    });
    // Still above the title, not over it.
    const grown = await boxOf(cdp, findOne(await tree(), classed('ap-card'), 'card'));
    expect(grown.y + grown.height).toBeLessThanOrEqual(title.top);
    await page.close();
  });

  it('shows a past event as "Over" and a cancelled one as "Cancelled", without Going, Remind me or calendar', async () => {
    const { page, card } = await openCard();
    const tree = await card();
    const past = eventNode(tree, keys.past!);
    const cancelled = eventNode(tree, keys.brunch!);
    const future = eventNode(tree, keys.coffee!);
    // Positive control: a future event has them.
    expect(buttonTexts(future)).toEqual(
      expect.arrayContaining(['Going', 'Interested', '+ Add to calendar — Morning coffee']),
    );
    expect(textOf(past)).toContain('Over');
    expect(buttonTexts(past).filter((t) => /Going|Interested|Remind|calendar/.test(t))).toEqual([]);
    expect(textOf(cancelled)).toContain('Cancelled');
    expect(buttonTexts(cancelled).filter((t) => /Going|Interested|Remind|calendar/.test(t))).toEqual([]);
    await page.close();
  });

  it('says when an event clashes with one you are going to, and nothing under one that does not', async () => {
    const { page, card } = await openCard();
    const tree = await card();
    const line = (key: string) => textOf(eventNode(tree, key));
    expect(line(keys.supper!)).toContain('Clashes with Gala we go to, which you’re going to');
    expect(line(keys.coffee!)).not.toContain('Clashes');
    await page.close();
  });

  it('says "nothing listed" for a film without events, never "events for" it', async () => {
    const page = await harness.context.newPage();
    await page.goto(harness.demoUrl);
    await waitForHighlights(page);
    const cdp = await page.context().newCDPSession(page);
    await hoverText(page, 'Burn After Reading');
    const empty = await waitForCard(page, /Burn After Reading/, { session: cdp });
    expect(empty).toContain('Afterparty · nothing listed for “Burn After Reading”');
    expect(empty).toContain('No parties, dinners or receptions listed for this film yet.');
    expect(empty).not.toMatch(/events for/);
    // Positive control: a film with events is counted in the same words' place.
    await hoverText(page, 'Fugitive Pieces');
    expect(await waitForCard(page, /Later party 7/, { session: cdp })).toContain('events for “Fugitive Pieces”');
    await page.close();
  });
});

function attributeOfPressed(node: CardNode): string | null {
  const list = node.attributes ?? [];
  for (let i = 0; i < list.length; i += 2) if (list[i] === 'aria-pressed') return list[i + 1] ?? null;
  return null;
}
