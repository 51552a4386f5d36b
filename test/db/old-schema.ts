// The schema as each earlier release shipped it, written out here (not taken from database.ts)
// so that an upgrade test opens a real old database: one list, for every upgrade test.
import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';

/** The stores each version added, from version 1 on. */
const SHIPPED: ReadonlyArray<Record<string, string>> = [
  {
    feeds: 'id',
    festivals: 'key, feedId',
    films: 'key, feedId',
    events: 'key, feedId, *filmKeys, start',
    saved: 'eventKey',
  },
  { corrections: 'id, filmKey, site', userEvents: 'key, start, *filmKeys' },
  { settings: 'id' },
  {
    festivalsAlt: 'key, feedId',
    filmsAlt: 'key, feedId',
    eventsAlt: 'key, feedId, *filmKeys, start',
    stageJobs: 'feedId',
    leases: 'name',
  },
  { userFilms: 'key' },
  // v6 rewrote the feed ids and added no store.
  {},
  { matcherIndex: 'id' },
];

/** Database `name` (in fake-indexeddb) with the schema of `version` as it shipped. */
export function openShippedSchema(name: string, version: number): Dexie {
  if (version < 1 || version > SHIPPED.length) throw new Error(`no shipped schema v${version}`);
  const db = new Dexie(name, { indexedDB, IDBKeyRange });
  SHIPPED.slice(0, version).forEach((stores, i) => db.version(i + 1).stores(stores));
  return db;
}
