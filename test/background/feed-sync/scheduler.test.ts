import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedSync } from '../../../src/background/feed-sync/engine.ts';
import { createScheduler, SYNC_ALARM, type AlarmsApi } from '../../../src/background/feed-sync/scheduler.ts';
import { freshDb } from '../../db/fake-db.ts';
import { conditional, startFeedServer, type FeedServer } from './feed-server.ts';
import { ICS, TWO_EVENTS } from './fixtures.ts';
import { withTitles } from '../with-titles.ts';

let server: FeedServer;
let now = Date.parse('2007-09-06T12:00:00Z');
beforeEach(async () => {
  server = await startFeedServer();
});
afterEach(async () => {
  await server.close();
});

function fakeAlarms() {
  const set = new Map<string, { when?: number; periodInMinutes?: number }>();
  const api: AlarmsApi = {
    create: (name, info) => void set.set(name, info),
    clear: async (name) => set.delete(name),
  };
  return { api, set };
}

describe('the sync alarm', () => {
  it('is cleared when no feed is subscribed and set for the next feed due otherwise', async () => {
    const db = freshDb();
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => now }));
    const alarms = fakeAlarms();
    const scheduler = createScheduler({ alarms: alarms.api, sync, clock: () => now });
    await scheduler.reschedule();
    expect(alarms.set.has(SYNC_ALARM)).toBe(false);
    server.on(
      '/feed.json',
      conditional(() => TWO_EVENTS),
    );
    server.on(
      '/cal.ics',
      conditional(() => ICS, 'text/calendar'),
    );
    await sync.addFeed(server.url());
    await sync.addFeed(server.url('/cal.ics'));
    await scheduler.reschedule();
    // JSON feed: every 60 minutes; the calendar asks for 30 (REFRESH-INTERVAL): the earlier wins.
    expect(alarms.set.get(SYNC_ALARM)).toEqual({ when: now + 30 * 60_000, periodInMinutes: 60 });
  });

  it('syncs only the feeds that are due when it fires', async () => {
    const db = freshDb();
    const sync = createFeedSync(withTitles({ db, fetch, clock: () => now }));
    const alarms = fakeAlarms();
    const scheduler = createScheduler({ alarms: alarms.api, sync, clock: () => now });
    server.on(
      '/feed.json',
      conditional(() => TWO_EVENTS),
    );
    server.on(
      '/cal.ics',
      conditional(() => ICS, 'text/calendar'),
    );
    await sync.addFeed(server.url());
    await sync.addFeed(server.url('/cal.ics'));
    server.requests.length = 0;
    now += 31 * 60_000;
    await scheduler.onAlarm({ name: SYNC_ALARM });
    expect(server.requests.map((r) => r.path)).toEqual(['/cal.ics']);
    await scheduler.onAlarm({ name: 'something-else' });
    expect(server.requests).toHaveLength(1);
    expect(alarms.set.get(SYNC_ALARM)?.when).toBe(Date.parse('2007-09-06T12:00:00Z') + 60 * 60_000);
  });

  it('never asks for a refresh more often than every 15 minutes', async () => {
    const { refreshPeriod } = await import('../../../src/background/feed-sync/backoff.ts');
    expect(refreshPeriod(1)).toBe(15);
    expect(refreshPeriod(null)).toBe(60);
    expect(refreshPeriod(180)).toBe(180);
  });
});
