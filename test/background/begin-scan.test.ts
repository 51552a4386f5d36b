// A frame's first batch carries its start-up questions (beginScan): the sender's own site
// switch, the settings and its site's corrections, with the batch's titles. On a switched-off
// site nothing is matched; each refusal is checked beside the same request from a site that is on.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_ID, loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import type { SiteRegistry } from '../../src/background/sites/site-registry.ts';
import { titleMatcherCache } from '../../src/background/title-matcher.ts';
import { unpackMatches } from '../../src/core/matching/index.ts';
import { DEFAULT_SETTINGS } from '../../src/core/settings.ts';
import { addCorrection, patchSettings } from '../../src/db/index.ts';
import type { Reply } from '../../src/messages/index.ts';
import { MAX_BLOCK_CHARS } from '../../src/messages/listings.ts';
import { freshDb } from '../db/fake-db.ts';

const TEXT = 'After Fugitive Pieces we went on to the party.';
const FILM = `${DEFAULT_FEED_ID}/fugitive-pieces`;

function setup() {
  const db = freshDb();
  const ready = async () => void ((await needsDefaultFeed(db)) && (await loadDefaultFeed(db)));
  const sites = { isDisabled: async (site: string) => site === 'off.example' } as unknown as SiteRegistry;
  const handlers = createHandlers({ db, ready, titles: titleMatcherCache(db, ready), sites });
  const ask = async (pageUrl: string, params: unknown = { blocks: [{ text: TEXT }] }) =>
    (await route(handlers, { type: 'beginScan', params }, { extensionPage: false, pageUrl })) as Reply<'beginScan'>;
  return { db, ask };
}

describe('beginScan', () => {
  it('answers a site that is on with its settings, its corrections and the batch’s titles', async () => {
    const { db, ask } = setup();
    await patchSettings(db, { hoverDelay: 500 });
    await addCorrection(db, { filmKey: FILM, surface: 'Fugitive Pieces', site: 'on.example' });
    await addCorrection(db, { filmKey: FILM, surface: 'Fugitive Pieces', site: 'elsewhere.example' });
    const reply = await ask('https://on.example/review');
    if (!('result' in reply) || reply.result.disabled) throw new Error(`not answered: ${JSON.stringify(reply)}`);
    expect(reply.result.settings).toEqual({ ...DEFAULT_SETTINGS, hoverDelay: 500 });
    // Its own site's correction, not another site's.
    expect(reply.result.corrections.map((c) => c.site)).toEqual(['on.example']);
    const matches = unpackMatches(reply.result.matches, [{ text: TEXT }]);
    expect(matches.map((block) => block.map((m) => TEXT.slice(m.start, m.end)))).toEqual([['Fugitive Pieces']]);
  });

  it('matches nothing for a switched-off site, and says so', async () => {
    const { ask } = setup();
    expect(await ask('https://off.example/review')).toEqual({ result: { disabled: true } });
    // Positive control: the same batch from a site that is on is matched.
    const on = await ask('https://on.example/review');
    expect('result' in on && !on.result.disabled && unpackMatches(on.result.matches, [{ text: TEXT }])[0]!.length).toBe(
      1,
    );
  });

  it('takes the site from the sender, never from params, and checks the batch like findTitles', async () => {
    const { ask } = setup();
    const claimed = await ask('https://off.example/review', { blocks: [{ text: TEXT }], url: 'https://on.example/' });
    expect(claimed).toEqual({ result: { disabled: true } });
    expect(await ask('https://on.example/', { blocks: [{ text: 3 }] })).toEqual({
      error: 'beginScan: every block must be {text: string, marks?: {start, end, link?}[]}',
    });
    expect(await ask('https://on.example/', {})).toEqual({ error: 'beginScan needs {blocks: {text, marks?}[]}' });
    // A block longer than the content script's own window is refused; one that long is answered.
    const long = await ask('https://on.example/', { blocks: [{ text: 'a '.repeat(MAX_BLOCK_CHARS / 2) + 'a' }] });
    expect(long).toEqual({
      error: `beginScan accepts blocks of at most ${MAX_BLOCK_CHARS} characters, as the page's own windows are`,
    });
    expect(
      'result' in (await ask('https://on.example/', { blocks: [{ text: 'a '.repeat(MAX_BLOCK_CHARS / 2) }] })),
    ).toBe(true);
    // An empty first batch (the text went before one was sent) still gets the answers.
    const empty = await ask('https://on.example/', { blocks: [] });
    expect('result' in empty && !empty.result.disabled && empty.result.matches).toEqual({ films: [], spans: [] });
  });
});
