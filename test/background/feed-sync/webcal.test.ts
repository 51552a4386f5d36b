// "webcal://host/cal.ics" subscribes to https://host/cal.ics. The network here answers https
// requests from a local http server, so the test sees which address was really fetched.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedSync } from '../../../src/background/feed-sync/engine.ts';
import { freshDb } from '../../db/fake-db.ts';
import { conditional, startFeedServer, type FeedServer } from './feed-server.ts';
import { ICS } from './fixtures.ts';
import { refusal } from './said.ts';
import { withTitles } from '../with-titles.ts';

let server: FeedServer;
beforeEach(async () => {
  server = await startFeedServer();
  server.on(
    '/cal.ics',
    conditional(() => ICS, 'text/calendar'),
  );
});
afterEach(async () => {
  await server.close();
});

function setup() {
  const requested: string[] = [];
  const httpsNetwork: typeof fetch = async (input, init) => {
    const url = String(input);
    requested.push(url);
    if (!url.startsWith('https://')) throw new TypeError('this network speaks https only');
    const response = await fetch(url.replace(/^https:\/\/[^/]+/, server.url('')), init);
    return new Response(await response.text(), { status: response.status, headers: response.headers });
  };
  const sync = createFeedSync(
    withTitles({ db: freshDb(), fetch: httpsNetwork, clock: () => Date.parse('2007-09-06T12:00:00Z') }),
  );
  return { sync, requested };
}

describe('subscribing to a webcal link', () => {
  it.each([['webcal'], ['webcals']])('%s:// is fetched and stored as https://', async (scheme) => {
    const { sync, requested } = setup();
    const feed = await sync.addFeed(`${scheme}://calendar.example.org/cal.ics`);
    expect(feed.url).toBe('https://calendar.example.org/cal.ics');
    expect(requested).toEqual(['https://calendar.example.org/cal.ics']);
    expect(feed.eventCount).toBeGreaterThan(0);
  });

  it('knows the webcal and https forms of one calendar as one feed', async () => {
    const { sync } = setup();
    await sync.addFeed('https://calendar.example.org/cal.ics');
    expect(await refusal(sync.addFeed('webcal://calendar.example.org/cal.ics'))).toBe(
      'You already subscribe to this feed.',
    );
  });
});
