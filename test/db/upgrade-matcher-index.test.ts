import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { dropMatcherIndex, readMatcherIndex, writeMatcherIndex } from '../../src/db/matcher-index.ts';
import { openShippedSchema } from './old-schema.ts';

/** Schema v6 as the release before the stored matcher shipped it, so the upgrade is real. */
const openV6 = (name: string) => openShippedSchema(name, 6);

describe('schema v7: the stored matcher', () => {
  it('opens a v6 database with every row kept and an empty matcher table', async () => {
    const name = `upgrade-matcher-${Date.now()}`;
    const v6 = openV6(name);
    await v6.open();
    expect(v6.verno).toBe(6);
    const rows: Record<string, object[]> = {
      feeds: [{ id: 'default', title: 'Default', url: null, builtIn: true, eventCount: 1, filmCount: 1 }],
      films: [
        { key: 'default/f1', feedId: 'default', title: 'Fugitive Pieces', aliases: [], directors: [], year: 2007 },
      ],
      events: [{ key: 'default/e1', feedId: 'default', filmKeys: ['default/f1'], start: '2007-09-06' }],
      saved: [{ eventKey: 'default/e1', status: 'going', savedAt: '2007-09-01T00:00:00Z' }],
      corrections: [{ id: 'c1', filmKey: 'default/f1', site: 'example.com', surface: 'Pieces' }],
      userEvents: [{ key: 'user/u1', id: 'u1', feedId: 'user', title: 'Karaoke', filmKeys: [], start: null }],
      userFilms: [{ key: 'user/m1', title: 'My Film', aliases: [], directors: [], year: null }],
      settings: [{ id: 'display', value: { hoverDelay: 400 } }],
      leases: [{ name: 'sync', until: 1 }],
    };
    for (const [table, list] of Object.entries(rows)) await v6.table(table).bulkPut(list);
    v6.close();

    const db = openDatabase(name, { indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(8);
    for (const [table, list] of Object.entries(rows)) expect(await db.table(table).toArray()).toEqual(list);
    expect(await readMatcherIndex(db)).toBeUndefined();

    // The new table keeps typed arrays as they are (one structured clone) and holds one row.
    const stored = { graph: { ids: new Int32Array([1, 2, 3]), names: ['a', 'b'] } };
    await writeMatcherIndex(db, { print: 'p1', stored, bytes: 14 });
    await writeMatcherIndex(db, { print: 'p2', stored, bytes: 14 });
    const row = await readMatcherIndex(db);
    expect(row).toMatchObject({ id: 'current', print: 'p2', bytes: 14 });
    expect((row!.stored as typeof stored).graph.ids).toBeInstanceOf(Int32Array);
    expect([...(row!.stored as typeof stored).graph.ids]).toEqual([1, 2, 3]);
    expect(await db.matcherIndex.count()).toBe(1);
    await dropMatcherIndex(db);
    expect(await readMatcherIndex(db)).toBeUndefined();
    db.close();
  });
});
