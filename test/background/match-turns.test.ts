import { describe, expect, it } from 'vitest';
import { loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { matchQueue } from '../../src/background/match-queue.ts';
import { titleMatcherCache } from '../../src/background/title-matcher.ts';
import { freshDb } from '../db/fake-db.ts';

/** Handlers whose match queue counts calls for a clock, so a slice is about one block. */
function setup() {
  const db = freshDb();
  const ready = async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));
  const titles = titleMatcherCache(db, ready);
  let calls = 0;
  const queue = matchQueue({ now: () => calls++, pause: () => new Promise((r) => setTimeout(r, 0)), sliceMs: 2 });
  return createHandlers({ db, ready, titles, matchQueue: queue });
}

// Issue 26 item 3: a page's batches no longer hold the worker while the popup waits.
describe('pages’ batches take turns', () => {
  it('answers the popup’s findFilms between the slices of a page’s batch', async () => {
    const handlers = setup();
    await handlers.findTitles({ blocks: [{ text: 'warm' }] });
    const blocks = Array.from({ length: 300 }, () => ({ text: 'After Fugitive Pieces we went on to the party.' }));
    const order: string[] = [];
    const page = handlers.findTitles({ blocks }, { extensionPage: false, frame: '1/0' }).then((r) => {
      order.push('page');
      return r;
    });
    const popup = handlers.findFilms({ text: 'Fugitive Pieces' }, { extensionPage: true }).then((r) => {
      order.push('popup');
      return r;
    });
    const [paged, picked] = await Promise.all([page, popup]);
    expect(order).toEqual(['popup', 'page']);
    // Positive control: both were answered in full.
    expect(paged.matches.spans.length).toBeGreaterThan(0);
    expect(picked.filmKeys.length).toBeGreaterThan(0);
  });

  it('lets a second frame’s short batch finish before the first frame’s long one', async () => {
    const handlers = setup();
    await handlers.findTitles({ blocks: [{ text: 'warm' }] });
    const text = 'After Fugitive Pieces we went on to the party.';
    const order: string[] = [];
    const long = handlers
      .findTitles({ blocks: Array.from({ length: 200 }, () => ({ text })) }, { extensionPage: false, frame: '1/0' })
      .then(() => order.push('long'));
    const short = handlers
      .findTitles({ blocks: [{ text }, { text }] }, { extensionPage: false, frame: '2/0' })
      .then(() => order.push('short'));
    await Promise.all([long, short]);
    expect(order).toEqual(['short', 'long']);
  });
});
