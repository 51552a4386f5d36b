// The sync records reason codes; the words are chosen when shown. Every code has its words,
// and rows written before reasons had codes still read with the words they hold.
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { describeSyncReason } from '../../src/background/handlers/sync-reason.ts';
import type { SyncReason } from '../../src/db/index.ts';
import { freshDb } from '../db/fake-db.ts';
import { withTitles } from './with-titles.ts';

type Example<C extends SyncReason['code']> = Array<[Extract<SyncReason, { code: C }>, string | RegExp]>;

/** Keyed by code, so a code added without its words here does not compile. */
const examples: { [C in SyncReason['code']]: Example<C> } = {
  'http-status': [
    [{ code: 'http-status', status: 410 }, 'The feed was not found at this address (HTTP 410). Check the URL.'],
    [{ code: 'http-status', status: 403 }, 'The server refused access to the feed (HTTP 403).'],
    [
      { code: 'http-status', status: 503 },
      "The feed's server had a problem (HTTP 503); Afterparty will try again later.",
    ],
    [{ code: 'http-status', status: 418 }, 'The server answered with HTTP 418 instead of the feed.'],
  ],
  timeout: [[{ code: 'timeout', seconds: 25 }, "The feed's server did not answer within 25 seconds."]],
  unreachable: [
    [{ code: 'unreachable' }, "Could not reach the feed's server (offline, or the connection was refused or reset)."],
  ],
  'too-large': [
    [
      { code: 'too-large', maxBytes: 20 * 1024 * 1024 },
      'The feed is larger than 20 MB, which Afterparty does not download.',
    ],
  ],
  truncated: [[{ code: 'truncated' }, 'The download was cut off before the end of the feed.']],
  html: [[{ code: 'html' }, 'This address gives a web page, not a feed.']],
  'not-a-feed': [[{ code: 'not-a-feed', detail: 'This is not valid JSON' }, 'This is not valid JSON']],
  'no-events': [
    [
      { code: 'no-events', kept: 3 },
      'The feed now lists no events; the 3 events from the last good sync are kept until it lists some again.',
    ],
  ],
  'bad-url': [[{ code: 'bad-url' }, 'Enter a feed address starting with https://.']],
  'insecure-url': [[{ code: 'insecure-url' }, /only over a secure connection: use an address starting with https:/]],
  redirected: [[{ code: 'redirected', to: 'http://evil.example' }, /sent Afterparty on to http:\/\/evil\.example,/]],
  'too-complex': [
    [{ code: 'too-complex', part: 'steps' }, /^This calendar asks for more work to read than Afterparty allows/],
    [{ code: 'too-complex', part: 'depth' }, /^This calendar has more parts, or parts nested deeper/],
  ],
  'titles-capped': [
    [{ code: 'titles-capped', kept: 50000, limit: 'titles' }, /only the first 50000 are looked for/],
    [{ code: 'titles-capped', kept: 12, limit: 'characters' }, /too long in all/],
  ],
  duplicate: [[{ code: 'duplicate' }, 'You already subscribe to this feed.']],
  'built-in': [[{ code: 'built-in' }, 'The built-in listings can be switched off, not removed.']],
  busy: [[{ code: 'busy' }, 'Another sync is already running; it will finish on its own.']],
  'storage-quota': [[{ code: 'storage-quota' }, /^Your browser has no storage left for Afterparty/]],
  'storage-unavailable': [[{ code: 'storage-unavailable' }, /does not let Afterparty store data here/]],
  'storage-blocked': [[{ code: 'storage-blocked' }, /^An older Afterparty page is still open/]],
  error: [[{ code: 'error', message: 'disk on fire' }, 'disk on fire']],
};
const cases = Object.values(examples).flat() as Array<[SyncReason, string | RegExp]>;

describe('describeSyncReason', () => {
  it.each(cases)('%o', (reason, words) => {
    if (typeof words === 'string') expect(describeSyncReason(reason)).toBe(words);
    else expect(describeSyncReason(reason)).toMatch(words);
  });

  it('reads a feed row written before reasons had codes', async () => {
    const db = freshDb();
    const words = "The feed's server had a problem (HTTP 500); Afterparty will try again later.";
    await db.feeds.put({
      id: 'old',
      title: 'An old feed',
      url: 'https://example.com/feed.json',
      builtIn: false,
      updated: null,
      lastSync: null,
      lastError: words,
      problems: [],
      eventCount: 0,
      filmCount: 0,
    });
    const handlers = createHandlers(withTitles({ db, ready: async () => undefined }));
    expect((await handlers.getFeeds({})).feeds).toEqual([expect.objectContaining({ id: 'old', lastError: words })]);
    expect(await handlers.getSyncStatus({})).toMatchObject({ feeds: 1, failing: 1 });
  });
});

describe('the sync engine', () => {
  it('chooses no words: nothing under src/background/feed-sync imports i18n', async () => {
    const dir = 'src/background/feed-sync';
    const files = (await readdir(dir)).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    const wording = [];
    for (const name of files) if (/browser\/i18n/.test(await readFile(`${dir}/${name}`, 'utf8'))) wording.push(name);
    expect(wording).toEqual([]);
    // The translation is where the reasons are shown.
    expect(await readFile('src/background/handlers/sync-reason.ts', 'utf8')).toMatch(/browser\/i18n/);
  });
});
