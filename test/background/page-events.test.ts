// The worker answers what the popup used to compile a matcher for: the events a page's snapshot
// describes, tied to films (previewPageEvents), and the films a typed title names (findFilms).
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import type { PageSnapshot } from '../../src/core/page-events/index.ts';
import type { Messages } from '../../src/messages/index.ts';
import { countReads } from '../db/count-reads.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from './with-titles.ts';

function setup(db = freshDb()) {
  const handlers = createHandlers(
    withTitles({ db, ready: async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db))) }),
  );
  async function call<K extends keyof Messages>(type: K, params: Messages[K]['params'], extensionPage = true) {
    return route(handlers, { type, params }, { extensionPage, pageUrl: 'https://evil.example/' });
  }
  return { db, handlers, call };
}

const page: PageSnapshot = {
  url: 'https://festival.example/parties',
  title: 'Parties',
  jsonLd: [
    JSON.stringify([
      {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: 'Fugitive Pieces after-party',
        startDate: '2007-09-06T23:00:00-04:00',
        location: { '@type': 'Place', name: 'The Drake' },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'ScreeningEvent',
        name: 'Midnight screening',
        startDate: '2007-09-08T23:59:00-04:00',
        workPresented: { '@type': 'Movie', name: 'A Film Nobody Lists' },
      },
    ]),
  ],
  microdata: [],
};

describe('previewPageEvents', () => {
  it('reads the page’s events with the worker’s matcher, each with its films’ titles and festival zone', async () => {
    const { call } = setup();
    const reply = await call('previewPageEvents', { snapshot: page });
    if (!('result' in reply)) throw new Error(reply.error);
    const { events } = reply.result as Messages['previewPageEvents']['result'];
    expect(events.map((e) => e.draft.title)).toEqual(['Fugitive Pieces after-party', 'Midnight screening']);
    const [party, screening] = events;
    expect(party!.draft.films).toEqual(['default/fugitive-pieces']);
    expect(party!.filmTitles).toEqual(['Fugitive Pieces']);
    expect(party!.draft.festival).toBe('default/tiff-2007');
    expect(party!.timeZone).toBe('America/Toronto');
    // A film the catalog does not know is offered to add, not tied.
    expect(screening!.filmTitles).toEqual([]);
    expect(screening!.draft.unknownFilms.map((f) => f.title)).toEqual(['A Film Nobody Lists']);
  });

  it('names the films it ties by key, with no read of every film once the matcher is in', async () => {
    const { db, call } = setup();
    // The first call loads the feed and builds the matcher, which reads the catalog once.
    expect('result' in (await call('previewPageEvents', { snapshot: page }))).toBe(true);
    const reads = await countReads(db);
    const reply = await call('previewPageEvents', { snapshot: page });
    if (!('result' in reply)) throw new Error(reply.error);
    const { events } = reply.result as Messages['previewPageEvents']['result'];
    // Positive control: the film is named, read by its key.
    expect(events[0]!.filmTitles).toEqual(['Fugitive Pieces']);
    expect(reads.get('films')).toBe(1);
    // The user's own films (a handful) are read whole by the catalog's print, the feeds' never.
    expect([...reads.keys()].filter((k) => /^query:(films|filmsAlt|events|eventsAlt)$/.test(k))).toEqual([]);
  });

  it('is refused from a content script, and a bad snapshot is refused with its reason', async () => {
    const { call } = setup();
    expect(await call('previewPageEvents', { snapshot: page }, false)).toEqual({
      error: "previewPageEvents is accepted only from Afterparty's own pages",
    });
    expect(await call('previewPageEvents', { snapshot: { ...page, jsonLd: 'x' } as never })).toEqual({
      error: 'previewPageEvents: jsonLd must be a list of strings',
    });
  });
});

describe('findFilms', () => {
  it('finds the film of a typed title: exactly, or forgiving case, accents and a typo', async () => {
    const { handlers } = setup();
    const keys = async (text: string) => (await handlers.findFilms({ text })).filmKeys;
    expect(await keys('Fugitive Pieces')).toEqual(['default/fugitive-pieces']);
    expect(await keys('  fugitive pieces ')).toEqual(['default/fugitive-pieces']);
    expect(await keys('Medicine for Melancholly')).toEqual(['default/medicine-for-melancholy']);
    expect(await keys('A Film Nobody Lists')).toEqual([]);
    expect(await keys('   ')).toEqual([]);
  });

  it('sees a film added a moment ago, before the worker’s recheck after the change', async () => {
    const { handlers } = setup();
    expect((await handlers.findFilms({ text: 'A Film Nobody Lists' })).filmKeys).toEqual([]);
    const { film } = await handlers.addUserFilm({
      film: { title: 'A Film Nobody Lists', aliases: [], year: null, directors: [] },
    });
    expect((await handlers.findFilms({ text: 'A Film Nobody Lists' })).filmKeys).toEqual([film.key]);
  });

  it('is refused from a content script', async () => {
    const { call } = setup();
    expect(await call('findFilms', { text: 'Fugitive Pieces' }, false)).toEqual({
      error: "findFilms is accepted only from Afterparty's own pages",
    });
  });
});
