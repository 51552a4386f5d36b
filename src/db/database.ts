// The one IndexedDB database. Every version(n) stays here with its upgrade, so a profile
// created by any shipped release opens with its data intact.
import Dexie, { type EntityTable } from 'dexie';
import type { EventRow, FestivalRow, FilmRow } from '../messages.ts';

export interface FeedRow {
  id: string;
  title: string;
  /** Where the feed is fetched from; null for the embedded default feed. */
  url: string | null;
  builtIn: boolean;
  updated: string | null;
  lastSync: string | null;
  lastError: string | null;
  /** Items skipped on the last load, in plain words. */
  problems: string[];
  eventCount: number;
  filmCount: number;
}

/** The user's own data: written only by the user's actions, never by feed loading. */
export interface SavedRow {
  eventKey: string;
  status: 'going' | 'interested';
  savedAt: string;
}

export type AfterpartyDb = Dexie & {
  feeds: EntityTable<FeedRow, 'id'>;
  festivals: EntityTable<FestivalRow, 'key'>;
  films: EntityTable<FilmRow, 'key'>;
  events: EntityTable<EventRow, 'key'>;
  saved: EntityTable<SavedRow, 'eventKey'>;
};

export const DB_NAME = 'afterparty';

export function openDatabase(name = DB_NAME, options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange }): AfterpartyDb {
  const db = new Dexie(name, options) as AfterpartyDb;
  db.version(1).stores({
    feeds: 'id',
    festivals: 'key, feedId',
    films: 'key, feedId',
    events: 'key, feedId, *filmKeys, start',
    saved: 'eventKey',
  });
  return db;
}
