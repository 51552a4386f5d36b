import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { markedFactory } from '../../src/background/idb-marks.ts';
import { openDatabase } from '../../src/db/database.ts';

describe("the browser's own IndexedDB open on the worker's timeline", () => {
  it('measures the open request to its success, and the database works through the wrapped factory', async () => {
    performance.clearMeasures('afterparty:idb:open');
    performance.clearMarks('afterparty:idb:upgradeneeded');
    const db = openDatabase(`idb-marks-${process.pid}`, { indexedDB: markedFactory(indexedDB), IDBKeyRange });
    await db.settings.put({ id: 'display', value: { on: true } });
    expect(await db.settings.get('display')).toEqual({ id: 'display', value: { on: true } });
    expect(performance.getEntriesByName('afterparty:idb:open', 'measure')).toHaveLength(1);
    // A new database is created by an upgrade, which is marked with the version asked for.
    const upgrade = performance.getEntriesByName('afterparty:idb:upgradeneeded', 'mark');
    expect(upgrade).toHaveLength(1);
    expect((upgrade[0] as PerformanceMark).detail).toEqual({ version: 80 });
    db.close();
    // Opened again: no upgrade this time, a second measured open.
    await db.open();
    expect(performance.getEntriesByName('afterparty:idb:open', 'measure')).toHaveLength(2);
    expect(performance.getEntriesByName('afterparty:idb:upgradeneeded', 'mark')).toHaveLength(1);
    db.close();
  });
});
