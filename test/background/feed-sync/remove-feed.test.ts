// Removing a feed keeps what the user saved from it, with the event as last listed; adding the
// same address again gives the same keys, so the saved events and their reminders re-attach.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedSync } from '../../../src/background/feed-sync/engine.ts';
import { loadDefaultFeed } from '../../../src/background/default-feed.ts';
import { readPlan, setReminder, setSaved } from '../../../src/db/plan.ts';
import { savedFromFeed } from '../../../src/db/index.ts';
import { freshDb } from '../../db/fake-db.ts';
import { withTitles } from '../with-titles.ts';
import { conditional, startFeedServer, type FeedServer } from './feed-server.ts';
import { TWO_EVENTS } from './fixtures.ts';

let server: FeedServer;
beforeEach(async () => {
  server = await startFeedServer();
  server.on(
    '/feed.json',
    conditional(() => TWO_EVENTS),
  );
});
afterEach(async () => {
  await server.close();
});

describe('removing a feed', () => {
  it('keeps its saved events, unlisted with their last title and time, and re-attaches them when it is added again', async () => {
    const db = freshDb();
    await loadDefaultFeed(db);
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => Date.parse('2007-09-01T12:00:00Z') }));
    const feed = await sync.addFeed(server.url());
    await setSaved(db, `${feed.id}/a`, 'going');
    await setReminder(db, `${feed.id}/a`, true);
    await setSaved(db, `${feed.id}/b`, 'interested');
    // Positive control: an event of a feed never removed.
    const kept = (await db.events.where('feedId').equals('default').first())!.key;
    await setSaved(db, kept, 'going');
    expect(await savedFromFeed(db, feed.id)).toEqual({ saved: 2, reminders: 1 });
    expect(await savedFromFeed(db, 'default')).toEqual({ saved: 1, reminders: 0 });

    await sync.removeFeed(feed.id);
    const plan = await readPlan(db);
    expect(plan.events.map((e) => e.key)).toEqual([kept]);
    expect(plan.saved).toHaveLength(3);
    expect(plan.unlisted).toEqual([
      {
        eventKey: `${feed.id}/a`,
        status: 'going',
        last: { title: 'Fugitive Pieces party', start: '2007-09-06T22:00:00-04:00', feedTitle: 'Sync test feed' },
      },
      {
        eventKey: `${feed.id}/b`,
        status: 'interested',
        last: { title: 'Sponsor lounge', start: '2007-09-06T22:00:00-04:00', feedTitle: 'Sync test feed' },
      },
    ]);

    const again = await sync.addFeed(`${server.url()}#again`);
    expect(again.id).toBe(feed.id);
    const back = await readPlan(db);
    expect(back.events.map((e) => e.key).sort()).toEqual([kept, `${feed.id}/a`, `${feed.id}/b`].sort());
    expect(back.unlisted).toEqual([]);
    expect(await db.saved.get(`${feed.id}/a`)).toMatchObject({ status: 'going', remind: true });
  });
});
