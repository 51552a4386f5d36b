import { describe, expect, it } from 'vitest';
import { loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { titleMatcherCache } from '../../src/background/title-matcher.ts';
import { unpackMatches, type TextBlock } from '../../src/core/matching/index.ts';
import { changesData } from '../../src/messages/index.ts';
import { userEventInput } from '../db/user-event-input.ts';
import { freshDb } from '../db/fake-db.ts';

const fromOptions = { extensionPage: true };
const fromPage = { extensionPage: false, pageUrl: 'https://example.com/review' };

function setup() {
  const db = freshDb();
  const ready = async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));
  const titles = titleMatcherCache(db, ready);
  return { db, titles, handlers: createHandlers({ db, ready, titles }) };
}

const film = { title: 'A Film Nobody Lists', aliases: ['Nobody Lists'], year: 2026, directors: ['Ana Ruiz'] };

const screening = (films: string[]) => userEventInput(films);

describe('addUserFilm, getUserFilms, removeUserFilm', () => {
  it('adds a film from an extension page; the worker’s matcher then finds it by title and alias', async () => {
    const { handlers, titles } = setup();
    const find = async (blocks: TextBlock[]) => unpackMatches((await handlers.findTitles({ blocks })).matches, blocks);
    expect((await find([{ text: 'We saw A Film Nobody Lists last night.' }]))[0]).toEqual([]);
    // Positive control: a film the feed lists is found by the same matcher.
    expect((await find([{ text: 'We saw Fugitive Pieces.' }]))[0]).toHaveLength(1);

    const reply = await route(handlers, { type: 'addUserFilm', params: { film } }, fromOptions);
    expect('result' in reply).toBe(true);
    const added = (reply as { result: { film: { key: string }; added: boolean } }).result;
    expect(added.added).toBe(true);
    expect(changesData('addUserFilm')).toBe(true);
    // The worker rechecks its matcher after every change; an own film changes the catalog.
    await titles.recheck();
    const after = await find([
      { text: 'We saw A Film Nobody Lists last night.' },
      { text: 'Then “Nobody Lists” again.' },
    ]);
    expect(after.map((m) => m.map((x) => [x.surface, x.filmIds]))).toEqual([
      [['A Film Nobody Lists', [added.film.key]]],
      [['Nobody Lists', [added.film.key]]],
    ]);
    expect((await handlers.findFilms({ text: 'A Film Nobody Lists' })).filmKeys).toEqual([added.film.key]);
  });

  it('are refused from a content script, and a bad film is refused with its reason', async () => {
    const { handlers } = setup();
    for (const [type, params] of [
      ['addUserFilm', { film }],
      ['removeUserFilm', { key: 'user/x', untie: true }],
      ['getUserFilms', {}],
    ] as const) {
      const reply = await route(handlers, { type, params }, fromPage);
      expect(reply).toEqual({ error: `${type} is accepted only from Afterparty's own pages` });
    }
    expect(await route(handlers, { type: 'addUserFilm', params: { film: { title: 3 } } }, fromOptions)).toEqual({
      error: expect.stringMatching(/^addUserFilm: film\.title: title must be text/),
    });
    expect(
      await route(handlers, { type: 'removeUserFilm', params: { key: 'default/fugitive-pieces' } }, fromOptions),
    ).toEqual({
      error: 'removeUserFilm: key must be one of your own films ("user/…")',
    });
    expect(await handlers.getUserFilms({})).toEqual({ films: [] });
  });

  it('lists each film with the own events that name it, and says so instead of removing it', async () => {
    const { handlers } = setup();
    const { film: row } = await handlers.addUserFilm({ film });
    await handlers.addUserEvent({ event: screening([row.key]) });
    expect(await handlers.getUserFilms({})).toEqual({ films: [{ film: row, events: ['Late show'] }] });
    const refused = await route(handlers, { type: 'removeUserFilm', params: { key: row.key } }, fromOptions);
    expect(refused).toEqual({ error: expect.stringContaining('“Late show”') });
    expect((await handlers.getUserFilms({})).films).toHaveLength(1);
    const removed = await route(
      handlers,
      { type: 'removeUserFilm', params: { key: row.key, untie: true } },
      fromOptions,
    );
    expect(removed).toEqual({ result: { removed: true, untied: 1 } });
    expect(await handlers.getUserFilms({})).toEqual({ films: [] });
    expect((await handlers.getUserEvents({})).events.map((e) => [e.title, e.filmKeys])).toEqual([['Late show', []]]);
  });
});
