import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { openDatabase, type AfterpartyDb } from '../../src/db/database.ts';

let count = 0;

/** A real Dexie database on fake-indexeddb, fresh for each test. */
export function freshDb(): AfterpartyDb {
  count += 1;
  return openDatabase(`afterparty-test-${process.pid}-${count}`, { indexedDB, IDBKeyRange });
}
