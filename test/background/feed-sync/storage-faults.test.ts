// Storage faults give a clear status and lose nothing. The faults are raised inside real
// Dexie (a DBCore middleware), so the engine meets them where a browser would raise them.
import Dexie, { type DBCoreMutateRequest } from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFeedSync } from '../../../src/background/feed-sync/engine.ts';
import { storageFault, watchStorage } from '../../../src/background/feed-sync/storage-fault.ts';
import { openDatabase, type AfterpartyDb } from '../../../src/db/database.ts';
import { schedule } from '../../../src/db/queries.ts';
import { freshDb } from '../../db/fake-db.ts';
import { startFeedServer, type FeedServer } from './feed-server.ts';
import { jsonFeed, TWO_EVENTS } from './fixtures.ts';
import { said } from './said.ts';
import { withTitles } from '../with-titles.ts';

let server: FeedServer;
beforeEach(async () => {
  server = await startFeedServer();
});
afterEach(async () => {
  await server.close();
});

/** Makes the writes `full` picks fail as a full disk does, inside Dexie (a DBCore middleware). */
function fillDisk(db: AfterpartyDb, full: (table: string, req: DBCoreMutateRequest) => boolean): void {
  db.use({
    stack: 'dbcore',
    name: 'full-disk',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          mutate: (req) =>
            full(name, req)
              ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
              : table.mutate(req),
        };
      },
    }),
  });
}

/** A storage fault in the words the status line shows. */
const fault = (error: unknown) => said(storageFault(error));

describe('storage faults', () => {
  it('quota exceeded: the sync fails in plain words and the old listings stay', async () => {
    const db = freshDb();
    let full = false;
    fillDisk(db, (name) => full && name !== 'leases' && name !== 'feeds');
    const sync = createFeedSync(withTitles({ db, fetch, clock: Date.now }));
    let body = TWO_EVENTS;
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const feed = await sync.addFeed(server.url());
    full = true;
    body = jsonFeed([{ id: 'n', title: 'New' }]);
    const [outcome] = await sync.syncNow();
    expect(said(outcome?.reason)).toMatch(/^Your browser has no storage left for Afterparty/);
    expect((await schedule(db)).events.map((e) => e.title)).toEqual(['Fugitive Pieces party', 'Sponsor lounge']);
    expect((await db.feeds.get(feed.id))?.lastError).toEqual(outcome?.reason);
  });

  it('quota exceeded in the middle of a staged sync: the job and its half-written slot are freed, the old listings stay', async () => {
    const db = freshDb();
    let puts = 0;
    let fullAfter = Infinity;
    // Deletes still work on a full disk (they free space); new rows do not fit.
    fillDisk(
      db,
      (name, req) => req.type === 'put' && /^(festivals|films|events)(Alt)?$/.test(name) && ++puts > fullAfter,
    );
    const many = (n: number, label: string) =>
      jsonFeed(Array.from({ length: n }, (_, i) => ({ id: `e${i}`, title: `${label} ${i}` })));
    let body = many(30, 'Old');
    server.on('/feed.json', (_, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const sync = createFeedSync(withTitles({ db, fetch, clock: Date.now, stageThreshold: 10, chunkSize: 7 }));
    const feed = await sync.addFeed(server.url());
    const live = (await db.feeds.get(feed.id))?.sync?.slot;
    body = many(40, 'New');
    puts = 0;
    fullAfter = 2; // two chunks fit, the third does not
    const [outcome] = await sync.syncNow();
    expect(said(outcome?.reason)).toMatch(/^Your browser has no storage left for Afterparty/);
    const after = await schedule(db);
    expect(after.events).toHaveLength(30);
    expect(after.events.every((e) => e.title.startsWith('Old'))).toBe(true);
    // Nothing left behind to fill the disk again on resume: the next sync downloads afresh.
    expect(await db.stageJobs.count()).toBe(0);
    const idle = live === 'a' ? db.eventsAlt : db.events;
    expect(await idle.where('feedId').equals(feed.id).count()).toBe(0);
    fullAfter = Infinity;
    const requests = server.requests.length;
    const [retry] = await sync.syncNow();
    expect(retry).toMatchObject({ status: 'updated', requests: 1 });
    expect(server.requests.length).toBe(requests + 1);
    expect((await schedule(db)).events.filter((e) => e.title.startsWith('New'))).toHaveLength(40);
  });

  it('IndexedDB unavailable (Firefox private windows of old, storage turned off): a clear reason', async () => {
    const db = openDatabase('no-idb', { indexedDB: undefined as unknown as IDBFactory, IDBKeyRange });
    const error = await db.open().then(
      () => null,
      (e: unknown) => e,
    );
    expect(fault(error)).toMatch(/does not let Afterparty store data here/);
    expect(
      fault(
        new DOMException(
          'A mutation operation was attempted on a database that did not allow mutations.',
          'InvalidStateError',
        ),
      ),
    ).toMatch(/private window/);
    // Firefox, with site storage blocked by the user.
    expect(fault(new DOMException('The operation is insecure.', 'SecurityError'))).toMatch(
      /does not let Afterparty store data here/,
    );
    // As Dexie reports it: an open failure wrapping the browser's error.
    expect(
      fault(
        Object.assign(new Error('open failed'), {
          name: 'OpenFailedError',
          inner: new DOMException('x', 'InvalidStateError'),
        }),
      ),
    ).toMatch(/private window/);
    expect(fault(new Error('something else'))).toBeNull();
  });

  it('an upgrade blocked by an old page still holding the database is reported, then cleared', async () => {
    const name = `blocked-${Date.now()}`;
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    old.version(1).stores({
      feeds: 'id',
      festivals: 'key, feedId',
      films: 'key, feedId',
      events: 'key, feedId, *filmKeys, start',
      saved: 'eventKey',
    });
    await old.open();
    // An old page that does not close on versionchange, as a page from before the update.
    old.on('versionchange', () => false);
    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    const reports: Array<string | null> = [];
    watchStorage(db, (reason) => reports.push(said(reason)));
    const opening = db.open();
    await new Promise((done) => setTimeout(done, 50));
    expect(reports[0]).toMatch(/^An older Afterparty page is still open/);
    old.close();
    await opening;
    expect(reports.at(-1)).toBeNull();
    db.close();
  });
});
