import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { feedIdOf } from '../../src/core/feed/index.ts';
import { parseFeed } from '../../src/core/feed/parse.ts';
import defaultFeedDocument from '../../src/data/default-feed.json';
import { correctionId } from '../../src/db/correction-id.ts';
import { openDatabase } from '../../src/db/database.ts';
import { DEFAULT_SYNC_STATE } from '../../src/db/feed-sync-state.ts';
import { feedRows } from '../../src/db/feed-store.ts';
import { listingsFor, schedule } from '../../src/db/queries.ts';
import { readPlan } from '../../src/db/plan.ts';
import { correctionsFor } from '../../src/db/corrections.ts';
import { loadReminderState } from '../../src/db/reminder-state.ts';
import { openShippedSchema } from './old-schema.ts';

/** Schema v5 as the release before address-made ids shipped it, so the upgrade is real. */
const openV5 = (name: string) => openShippedSchema(name, 5);

const OLD = 'fmf2k9x1a3b7c'; // as add-feed.ts made them: the clock and a random draw, base 36
const URL_ = 'https://films.example/parties.ics?token=S3cret';
const NEW = feedIdOf(URL_) as string;

function parsed() {
  const result = parseFeed(JSON.stringify(defaultFeedDocument));
  if (!result.ok) throw new Error(result.error);
  return result.feed;
}

const feedRow = (id: string, url: string | null, builtIn: boolean, title: string) => ({
  id,
  title,
  url,
  builtIn,
  updated: null,
  lastSync: '2026-11-01T00:00:00.000Z',
  lastError: null,
  problems: [],
  eventCount: 0,
  filmCount: 0,
  sync: DEFAULT_SYNC_STATE,
});

describe('schema v6: subscribed feeds take the id of their address', () => {
  it("moves a subscribed feed's rows and every key built from its id, and leaves the built-in feed's", async () => {
    const name = `upgrade-ids-${Date.now()}`;
    const v5 = openV5(name);
    await v5.open();
    expect(v5.verno).toBe(5);
    const feed = parsed();
    const sub = feedRows(OLD, feed);
    const builtIn = feedRows('default', feed);
    await v5.table('feeds').bulkPut([feedRow('default', null, true, 'Built in'), feedRow(OLD, URL_, false, 'Parties')]);
    for (const rows of [sub, builtIn]) {
      await v5.table('festivals').bulkPut(rows.festivals);
      await v5.table('films').bulkPut(rows.films);
      await v5.table('events').bulkPut(rows.events);
    }
    // A staged generation in the idle slot, with its job.
    await v5.table('eventsAlt').bulkPut(sub.events.slice(0, 2));
    await v5.table('stageJobs').put({ feedId: OLD, generation: 2, slot: 'b', body: '{}', kind: 'json' });
    const [e1, e2] = sub.events;
    const [b1] = builtIn.events;
    if (!e1 || !e2 || !b1) throw new Error('the fixture feed lists events');
    await v5.table('saved').bulkPut([
      { eventKey: e1.key, status: 'going', savedAt: '2026-11-02T00:00:00.000Z', remind: true },
      { eventKey: e2.key, status: 'interested', savedAt: '2026-11-02T00:00:00.000Z' },
      { eventKey: b1.key, status: 'going', savedAt: '2026-11-02T00:00:00.000Z' },
    ]);
    const film = sub.films[0]?.key as string;
    const correction = { filmKey: film, surface: 'amour', site: 'news.example', createdAt: '2026-11-03T00:00:00Z' };
    await v5.table('corrections').put({ ...correction, id: correctionId(correction) });
    const festival = sub.festivals[0]?.key as string;
    await v5.table('userEvents').put({
      key: 'user/u1',
      id: 'u1',
      feedId: 'user',
      kind: 'party',
      title: 'After the screening',
      films: [film, 'default/other'],
      filmKeys: [film, 'default/other'],
      festival,
      start: '2026-11-10T23:00:00-05:00',
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
    });
    await v5.table('settings').put({
      id: 'reminders',
      value: { scheduled: { [e1.key]: { at: 1, start: 2, title: 'x' } }, notified: { [e1.key]: 1 } },
    });
    v5.close();

    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(8);
    const moved = (key: string) => key.replace(`${OLD}/`, `${NEW}/`);

    expect((await db.feeds.toArray()).map((f) => f.id).sort()).toEqual(['default', NEW].sort());
    expect(await db.feeds.get(NEW)).toMatchObject({ url: URL_, title: 'Parties' });
    expect(await db.events.where('feedId').equals(OLD).count()).toBe(0);
    expect(await db.events.where('feedId').equals(NEW).count()).toBe(sub.events.length);
    expect(await db.events.where('feedId').equals('default').count()).toBe(builtIn.events.length);
    expect(await db.films.where('feedId').equals(NEW).count()).toBe(sub.films.length);
    expect(await db.festivals.where('feedId').equals(NEW).count()).toBe(sub.festivals.length);
    expect(await db.events.get(moved(e1.key))).toMatchObject({ filmKeys: e1.filmKeys.map(moved), feedId: NEW });
    expect((await db.eventsAlt.toArray()).map((e) => e.key).sort()).toEqual(
      sub.events
        .slice(0, 2)
        .map((e) => moved(e.key))
        .sort(),
    );
    expect(await db.stageJobs.toArray()).toEqual([expect.objectContaining({ feedId: NEW, generation: 2 })]);

    // Saved events, their reminder, and the built-in feed's (positive control: not moved).
    expect((await db.saved.toArray()).sort((a, b) => a.eventKey.localeCompare(b.eventKey))).toEqual(
      [
        { eventKey: moved(e1.key), status: 'going', savedAt: '2026-11-02T00:00:00.000Z', remind: true },
        { eventKey: moved(e2.key), status: 'interested', savedAt: '2026-11-02T00:00:00.000Z' },
        { eventKey: b1.key, status: 'going', savedAt: '2026-11-02T00:00:00.000Z' },
      ].sort((a, b) => a.eventKey.localeCompare(b.eventKey)),
    );
    const plan = await readPlan(db);
    // The own event, stored with no saved row, is in the plan as Going (core/plan/brought.ts).
    expect(plan.events.map((e) => e.key).sort()).toEqual([moved(e1.key), moved(e2.key), b1.key, 'user/u1'].sort());

    const corrections = await correctionsFor(db, 'news.example');
    expect(corrections).toEqual([
      { ...correction, filmKey: moved(film), id: correctionId({ ...correction, filmKey: moved(film) }) },
    ]);
    expect(await db.corrections.count()).toBe(1);

    const own = await db.userEvents.get('user/u1');
    expect(own).toMatchObject({
      films: [moved(film), 'default/other'],
      filmKeys: [moved(film), 'default/other'],
      festival: moved(festival),
    });
    const { listings } = await listingsFor(db, [moved(film)]);
    expect(listings.flatMap((l) => l.events.map((e) => e.key))).toContain('user/u1');
    expect(listings.flatMap((l) => l.events.map((e) => e.key))).toContain(moved(e1.key));

    const reminders = await loadReminderState(db);
    expect(Object.keys(reminders.scheduled)).toEqual([moved(e1.key)]);
    expect(reminders.notified).toEqual({ [moved(e1.key)]: 1 });
    expect((await schedule(db)).events.length).toBeGreaterThan(sub.events.length);
    db.close();
  });

  it('merges a saved row another device synced under the new key with the moved one, keeping the reminder', async () => {
    const name = `upgrade-ids-merge-${Date.now()}`;
    const v5 = openV5(name);
    await v5.table('feeds').put(feedRow(OLD, URL_, false, 'Parties'));
    await v5.table('saved').bulkPut([
      { eventKey: `${OLD}/e1`, status: 'going', savedAt: '2026-11-02T00:00:00.000Z', remind: true },
      { eventKey: `${NEW}/e1`, status: 'interested', savedAt: '2026-11-05T00:00:00.000Z' },
      { eventKey: `${NEW}/e2`, status: 'going', savedAt: '2026-11-05T00:00:00.000Z' },
    ]);
    v5.close();
    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    expect(await db.saved.get(`${NEW}/e1`)).toEqual({
      eventKey: `${NEW}/e1`,
      status: 'interested',
      savedAt: '2026-11-05T00:00:00.000Z',
      remind: true,
    });
    expect(await db.saved.get(`${NEW}/e2`)).toMatchObject({ status: 'going' });
    expect(await db.saved.count()).toBe(2);
    db.close();
  });
});
