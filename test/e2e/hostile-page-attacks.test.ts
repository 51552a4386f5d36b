/// <reference types="chrome" />
// A page that attacks the card, in real Chromium with the built extension (issue 11, "The page
// is the attacker"). The page (test/fixtures/pages/hostile-attacks.html and .js) defines every
// custom-element name the card's host could take and keeps their ElementInternals, clobbers
// globals with named elements, dispatches synthetic pointer, mouse, keyboard and focus events
// at titles, restyles, moves and overlays the card's host. What it gets is checked from the
// extension's own page (getPlan, listCorrections); every absence has a positive control beside
// it: the real mouse and keyboard do what the page's forgeries cannot.
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, serveFolder } from '../../scripts/browser.mjs';
import { ACTIVATION_DELAY_MS } from '../../src/content/card-guard.ts';
import { CARD_HOST, cardText, settleCard, waitForCard } from './extension.ts';
import { ask } from './worker-ask.ts';

let context: import('playwright-core').BrowserContext;
let server: { url: string; close(): Promise<void> };
let extPage: Page;
/** A future own event per film the page names, by the film's slug. */
const reunion: Record<string, string> = {};

beforeAll(async () => {
  server = await serveFolder('test/fixtures/pages');
  let extensionId: string;
  ({ context, extensionId } = await launchWithExtension({
    extensionDir: `${process.env.AFTERPARTY_DIST ?? 'dist'}/chrome`,
  }));
  extPage = await context.newPage();
  await extPage.goto(`chrome-extension://${extensionId}/popup.html`);
  // The built-in listings are of 2007-2010 and the card offers Going only for what is still to
  // come: each film the page names gets a future own event, whose Going the clicks aim at. Each
  // is left out of the plan, so that only a click the card takes saves anything.
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const slug of [
    'fugitive-pieces',
    'in-the-valley-of-elah',
    'medicine-for-melancholy',
    'happy-go-lucky',
    'young-people-fucking',
  ]) {
    const { event } = await ask<{ event: { key: string } }>(extPage, 'addUserEvent', {
      event: {
        kind: 'party',
        title: `Reunion ${slug}`,
        films: [`default/${slug}`],
        festival: null,
        start: day,
        venue: null,
      },
    });
    await ask(extPage, 'setSaved', { eventKey: event.key, status: null });
    reunion[slug] = event.key;
  }
});

afterAll(async () => {
  await context?.close();
  await server?.close();
});

const savedKeys = async () =>
  (await ask<{ saved: Array<{ eventKey: string }> }>(extPage, 'getPlan')).saved.map((s) => s.eventKey).sort();
const corrections = async () => (await ask<{ corrections: unknown[] }>(extPage, 'listCorrections')).corrections;

async function openAttackPage(): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${server.url}hostile-attacks.html`);
  await page.waitForFunction(() => performance.getEntriesByName('afterparty:scan-end').length > 0, null, {
    timeout: 20_000,
  });
  return { page, cdp };
}

/** Moves the real mouse onto the text of the element `selector` finds. */
async function hover(page: Page, selector: string): Promise<void> {
  const box = await page.evaluate((s) => {
    const range = new Range();
    range.selectNodeContents(document.querySelector(s)!);
    const rect = range.getClientRects()[0]!;
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  }, selector);
  await page.mouse.move(box.x - 30, box.y + 40);
  await page.mouse.move(box.x, box.y, { steps: 5 });
}

interface DomNode {
  nodeName: string;
  nodeType: number;
  nodeValue?: string;
  backendNodeId: number;
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

/** The centre of the card's button whose text is `text`, found through CDP's pierce. */
async function buttonCentre(cdp: CDPSession, text: string): Promise<{ x: number; y: number }> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const kids = (n: DomNode) => [...(n.shadowRoots ?? []), ...(n.children ?? [])];
  const textOf = (n: DomNode): string => (n.nodeType === 3 ? (n.nodeValue ?? '') : kids(n).map(textOf).join(''));
  const find = (n: DomNode): DomNode | null => {
    if (n.nodeName === 'BUTTON' && textOf(n).trim() === text) return n;
    for (const child of kids(n)) {
      const hit = find(child);
      if (hit) return hit;
    }
    return null;
  };
  const button = find(root);
  if (!button) throw new Error(`no "${text}" button in the card`);
  // The card's body scrolls: the reader brings the button into view first.
  await cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId: button.backendNodeId });
  const { model } = (await cdp.send('DOM.getBoxModel', { backendNodeId: button.backendNodeId })) as {
    model: { content: number[] };
  };
  const [x1 = 0, y1 = 0, , , x3 = 0, y3 = 0] = model.content;
  return { x: (x1 + x3) / 2, y: (y1 + y3) / 2 };
}

/** Trusted clicks the page saw land on the card's host. */
const clicksSeen = (page: Page) => page.evaluate(() => (window as unknown as Attack).attack.clicks.length);
const hostsSeen = (page: Page) => page.evaluate(() => (window as unknown as Attack).attack.appeared.length);

interface Attack {
  attack: {
    appeared: number[];
    clicks: Array<{ timeStamp: number }>;
    mode: string | null;
    reset(): void;
    read(): { host: string | null; grabbed: number; text: string };
    click(): number;
    forge(selector: string, ms: number): Promise<number>;
    pressKey(key: string): boolean;
  };
  grabbed: unknown[];
}

/** Escape closes the card (a click inside gave it focus, so moving the pointer away does not). */
async function closeCard(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 5, { steps: 2 });
  await page.waitForFunction((host) => document.querySelector(host) === null, CARD_HOST);
}

/** A real click at the button `text` of the open card, after the activation guard. */
async function clickInCard(page: Page, cdp: CDPSession, text: string): Promise<void> {
  const at = await buttonCentre(cdp, text);
  await page.mouse.move(at.x, at.y, { steps: 3 });
  await settleCard(page);
  const before = await clicksSeen(page);
  await page.mouse.click(at.x, at.y);
  // The click really landed on the card (the page sees it retargeted to the host).
  await expect.poll(() => clicksSeen(page)).toBe(before + 1);
}

describe('a page that attacks the card', () => {
  it('defines every custom-element name with attachInternals: it reads nothing and clicks nothing; a real click saves', async () => {
    const { page, cdp } = await openAttackPage();
    await hover(page, '#fugitive i');
    // Positive control: the card is open on this page, with the film's credits and venue.
    await waitForCard(page, /Podeswa.*Rosedale/, { session: cdp });
    const read = await page.evaluate(() => (window as unknown as Attack).attack.read());
    expect(read.text).not.toMatch(/Podeswa|Rosedale|Going|Interested/);
    expect(read.grabbed).toBe(0); // none of the page's element definitions was used for the host
    expect(read.host).toMatch(/^[a-z]+$/); // which the page does find: a built-in element, no custom name
    expect(await page.evaluate(() => (window as unknown as Attack).attack.click())).toBe(0);
    // The card is still open, and a real click, after the guard, saves.
    expect(await cardText(page, cdp)).toMatch(/Rosedale/);
    await clickInCard(page, cdp, 'Going');
    await expect.poll(savedKeys).toEqual([reunion['fugitive-pieces']]);
    expect(await corrections()).toEqual([]);
    await page.close();
  });

  it('synthetic pointer, mouse, keyboard and focus events at a title open no card; the real mouse does', async () => {
    const { page, cdp } = await openAttackPage();
    // A hover's worth of events (with every modifier flag set), then the "pointer" rests on the
    // title: a card that took them for a hover would open one hover delay (300 ms) later.
    await page.evaluate(() => (window as unknown as Attack).attack.forge('#poor i', 200));
    await page.waitForTimeout(1_500);
    expect(await hostsSeen(page)).toBe(0);
    expect(await cardText(page, cdp)).toBeNull();
    await hover(page, '#poor i');
    expect(await waitForCard(page, /Poor Boys Game/, { session: cdp })).toBeTruthy();
    expect(await hostsSeen(page)).toBeGreaterThan(0);
    await page.close();
  });

  it('closes the card when the page restyles, marks or moves its host', async () => {
    const { page, cdp } = await openAttackPage();
    const noHost = (host: string) => document.querySelector(host) === null;
    // Positive control: left alone, the card stays open.
    await hover(page, '#poor i');
    await waitForCard(page, /Poor Boys Game/, { session: cdp });
    await settleCard(page);
    expect(await cardText(page, cdp)).toMatch(/Poor Boys Game/);
    for (const mode of ['opacity', 'transform', 'clip', 'attribute', 'move']) {
      await page.mouse.move(5, 5, { steps: 2 });
      await page.waitForFunction(noHost, CARD_HOST);
      const before = await hostsSeen(page);
      await page.evaluate((m) => ((window as unknown as Attack).attack.mode = m), mode);
      await hover(page, '#poor i');
      // The page got its hands on the host...
      await expect.poll(() => hostsSeen(page), { message: mode }).toBe(before + 1);
      // ...and the card is gone, wherever the page put it.
      await expect
        .poll(() => page.evaluate(() => document.querySelectorAll('[data-afterparty-ignore]').length), {
          message: mode,
        })
        .toBe(0);
      await page.evaluate(() => (window as unknown as Attack).attack.reset());
    }
    await page.close();
  });

  it('ignores a click made as the card appears, under an overlay, or on a faded page; counts one made after', async () => {
    const { page, cdp } = await openAttackPage();
    const before = await savedKeys();

    // As the card appears: a trusted click stamped 40 ms after the host showed up.
    await hover(page, '#elah i');
    await waitForCard(page, /Casa Loma/, { session: cdp });
    const at = await buttonCentre(cdp, 'Going');
    await page.mouse.move(at.x, at.y, { steps: 3 });
    const { origin, appeared } = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      appeared: (window as unknown as Attack).attack.appeared.at(-1)!,
    }));
    const timestamp = (origin + appeared + 40) / 1000;
    for (const type of ['mousePressed', 'mouseReleased'] as const)
      await cdp.send('Input.dispatchMouseEvent', { type, x: at.x, y: at.y, button: 'left', clickCount: 1, timestamp });
    await expect.poll(() => clicksSeen(page)).toBe(1);
    const early = await page.evaluate(() => (window as unknown as Attack).attack.clicks[0]!.timeStamp);
    expect(early - appeared).toBeLessThan(ACTIVATION_DELAY_MS);

    // Under a decoy laid over everything that lets clicks through (pointer-events: none).
    await closeCard(page);
    await page.evaluate(() => ((window as unknown as Attack).attack.mode = 'overlay'));
    await hover(page, '#medicine i');
    await waitForCard(page, /karaoke/i, { session: cdp });
    expect(await page.evaluate(() => document.getElementById('overlay') !== null)).toBe(true);
    await clickInCard(page, cdp, 'Going');
    expect(await cardText(page, cdp)).toMatch(/karaoke/i);
    await page.evaluate(() => (window as unknown as Attack).attack.reset());

    // On a page that fades its root element once the card is open: refused, and the card closes.
    await closeCard(page);
    await page.evaluate(() => ((window as unknown as Attack).attack.mode = 'root'));
    await hover(page, '#ypf i');
    await waitForCard(page, /Wicked/, { session: cdp });
    await clickInCard(page, cdp, 'Going');
    await page.waitForFunction((host) => document.querySelector(host) === null, CARD_HOST);
    await page.evaluate(() => (window as unknown as Attack).attack.reset());

    // Positive control: the same clicking, on an untouched card, saves. The refused clicks came
    // first, so had any been taken, its event would be saved by now too.
    await page.mouse.move(5, 5, { steps: 2 });
    await page.waitForFunction((host) => document.querySelector(host) === null, CARD_HOST);
    await hover(page, '#happy i');
    await waitForCard(page, /Joso/, { session: cdp });
    await clickInCard(page, cdp, 'Going');
    await expect.poll(savedKeys).toEqual([...before, reunion['happy-go-lucky']].sort());
    await page.close();
  });

  it('a clobbered global does not keep Afterparty off, and a second injection does not start a second run', async () => {
    const { page } = await openAttackPage();
    // The page's elements are named properties of window...
    expect(
      await page.evaluate(() => String((window as unknown as { afterpartyContent: unknown }).afterpartyContent)),
    ).toBe('[object HTMLDivElement]');
    // ...and the content script runs all the same: every title is underlined.
    expect(await page.evaluate(() => CSS.highlights.get('afterparty-film')?.size)).toBe(6);
    const rescans = await page.evaluate(() => performance.getEntriesByName('afterparty:rescan-end').length);
    const url = page.url();
    const injected = await extPage.evaluate(async (u) => {
      const tab = (await chrome.tabs.query({})).find((t) => t.url === u);
      for (let i = 0; i < 2; i++)
        await chrome.scripting.executeScript({ target: { tabId: tab!.id! }, files: ['content.js'] });
      return true;
    }, url);
    expect(injected).toBe(true);
    // A rescan (debounced) comes after the injections; a second run would have scanned by then.
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.innerHTML = 'Later: <i>Fugitive Pieces</i> again.';
      document.body.append(p);
    });
    await page.waitForFunction(() => CSS.highlights.get('afterparty-film')?.size === 7);
    await page.waitForFunction((n) => performance.getEntriesByName('afterparty:rescan-end').length > n, rescans);
    expect(await page.evaluate(() => performance.getEntriesByName('afterparty:scan-start').length)).toBe(1);
    await page.close();
  });

  it('"Add this event" reads the top frame, not a frame from another site inside it', async () => {
    const framePage = await context.newPage();
    await framePage.goto(`${server.url}events-frame.html`);
    const top = await context.newPage();
    const topUrl = `${server.url.replace('127.0.0.1', 'localhost')}events-top.html`;
    await top.goto(topUrl);
    // The framed widget runs our content script (it underlines its title).
    const frame = top.frames().find((f) => f.url().includes('events-frame.html'))!;
    await frame.waitForFunction(() => (CSS.highlights.get('afterparty-film')?.size ?? 0) > 0);
    const tabs = await extPage.evaluate(
      async (urls) => {
        const all = await chrome.tabs.query({});
        return urls.map((u) => all.find((t) => t.url === u)?.id ?? -1);
      },
      [framePage.url(), topUrl],
    );
    const popupFor = async (tabId: number) => {
      const popup = await context.newPage();
      await popup.goto(`${extPage.url().split('?')[0]}?tab=${tabId}`);
      await popup.getByRole('tab', { name: /^This page/ }).click();
      const region = popup.getByRole('region', { name: 'Events on this page' });
      await region.waitFor({ timeout: 20_000 });
      const text = (await region.textContent()) ?? '';
      await popup.close();
      return text;
    };
    // Positive control: opened on its own, the widget's event is offered.
    expect(await popupFor(tabs[0]!)).toContain('Framed party');
    // The top page is busy when the popup asks: the frame, in its own process, could answer first.
    await top.evaluate(() => setTimeout(() => (window as unknown as { busy(ms: number): void }).busy(4_000), 0));
    const offered = await popupFor(tabs[1]!);
    expect(offered).toContain('Top-frame gala');
    expect(offered).not.toContain('Framed party');
    await top.close();
    await framePage.close();
  });

  it('with "underline only with the key", registers no highlight and opens no card until the real key is held', async () => {
    // Turned on from the options page, by its label.
    const options = await context.newPage();
    await options.goto(extPage.url().replace('popup.html', 'options.html'));
    await options.getByLabel('Underline titles only while I hold the key').check();
    await expect
      .poll(async () => (await ask<{ underlineOnlyWithKey: boolean }>(extPage, 'getSettings')).underlineOnlyWithKey)
      .toBe(true);
    await options.close();
    try {
      const { page, cdp } = await openAttackPage();
      expect(await page.evaluate(() => CSS.highlights.size)).toBe(0);
      // Resting on a title opens nothing, and neither does a keydown the page dispatches.
      await hover(page, '#fugitive i');
      expect(await page.evaluate(() => (window as unknown as Attack).attack.pressKey('Alt'))).toBe(false);
      await page.waitForTimeout(1_000);
      expect(await hostsSeen(page)).toBe(0);
      expect(await page.evaluate(() => CSS.highlights.has('afterparty-film'))).toBe(false);
      // Positive control: the real key brings every title's highlight, and the card.
      await page.keyboard.down('Alt');
      await page.waitForFunction(() => CSS.highlights.get('afterparty-film')?.size === 6);
      await waitForCard(page, /Rosedale/, { session: cdp });
      await page.evaluate(() => {
        (window as unknown as { kept: unknown }).kept = CSS.highlights.get('afterparty-film');
      });
      // Released: out of the registry again, and the object the page kept is emptied.
      await page.keyboard.up('Alt');
      await page.waitForFunction(() => !CSS.highlights.has('afterparty-film'));
      expect(await page.evaluate(() => (window as unknown as { kept: Set<unknown> }).kept.size)).toBe(0);
      await page.close();
    } finally {
      await ask(extPage, 'setSettings', { patch: { underlineOnlyWithKey: false } });
    }
  });
});
