// What a content script may read and mark of the plan: only events a card can show (events of
// a listed film). Each refusal is checked beside the same request from our own pages, which
// gets the answer, so an empty answer is the scope at work and not a broken query.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import type { SiteRegistry } from '../../src/background/sites/site-registry.ts';
import { setSaved } from '../../src/db/plan.ts';
import { freshDb } from '../db/fake-db.ts';
import { userEventRow } from '../db/user-event-row.ts';
import { withTitles } from './with-titles.ts';

const fromContent = { extensionPage: false, pageUrl: 'https://evil.example/' };
const fromPage = { extensionPage: true };

async function setup() {
  const db = freshDb();
  await loadDefaultFeed(db);
  const events = await db.events.toArray();
  const listed = events.find((e) => e.filmKeys.length > 0)!;
  const filmless = events.find((e) => e.filmKeys.length === 0)!;
  const tied = userEventRow('tied', [listed.filmKeys[0]!]);
  const alone = userEventRow('alone', []);
  await db.userEvents.bulkPut([tied, alone]);
  for (const key of [listed.key, filmless.key, tied.key, alone.key]) await setSaved(db, key, 'going');
  const handlers = createHandlers(withTitles({ db, ready: async () => undefined }));
  return { db, handlers, listed, filmless, tied, alone };
}

describe('getSavedStatus', () => {
  it("names, for the card, the events you are going to that a shown event overlaps, and the card's shortcut", async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const film = (await db.events.toArray()).find((e) => e.filmKeys.length > 0)!.filmKeys[0]!;
    const at = (hour: number) => `2027-09-10T${String(hour).padStart(2, '0')}:00:00-04:00`;
    // "shown" and "free" are taken out of the plan: an own event is Going until the user says otherwise.
    await db.userEvents.bulkPut([
      userEventRow('shown', [film], { start: at(20), outOfPlan: true }),
      userEventRow('going', [film], { start: at(19) }),
      userEventRow('hidden', [], { start: at(21) }),
      userEventRow('maybe', [film], { start: at(20) }),
      userEventRow('dropped', [film], { start: at(20), cancelled: true }),
      userEventRow('later', [film], { start: at(23) }),
      userEventRow('free', [film], { start: at(13), outOfPlan: true }),
    ]);
    for (const id of ['going', 'hidden', 'dropped', 'later']) await setSaved(db, `user/${id}`, 'going');
    await setSaved(db, 'user/maybe', 'interested');
    const handlers = createHandlers(
      withTitles({ db, ready: async () => undefined, shortcut: async () => 'Alt+Shift+F' }),
    );
    const eventKeys = ['user/shown', 'user/free', 'user/going'];
    const ask = async (from: typeof fromContent | typeof fromPage) =>
      (await route(handlers, { type: 'getSavedStatus', params: { eventKeys } }, from)) as {
        result: { clashes: Record<string, unknown>; shortcut: string | null };
      };
    // Interested and cancelled events are no clash; the one at 23:00 starts as "shown" (no end:
    // three hours) ends. A page learns only that one it may not see exists.
    const content = (await ask(fromContent)).result;
    expect(content.clashes).toEqual({
      'user/shown': { titles: ['Private going'], others: 1 },
      'user/going': { titles: [], others: 1 },
    });
    expect(content.shortcut).toBe('Alt+Shift+F');
    expect((await ask(fromPage)).result.clashes).toEqual({
      'user/shown': { titles: ['Private going', 'Private hidden'], others: 0 },
      'user/going': { titles: ['Private hidden'], others: 0 },
    });
  });

  it('answers a content script for events of listed films only; our pages for any', async () => {
    const { handlers, listed, filmless, tied, alone } = await setup();
    const eventKeys = [listed.key, filmless.key, tied.key, alone.key];
    const off = expect.objectContaining({ on: false, at: null });
    expect(await route(handlers, { type: 'getSavedStatus', params: { eventKeys } }, fromContent)).toEqual({
      result: {
        saved: { [listed.key]: 'going', [tied.key]: 'going' },
        reminders: { [listed.key]: off, [tied.key]: off },
        // "tied" overlaps "alone", which a page may not see: counted, not named.
        clashes: expect.objectContaining({ [tied.key]: { titles: [], others: 1 } }),
        shortcut: null,
      },
    });
    expect(await route(handlers, { type: 'getSavedStatus', params: { eventKeys } }, fromPage)).toEqual({
      result: {
        saved: Object.fromEntries(eventKeys.map((key) => [key, 'going'])),
        reminders: Object.fromEntries(eventKeys.map((key) => [key, off])),
        clashes: expect.objectContaining({ [tied.key]: { titles: [alone.title], others: 0 } }),
        shortcut: null,
      },
    });
  });
});

describe('setSaved', () => {
  it('from a content script, never removes a saved event of no listed film', async () => {
    const { db, handlers, filmless, alone } = await setup();
    for (const eventKey of [filmless.key, alone.key, 'default/no-such-event']) {
      expect(await route(handlers, { type: 'setSaved', params: { eventKey, status: null } }, fromContent)).toEqual({
        error: expect.stringMatching(/films it lists/),
      });
    }
    expect((await db.saved.toArray()).map((row) => row.eventKey)).toEqual(
      expect.arrayContaining([filmless.key, alone.key]),
    );
    // Our own pages may remove them (the plan's "remove").
    expect(
      await route(handlers, { type: 'setSaved', params: { eventKey: alone.key, status: null } }, fromPage),
    ).toEqual({ result: { saved: null } });
    expect(await db.saved.get(alone.key)).toBeUndefined();
  });

  it('from a content script, saves and unsaves an event of a listed film (the card)', async () => {
    const { db, handlers, listed, tied } = await setup();
    for (const eventKey of [listed.key, tied.key]) {
      expect(await route(handlers, { type: 'setSaved', params: { eventKey, status: null } }, fromContent)).toEqual({
        result: { saved: null },
      });
      expect(
        await route(handlers, { type: 'setSaved', params: { eventKey, status: 'interested' } }, fromContent),
      ).toMatchObject({ result: { saved: { eventKey, status: 'interested' } } });
      expect((await db.saved.get(eventKey))?.status).toBe('interested');
    }
  });
});

describe('exportCalendar', () => {
  it('writes for a content script only events of listed films, and counts the rest as missing', async () => {
    const { handlers, listed, alone } = await setup();
    const params = { eventKeys: [listed.key, alone.key], name: 'x' };
    const page = await route(handlers, { type: 'exportCalendar', params }, fromContent);
    const own = await route(handlers, { type: 'exportCalendar', params }, fromPage);
    if (!('result' in page) || !('result' in own)) throw new Error('export failed');
    type Calendar = { ics: string; missing: number };
    const [fromPageScript, fromOwnPage] = [page.result as Calendar, own.result as Calendar];
    expect(fromOwnPage.ics).toContain('Private alone');
    expect(fromOwnPage.missing).toBe(0);
    expect(fromPageScript.ics).not.toContain('Private alone');
    expect(fromPageScript.ics).toContain(`UID:${listed.key}@afterparty`);
    expect(fromPageScript.missing).toBe(1);
  });
});

describe('getSiteSwitch', () => {
  it("answers for the sender frame's site, never for the params", async () => {
    const registry = { isDisabled: async (site: string) => site === 'off.example' } as unknown as SiteRegistry;
    const withSites = createHandlers(withTitles({ db: freshDb(), ready: async () => undefined, sites: registry }));
    const ask = (pageUrl: string, params: object = {}) =>
      route(withSites, { type: 'getSiteSwitch', params }, { extensionPage: false, pageUrl });
    expect(await ask('https://off.example/page')).toEqual({ result: { disabled: true } });
    expect(await ask('https://on.example/page')).toEqual({ result: { disabled: false } });
    // Params are refused, not read: a page cannot ask about another site.
    expect(await ask('https://on.example/page', { url: 'https://off.example/' })).toEqual({
      error: 'getSiteSwitch takes no parameters',
    });
    expect(await route(withSites, { type: 'getSiteSwitch', params: {} }, { extensionPage: true })).toEqual({
      result: { disabled: false },
    });
  });
});
