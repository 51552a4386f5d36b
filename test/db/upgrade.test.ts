import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';

/** The schema as version 0.1.0 shipped it, written here as it was so the upgrade is real. */
function openV1(name: string): Dexie {
  const db = new Dexie(name, { indexedDB, IDBKeyRange });
  db.version(1).stores({ feeds: 'id', festivals: 'key, feedId', films: 'key, feedId', events: 'key, feedId, *filmKeys, start', saved: 'eventKey' });
  return db;
}

describe('schema upgrades', () => {
  it('opens a version 1 database with its listings and saved events intact', async () => {
    const name = `upgrade-${Date.now()}`;
    const v1 = openV1(name);
    await v1.table('feeds').put({ id: 'default', title: 'Default', eventCount: 1 });
    await v1.table('events').put({ key: 'default/e1', feedId: 'default', filmKeys: ['default/f1'], start: '2007-09-06' });
    await v1.table('saved').put({ eventKey: 'default/e1', status: 'going', savedAt: '2007-09-01T00:00:00Z' });
    v1.close();

    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(2);
    expect(await db.saved.toArray()).toEqual([{ eventKey: 'default/e1', status: 'going', savedAt: '2007-09-01T00:00:00Z' }]);
    expect(await db.events.where('filmKeys').equals('default/f1').count()).toBe(1);
    expect(await db.corrections.count()).toBe(0);
    expect(await db.userEvents.count()).toBe(0);
    db.close();
  });
});
