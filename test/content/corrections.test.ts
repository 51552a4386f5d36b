import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { correctionHandlers } from '../../src/background/handlers/corrections.ts';
import { createHandlers, type Handlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import type { SiteRegistry } from '../../src/background/sites/site-registry.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from '../background/with-titles.ts';

const page = (url: string) => ({ extensionPage: false, pageUrl: url });

/** What a frame of `url` learns of the corrections: beginScan's answer, their one source for pages (#26.15). */
async function seenBy(handlers: Handlers, url: string) {
  const reply = await route(handlers, { type: 'beginScan', params: { blocks: [{ text: 'Crash' }] } }, page(url));
  if (!('result' in reply)) throw new Error(reply.error);
  return reply.result as { corrections?: unknown[] };
}

async function setup() {
  const db = freshDb();
  await loadDefaultFeed(db);
  // No site is switched off: beginScan answers every frame with its corrections.
  const sites = { isDisabled: async () => false } as unknown as SiteRegistry;
  return { db, handlers: createHandlers({ ...withTitles({ db, ready: async () => undefined }), sites }) };
}

describe('"Not this film" corrections', () => {
  it('are scoped to the site of the sending page, taken from the sender, never from params', async () => {
    const { db, handlers } = await setup();
    const reply = await route(
      handlers,
      { type: 'addCorrection', params: { filmKey: 'default/crash', surface: 'CRASH', everywhere: false } },
      page('https://www.cbc.ca/news/a'),
    );
    expect(reply).toEqual({
      result: {
        correction: expect.objectContaining({ filmKey: 'default/crash', surface: 'crash', site: 'www.cbc.ca' }),
      },
    });
    // A page cannot name another site: unknown params are refused outright.
    const forged = await route(
      handlers,
      {
        type: 'addCorrection',
        params: { filmKey: 'default/crash', surface: 'Crash', everywhere: false, site: 'variety.com' },
      },
      page('https://evil.example/'),
    );
    expect(forged).toEqual({ error: 'addCorrection takes only filmKey, surface and everywhere' });
    expect(await db.corrections.count()).toBe(1);
    const own = await seenBy(handlers, 'https://www.cbc.ca/other');
    const other = await seenBy(handlers, 'https://variety.com/');
    expect(own.corrections).toEqual([expect.objectContaining({ site: 'www.cbc.ca' })]);
    expect(other.corrections).toEqual([]);
  });

  it('"everywhere" is refused from a page, which corrects only its own site (#26.10)', async () => {
    const { db, handlers } = await setup();
    const add = (everywhere: boolean) => ({
      type: 'addCorrection',
      params: { filmKey: 'default/crash', surface: 'Crash', everywhere },
    });
    expect(await route(handlers, add(true), page('https://a.example/'))).toEqual({
      error: 'addCorrection: a page corrects its own site; apply it on every site from the options page',
    });
    expect(await db.corrections.count()).toBe(0);
    expect((await seenBy(handlers, 'https://c.example/')).corrections).toEqual([]);
    // Positive control: the same page's own-site correction is stored.
    expect(await route(handlers, add(false), page('https://a.example/'))).toHaveProperty('result');
    expect(await db.corrections.count()).toBe(1);
  });

  it('"everywhere" applies on every site, set from our own pages; the same correction twice is one row', async () => {
    const { db, handlers } = await setup();
    const add = { type: 'addCorrection', params: { filmKey: 'default/crash', surface: 'Crash', everywhere: true } };
    await route(handlers, add, { extensionPage: true });
    await route(handlers, add, { extensionPage: true });
    expect(await db.corrections.count()).toBe(1);
    expect((await seenBy(handlers, 'https://c.example/')).corrections).toEqual([
      expect.objectContaining({ site: null, surface: 'crash' }),
    ]);
  });

  it("a site's correction is applied on every site from the options page, never from a page", async () => {
    const { db, handlers } = await setup();
    const made = await route(
      handlers,
      { type: 'addCorrection', params: { filmKey: 'default/crash', surface: 'Crash', everywhere: false } },
      page('https://a.example/'),
    );
    const id = (made as { result: { correction: { id: string } } }).result.correction.id;
    const widen = { type: 'widenCorrection', params: { id } };
    expect(await route(handlers, widen, page('https://a.example/'))).toEqual({
      error: "widenCorrection is accepted only from Afterparty's own pages",
    });
    expect((await seenBy(handlers, 'https://c.example/')).corrections).toEqual([]);
    expect(await route(handlers, widen, { extensionPage: true })).toEqual({
      result: { correction: expect.objectContaining({ site: null, surface: 'crash' }) },
    });
    expect((await seenBy(handlers, 'https://c.example/')).corrections).toEqual([
      expect.objectContaining({ site: null }),
    ]);
    expect(await db.corrections.count()).toBe(1);
  });

  it('validates strictly: unknown films, empty or long text, pages without a site, removal only from our pages', async () => {
    const { handlers } = await setup();
    const send = (params: unknown, from = page('https://a.example/')) =>
      route(handlers, { type: 'addCorrection', params }, from);
    expect(await send({ filmKey: 'default/nope', surface: 'Nope', everywhere: false })).toEqual({
      error: 'addCorrection: no film "default/nope"',
    });
    expect(await send({ filmKey: 'default/crash', surface: ' ', everywhere: false })).toHaveProperty('error');
    expect(await send({ filmKey: 'default/crash', surface: 'x'.repeat(301), everywhere: false })).toHaveProperty(
      'error',
    );
    expect(await send({ filmKey: 'default/crash', surface: 'Crash', everywhere: 'yes' })).toHaveProperty('error');
    expect(
      await send({ filmKey: 'default/crash', surface: 'Crash', everywhere: false }, page('file:///tmp/a.html')),
    ).toEqual({ error: 'addCorrection: the sending page has no site' });
    expect(
      await route(handlers, { type: 'removeCorrection', params: { id: 'x' } }, page('https://a.example/')),
    ).toEqual({
      error: "removeCorrection is accepted only from Afterparty's own pages",
    });
  });

  it('reach a page only with beginScan: getCorrections is no message (#26.15)', async () => {
    const { handlers } = await setup();
    await route(
      handlers,
      { type: 'addCorrection', params: { filmKey: 'default/crash', surface: 'Crash', everywhere: false } },
      page('https://a.example/'),
    );
    const asked = await route(handlers, { type: 'getCorrections', params: {} }, page('https://a.example/'));
    expect(asked).toHaveProperty('error');
    expect(asked).not.toHaveProperty('result');
    // Positive control: the same frame gets its correction with its start-up answer.
    expect((await seenBy(handlers, 'https://a.example/')).corrections).toHaveLength(1);
  });

  it('survive reloading the feed (sync), and can be removed from our own pages', async () => {
    const { db } = await setup();
    const handlers = correctionHandlers({ db });
    const { correction } = await handlers.addCorrection(
      { filmKey: 'default/crash', surface: 'Crash', everywhere: false },
      page('https://x.example/'),
    );
    await loadDefaultFeed(db);
    expect(await db.corrections.get(correction.id)).toEqual(correction);
    expect((await handlers.listCorrections({}, { extensionPage: true })).corrections).toHaveLength(1);
    await handlers.removeCorrection({ id: correction.id }, { extensionPage: true });
    expect(await db.corrections.count()).toBe(0);
  });
});
