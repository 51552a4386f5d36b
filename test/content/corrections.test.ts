import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { correctionHandlers } from '../../src/background/handlers/corrections.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from '../background/with-titles.ts';

const page = (url: string) => ({ extensionPage: false, pageUrl: url });

async function setup() {
  const db = freshDb();
  await loadDefaultFeed(db);
  return { db, handlers: createHandlers(withTitles({ db, ready: async () => undefined })) };
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
    const own = await route(handlers, { type: 'getCorrections', params: {} }, page('https://www.cbc.ca/other'));
    const other = await route(handlers, { type: 'getCorrections', params: {} }, page('https://variety.com/'));
    expect(own).toEqual({ result: { corrections: [expect.objectContaining({ site: 'www.cbc.ca' })] } });
    expect(other).toEqual({ result: { corrections: [] } });
  });

  it('"everywhere" applies on every site; the same correction twice is one row', async () => {
    const { db, handlers } = await setup();
    const add = { type: 'addCorrection', params: { filmKey: 'default/crash', surface: 'Crash', everywhere: true } };
    await route(handlers, add, page('https://a.example/'));
    await route(handlers, add, page('https://b.example/'));
    expect(await db.corrections.count()).toBe(1);
    expect(await route(handlers, { type: 'getCorrections', params: {} }, page('https://c.example/'))).toEqual({
      result: { corrections: [expect.objectContaining({ site: null, surface: 'crash' })] },
    });
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

  it('survive reloading the feed (sync), and can be removed from our own pages', async () => {
    const { db } = await setup();
    const handlers = correctionHandlers({ db });
    const { correction } = await handlers.addCorrection(
      { filmKey: 'default/crash', surface: 'Crash', everywhere: false },
      page('https://x.example/'),
    );
    await loadDefaultFeed(db);
    expect(await db.corrections.get(correction.id)).toEqual(correction);
    expect((await handlers.getCorrections({}, { extensionPage: true })).corrections).toHaveLength(1);
    await handlers.removeCorrection({ id: correction.id }, { extensionPage: true });
    expect(await db.corrections.count()).toBe(0);
  });
});
