// The one IndexedDB database. Every version(n) stays here with its upgrade, so a profile
// created by any shipped release opens with its data intact.
import Dexie, { type EntityTable } from 'dexie';
import type {
  CorrectionRow,
  EventRow,
  FestivalRow,
  FilmRow,
  SavedRow,
  UserEventRow,
  UserFilmRow,
} from '../core/rows.ts';
import type { FeedSyncState, LeaseRow, StageJobRow, StoredReason } from './feed-sync-state.ts';
import { upgradeFeedIds } from './upgrade-feed-ids.ts';

export interface FeedRow {
  id: string;
  title: string;
  /** Where the feed is fetched from; null for the embedded default feed. */
  url: string | null;
  builtIn: boolean;
  updated: string | null;
  lastSync: string | null;
  /** Why the latest load failed; the cached rows stay. */
  lastError: StoredReason | null;
  /** Items skipped on the last load, in plain words. */
  problems: string[];
  eventCount: number;
  filmCount: number;
  /**
   * What the feed's titles and aliases cost the title index (core/matching/cap-titles.ts's
   * titleBytes), summed when its rows were stored: the title cap is then checked without reading
   * every film (feed-sync/title-cap.ts). Absent on rows written before it was kept.
   */
  titleBytes?: number;
  /** Sync state (v4); absent on rows written before, read with defaults by syncStateOf (feed-slots.ts). */
  sync?: FeedSyncState;
}

/** The user's settings as stored; read back through readSettings, which defaults bad fields. */
export interface SettingsRow {
  id: 'display';
  value: unknown;
}

/** The worker's compiled title matcher (matcher-index.ts): one row, a cache. */
export interface MatcherIndexRow {
  id: 'current';
  /** The catalog print (background/title-matcher.ts) it was built from: another print, another catalog. */
  print: string;
  /** A StoredIndex (core/matching); read as unknown, since a row written by another release may hold anything. */
  stored: unknown;
  /** Bytes of the stored form (typed arrays and string characters), as measured when it was written. */
  bytes: number;
  /** A sample of the catalog's films as JSON, for the warm-up of the matcher read back. */
  warm?: string;
}

export type AfterpartyDb = Dexie & {
  feeds: EntityTable<FeedRow, 'id'>;
  festivals: EntityTable<FestivalRow, 'key'>;
  films: EntityTable<FilmRow, 'key'>;
  events: EntityTable<EventRow, 'key'>;
  saved: EntityTable<SavedRow, 'eventKey'>;
  corrections: EntityTable<CorrectionRow, 'id'>;
  userEvents: EntityTable<UserEventRow, 'key'>;
  userFilms: EntityTable<UserFilmRow, 'key'>;
  settings: EntityTable<SettingsRow, 'id'>;
  festivalsAlt: EntityTable<FestivalRow, 'key'>;
  filmsAlt: EntityTable<FilmRow, 'key'>;
  eventsAlt: EntityTable<EventRow, 'key'>;
  stageJobs: EntityTable<StageJobRow, 'feedId'>;
  leases: EntityTable<LeaseRow, 'name'>;
  matcherIndex: EntityTable<MatcherIndexRow, 'id'>;
};

export const DB_NAME = 'afterparty';

export function openDatabase(
  name = DB_NAME,
  options?: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange },
): AfterpartyDb {
  const db = new Dexie(name, options) as AfterpartyDb;
  db.version(1).stores({
    feeds: 'id',
    festivals: 'key, feedId',
    films: 'key, feedId',
    events: 'key, feedId, *filmKeys, start',
    saved: 'eventKey',
  });
  // v2: the user's corrections and own events. New tables only: v1 data is kept as it is.
  db.version(2).stores({
    corrections: 'id, filmKey, site',
    userEvents: 'key, start, *filmKeys',
  });
  // v3: the user's display settings, one row keyed "display" (see src/core/settings.ts).
  db.version(3).stores({
    settings: 'id',
  });
  // v4: a second slot for feed rows, so a large feed is staged beside the live one and
  // switched by one small write (src/db/feed-slots.ts); staging jobs; the sync lease.
  db.version(4).stores({
    festivalsAlt: 'key, feedId',
    filmsAlt: 'key, feedId',
    eventsAlt: 'key, feedId, *filmKeys, start',
    stageJobs: 'feedId',
    leases: 'name',
  });
  // v5: the user's own films (src/db/user-films.ts). A new table only: v4 data is kept as it is.
  db.version(5).stores({
    userFilms: 'key',
  });
  // v6: a subscribed feed's id is its address's (core/feed/feed-id.ts), the same on every device
  // and re-subscription; every key built from an old id moves with it (upgrade-feed-ids.ts).
  db.version(6).stores({}).upgrade(upgradeFeedIds);
  // v7: the worker's compiled title matcher, one row written per catalog change and read back
  // when the worker wakes (src/db/matcher-index.ts). A cache: a new table only, v6 data kept.
  db.version(7).stores({
    matcherIndex: 'id',
  });
  // v8: films by title (src/db/film-titles.ts), so the own-event form's search and the film
  // picker's exact title read the titles alone, never every film (100,000 at issue 28's scale).
  // An index only: the browser builds it from the rows as they are, no row changes.
  db.version(8).stores({
    films: 'key, feedId, title',
    filmsAlt: 'key, feedId, title',
  });
  return db;
}
