// Issue 28 item 2: what a woken worker can answer before its matcher is in (the site switch,
// the settings, the corrections) does not wait for it; the first batch's matches come once it is.
// The matcher is held back by its `ready` (the listings still loading), released by the test.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED_ID, loadDefaultFeed, needsDefaultFeed } from '../../src/background/default-feed.ts';
import { createHandlers } from '../../src/background/handlers/index.ts';
import { route } from '../../src/background/router.ts';
import type { SiteRegistry } from '../../src/background/sites/site-registry.ts';
import { titleMatcherCache } from '../../src/background/title-matcher.ts';
import { unpackMatches } from '../../src/core/matching/index.ts';
import { addCorrection, patchSettings } from '../../src/db/index.ts';
import type { Reply } from '../../src/messages/index.ts';
import { freshDb } from '../db/fake-db.ts';

const TEXT = 'After Fugitive Pieces we went on to the party.';

describe('a woken worker before its matcher is in', () => {
  it('answers the switch, the settings and the corrections at once, and the first batch once the matcher is in', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    await patchSettings(db, { hoverDelay: 500 });
    await addCorrection(db, { filmKey: `${DEFAULT_FEED_ID}/fugitive-pieces`, surface: 'Pieces', site: 'on.example' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    const ready = async () => {
      await held;
      if (await needsDefaultFeed(db)) await loadDefaultFeed(db);
    };
    const titles = titleMatcherCache(db, ready);
    const sites = { isDisabled: async (site: string) => site === 'off.example' } as unknown as SiteRegistry;
    const handlers = createHandlers({ db, ready, titles, sites });
    const ask = (type: string, params: unknown, pageUrl: string, extensionPage = false) =>
      route(handlers, { type, params }, { extensionPage, pageUrl }) as Promise<Reply<'beginScan'>>;

    let matched = false;
    const first = ask('beginScan', { blocks: [{ text: TEXT }] }, 'https://on.example/review').then((reply) => {
      matched = true;
      return reply;
    });
    expect(await ask('beginScan', { blocks: [{ text: TEXT }] }, 'https://off.example/review')).toEqual({
      result: { disabled: true },
    });
    expect(await ask('getSiteSwitch', {}, 'https://on.example/review')).toEqual({ result: { disabled: false } });
    expect(await ask('getSettings', {}, 'https://on.example/review')).toMatchObject({ result: { hoverDelay: 500 } });
    const corrections = (await ask('listCorrections', {}, 'chrome-extension://x/options.html', true)) as unknown as {
      result: { corrections: Array<{ site: string }> };
    };
    expect(corrections.result.corrections.map((c) => c.site)).toEqual(['on.example']);
    // Every answer above came while the first batch still waited for the matcher.
    expect(matched).toBe(false);

    release();
    const reply = await first;
    if (!('result' in reply) || reply.result.disabled) throw new Error(`not answered: ${JSON.stringify(reply)}`);
    expect(unpackMatches(reply.result.matches, [{ text: TEXT }])[0]!.map((m) => m.surface)).toEqual([
      'Fugitive Pieces',
    ]);
    expect(reply.result.corrections.map((c) => c.site)).toEqual(['on.example']);
  });
});
