import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_ID, loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import { QUIET_MS, titleMatcherCache, warmUp } from '../../src/background/title-matcher.ts';
import { unpackMatches, warmUpBlocks, type PackedMatches, type TextBlock } from '../../src/core/matching/index.ts';
import { removeFeed, updateSyncState } from '../../src/db/index.ts';
import { MAX_BLOCK_CHARS, MAX_FIND_CHARS } from '../../src/messages/listings.ts';
import { freshDb } from '../db/fake-db.ts';

function setup() {
  const db = freshDb();
  const ready = async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));
  const titles = titleMatcherCache(db, ready);
  return { db, ready, titles, handlers: createHandlers({ db, ready, titles }) };
}

const fromPage = { extensionPage: false, pageUrl: 'https://example.com/review' };

describe('findTitles: the background matches the page text it is sent', () => {
  it('answers one list of matches per block, in the block’s offsets', async () => {
    const { handlers } = setup();
    const text = 'After Fugitive Pieces we went on to the party.';
    const reply = await route(
      handlers,
      { type: 'findTitles', params: { blocks: [{ text }, { text: 'Nothing to see here.' }] } },
      fromPage,
    );
    expect('result' in reply).toBe(true);
    const { matches: packed } = (reply as { result: { matches: PackedMatches } }).result;
    const matches = unpackMatches(packed, [{ text }, { text: 'Nothing to see here.' }]);
    expect(matches).toHaveLength(2);
    expect(matches[0]!.map((m) => text.slice(m.start, m.end))).toEqual(['Fugitive Pieces']);
    expect(matches[1]).toEqual([]);
  });

  it('reads the emphasis marks it is sent: an everyday title needs them', async () => {
    const { handlers } = setup();
    const text = 'We loved crash at the festival.';
    const at = text.indexOf('crash');
    const find = async (blocks: TextBlock[]) => unpackMatches((await handlers.findTitles({ blocks })).matches, blocks);
    expect((await find([{ text }]))[0]).toEqual([]);
    expect((await find([{ text, marks: [{ start: at, end: at + 5 }] }]))[0]!.map((m) => m.surface)).toEqual(['crash']);
  });

  it('refuses malformed or oversized batches with a reason', async () => {
    const { handlers } = setup();
    const refused = async (params: unknown) => {
      const reply = await route(handlers, { type: 'findTitles', params }, fromPage);
      return 'error' in reply ? reply.error : null;
    };
    expect(await refused({})).toMatch(/needs \{blocks/);
    expect(await refused({ blocks: [{ text: 3 }] })).toMatch(/every block/);
    expect(await refused({ blocks: [{ text: 'a', marks: [{ start: 'x', end: 2 }] }] })).toMatch(/every block/);
    expect(await refused({ blocks: [{ text: 'a'.repeat(MAX_FIND_CHARS + 1) }] })).toMatch(/at most/);
    // Issue 26 item 3: one block is matched in one go, so none may be longer than the page's own window.
    const linked = (text: string) => ({ blocks: [{ text, marks: [{ start: 0, end: text.length, link: true }] }] });
    expect(await refused(linked('Crash '.repeat(50_000)))).toBe(
      `findTitles accepts blocks of at most ${MAX_BLOCK_CHARS} characters, as the page's own windows are`,
    );
    expect(await refused(linked('a'.repeat(MAX_BLOCK_CHARS + 1)))).toMatch(/blocks of at most/);
    expect(await refused(linked('a'.repeat(MAX_BLOCK_CHARS)))).toBeNull();
    // Positive control: the same shapes, well formed, are answered.
    expect(await refused({ blocks: [{ text: 'a', marks: [{ start: 0, end: 1, link: true }] }] })).toBeNull();
  });
});

describe('the worker’s matcher', () => {
  it('is built once and shared until the data changes, then built again', async () => {
    const { titles } = setup();
    const first = titles.get();
    expect(titles.get()).toBe(first);
    expect((await first).find({ text: 'Fugitive Pieces' })).toHaveLength(1);
    titles.forget();
    const second = titles.get();
    expect(second).not.toBe(first);
    expect((await second).find({ text: 'Fugitive Pieces' })).toHaveLength(1);
  });

  it('is kept across a change that leaves the catalog alone, and rebuilt when the catalog changes', async () => {
    const { db, titles } = setup();
    const first = titles.get();
    await first;
    await titles.recheck();
    expect(titles.get()).toBe(first);
    await removeFeed(db, DEFAULT_FEED_ID);
    await titles.recheck();
    // Rebuilt (its `ready` loads the default listings again, as the worker does when they are missing).
    const second = titles.get();
    expect(second).not.toBe(first);
    expect((await second).find({ text: 'Fugitive Pieces' })).toHaveLength(1);
  });
});

describe('the worker’s matcher and the feed sync', () => {
  it('is kept across a sync attempt that writes only the feed’s schedule, and rebuilt when it stores a new version', async () => {
    const { db, titles } = setup();
    const first = titles.get();
    await first;
    // Every attempt writes its next due time and back-off: the films are the same.
    await updateSyncState(
      db,
      DEFAULT_FEED_ID,
      { nextAttempt: '2030-01-01T00:00:00.000Z', failures: 2 },
      { lastSync: null },
    );
    await titles.recheck();
    expect(titles.get()).toBe(first);
    await updateSyncState(db, DEFAULT_FEED_ID, { slot: 'b', generation: 2 });
    await titles.recheck();
    expect(titles.get()).not.toBe(first);
  });

  it('hands out the titles it was built from with it', async () => {
    const { titles } = setup();
    const { matcher, sources } = await titles.catalog();
    expect(matcher).toBe(await titles.get());
    expect(sources.map((f) => f.title)).toContain('Fugitive Pieces');
    expect(sources.every((f) => f.id.startsWith(`${DEFAULT_FEED_ID}/`))).toBe(true);
  });
});

describe('the warm-up a new matcher reads', () => {
  const sources = [{ id: 'a', title: 'Fugitive Pieces', aliases: [], year: 2007, directors: ['Jeremy Podeswa'] }];

  it('reads the catalog’s warm-up page a block per task, not in the task that built it', async () => {
    const read: string[] = [];
    const matcher = { size: 1, find: (block: { text: string }) => (read.push(block.text), []) };
    const done = warmUp(matcher, sources, { current: () => true });
    expect(read).toEqual([]);
    await done;
    expect(read).toEqual(warmUpBlocks(sources).map((b) => b.text));
    expect(read.length).toBeGreaterThan(1);
  });

  it('stops at the next slice once the matcher is replaced', async () => {
    const read: string[] = [];
    // Each block takes 3 ms, as a large catalog's matcher may on a cold engine.
    const slow = (block: { text: string }) => {
      const until = performance.now() + 3;
      while (performance.now() < until);
      read.push(block.text);
      return [];
    };
    await warmUp({ size: 1, find: slow }, sources, { current: () => read.length === 0 });
    expect(read.length).toBeGreaterThan(0); // positive control: the first slice ran
    expect(read.length).toBeLessThan(warmUpBlocks(sources).length);
  });

  it('waits until the worker has had no page’s request for a moment', async () => {
    const read: string[] = [];
    const matcher = { size: 1, find: (block: { text: string }) => (read.push(block.text), []) };
    const asked = performance.now();
    const done = warmUp(matcher, sources, { current: () => true, lastAsked: () => asked });
    await new Promise((wait) => setTimeout(wait, QUIET_MS / 2));
    expect(read).toEqual([]);
    await done;
    // Positive control: once it was quiet, the whole page was read.
    expect(read).toHaveLength(warmUpBlocks(sources).length);
  });
});
