// The card's "Add an event": a message a content script may send, which only opens our form.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { addEventHandlers } from '../../src/background/handlers/add-event.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { liveFilms } from '../../src/db/queries.ts';
import { addEventPath } from '../../src/messages/add-event.ts';
import { parseRequest } from '../../src/messages/index.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from './with-titles.ts';

const fromPage = { extensionPage: false, pageUrl: 'https://www.tiff.net/films', tabActive: true };

async function setup() {
  const db = freshDb();
  await loadDefaultFeed(db);
  const opened: string[] = [];
  let now = 10_000;
  const handlers = {
    ...createHandlers(withTitles({ db, ready: async () => undefined })),
    ...addEventHandlers({ db, openPage: async (path) => void opened.push(path), clock: () => now }),
  };
  const film = (await liveFilms(db)).find((f) => f.title === 'Fugitive Pieces')!;
  return { handlers, opened, film, tick: (ms: number) => (now += ms) };
}

describe('openAddEvent', () => {
  it('opens the form for a listed film when a content script asks', async () => {
    const { handlers, opened, film } = await setup();
    expect(await route(handlers, { type: 'openAddEvent', params: { filmKey: film.key } }, fromPage)).toEqual({
      result: {},
    });
    expect(opened).toEqual([`popup.html?add=${encodeURIComponent(film.key)}`]);
    expect(addEventPath('default/a b&c')).toBe('popup.html?add=default%2Fa%20b%26c');
  });

  it('refuses a film that is not in the listings, and opens nothing', async () => {
    const { handlers, opened } = await setup();
    expect(
      await route(handlers, { type: 'openAddEvent', params: { filmKey: 'default/no-such-film' } }, fromPage),
    ).toEqual({ error: 'openAddEvent: no film "default/no-such-film"' });
    expect(opened).toEqual([]);
  });

  it('opens one tab per second at most, so a page cannot flood the tab strip', async () => {
    const { handlers, opened, film, tick } = await setup();
    const ask = () => route(handlers, { type: 'openAddEvent', params: { filmKey: film.key } }, fromPage);
    expect(await ask()).toEqual({ result: {} });
    expect(await ask()).toEqual({ error: 'openAddEvent: the form was opened a moment ago' });
    tick(1_000);
    expect(await ask()).toEqual({ result: {} });
    expect(opened).toHaveLength(2);
  });

  it('refuses a tab in the background, and opens the form for the same film from the tab in front', async () => {
    const { handlers, opened, film } = await setup();
    const ask = (tabActive: boolean) =>
      route(handlers, { type: 'openAddEvent', params: { filmKey: film.key } }, { ...fromPage, tabActive });
    expect(await ask(false)).toEqual({ error: 'openAddEvent: only the tab in front may open the form' });
    expect(opened).toEqual([]);
    expect(await ask(true)).toEqual({ result: {} });
    expect(opened).toHaveLength(1);
  });

  it('validates its params strictly', () => {
    expect(parseRequest({ type: 'openAddEvent', params: { filmKey: 'default/fp' } })).toEqual({
      type: 'openAddEvent',
      params: { filmKey: 'default/fp' },
    });
    for (const params of [
      undefined,
      {},
      { filmKey: 'no-slash' },
      { filmKey: '/fp' },
      { filmKey: 'default/ fp' },
      { filmKey: 7 },
      { filmKey: `d/${'x'.repeat(400)}` },
      { filmKey: 'default/fp', url: 'https://evil.example/' },
    ]) {
      expect(parseRequest({ type: 'openAddEvent', params }), JSON.stringify(params)).toMatch(/^openAddEvent/);
    }
  });
});
