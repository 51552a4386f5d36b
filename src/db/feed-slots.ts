// A feed's rows live in one of two slots: slot `a` is the original tables (festivals, films,
// events), slot `b` their `…Alt` twins added in schema v4. Every read of feed rows goes through
// readLive, which takes each feed's rows from its live slot only, so a large feed can be written
// into the idle slot in many small transactions and made live by one small write to its feed row.
import type { EntityTable, Table } from 'dexie';
import { USER_FEED_ID, type EventRow, type FestivalRow, type FilmRow } from '../core/rows.ts';
import type { AfterpartyDb, FeedRow } from './database.ts';
import { DEFAULT_SYNC_STATE, type FeedSyncState, type Slot } from './feed-sync-state.ts';

export interface SlotTables {
  festivals: EntityTable<FestivalRow, 'key'>;
  films: EntityTable<FilmRow, 'key'>;
  events: EntityTable<EventRow, 'key'>;
}

export type RowTable = keyof SlotTables;
export type RowOf<N extends RowTable> = N extends 'festivals' ? FestivalRow : N extends 'films' ? FilmRow : EventRow;

/** A feed's row's key: its feed's id, then the row's own id (the user's rows are under "user"). */
export function rowKey(feedId: string, id: string): string {
  return `${feedId}/${id}`;
}

/** The feed id a row's key starts with (rowKey); "" for a key of no feed. */
export function feedIdOfKey(key: string): string {
  return key.slice(0, Math.max(0, key.indexOf('/')));
}

export function slotTables(db: AfterpartyDb, slot: Slot): SlotTables {
  return slot === 'a'
    ? { festivals: db.festivals, films: db.films, events: db.events }
    : { festivals: db.festivalsAlt, films: db.filmsAlt, events: db.eventsAlt };
}

export function otherSlot(slot: Slot): Slot {
  return slot === 'a' ? 'b' : 'a';
}

export function syncStateOf(row: FeedRow | undefined): FeedSyncState {
  return { ...DEFAULT_SYNC_STATE, ...(row?.sync ?? {}) };
}

/** Live slot of every enabled feed; rows of feeds not in the map are not shown. */
export async function liveSlots(db: AfterpartyDb): Promise<Map<string, Slot>> {
  const feeds = await db.feeds.toArray();
  const out = new Map<string, Slot>();
  for (const feed of feeds) {
    const state = syncStateOf(feed);
    if (state.enabled) out.set(feed.id, state.slot);
  }
  return out;
}

/**
 * Runs `read` on the table `name` of both slots and keeps, of what it found, the rows of each
 * feed's live slot: a generation being staged, or a feed switched off or being removed, is
 * never seen. Films include the user's own. Pass `slots` to read several tables against the
 * same feeds.
 */
export async function readLive<N extends RowTable>(
  db: AfterpartyDb,
  name: N,
  read: (table: Table<RowOf<N>, string>) => Promise<Array<RowOf<N> | undefined>>,
  slots?: Map<string, Slot>,
): Promise<Array<RowOf<N>>> {
  const live = slots ?? (await liveSlots(db));
  const out: Array<RowOf<N>> = [];
  for (const slot of ['a', 'b'] as const) {
    const rows = await read(slotTables(db, slot)[name] as unknown as Table<RowOf<N>, string>);
    for (const row of rows) if (row && live.get(row.feedId) === slot) out.push(row);
  }
  // The user's own films (user-films.ts) are films like a feed's, always live: every reader of
  // films (the matcher, the card, the schedule, the plan) takes them from here.
  if (name === 'films') {
    for (const row of await read(db.userFilms as unknown as Table<RowOf<N>, string>)) if (row) out.push(row);
  }
  return out;
}

/**
 * Rows by key, each from its feed's live slot (readLive). A key names its feed (rowKey), so a
 * key of a live feed is asked of that slot alone, and a key of the user's film of the user's
 * films only: one IndexedDB request a row, not one per slot. A page's listings prefetch names some 2,300
 * films of a 100,000-film catalog, and a card opened meanwhile waited for 7,000 requests (issue
 * 28). A key of no live feed is read as readLive reads it; every row is kept only if its feed's
 * live slot is the one it came from.
 */
export async function liveByKey<N extends RowTable>(
  db: AfterpartyDb,
  name: N,
  keys: string[],
  slots?: Map<string, Slot>,
): Promise<Map<string, RowOf<N>>> {
  const live = slots ?? (await liveSlots(db));
  const wanted: Record<Slot, string[]> = { a: [], b: [] };
  const own: string[] = [];
  const other: string[] = [];
  for (const key of new Set(keys)) {
    const feedId = feedIdOfKey(key);
    const slot = live.get(feedId);
    if (slot) wanted[slot].push(key);
    else if (name === 'films' && feedId === USER_FEED_ID) own.push(key);
    else other.push(key);
  }
  const table = (slot: Slot) => slotTables(db, slot)[name] as unknown as Table<RowOf<N>, string>;
  const read = (from: Table<RowOf<N>, string>, some: string[]) => (some.length > 0 ? from.bulkGet(some) : []);
  const [a, b, user, rest] = await Promise.all([
    read(table('a'), wanted.a),
    read(table('b'), wanted.b),
    read(db.userFilms as unknown as Table<RowOf<N>, string>, own),
    other.length > 0 ? readLive(db, name, (t) => t.bulkGet(other), live) : [],
  ]);
  const out = new Map<string, RowOf<N>>();
  for (const row of a) if (row && live.get(row.feedId) === 'a') out.set(row.key, row);
  for (const row of b) if (row && live.get(row.feedId) === 'b') out.set(row.key, row);
  for (const row of [...user, ...rest]) if (row) out.set(row.key, row);
  return out;
}

/** Deletes up to `limit` rows of a feed from one slot; resolves to how many it deleted. */
export async function clearSlotChunk(db: AfterpartyDb, feedId: string, slot: Slot, limit: number): Promise<number> {
  const tables = slotTables(db, slot);
  let left = limit;
  let deleted = 0;
  await db.transaction('rw', [tables.festivals, tables.films, tables.events], async () => {
    for (const table of [tables.events, tables.films, tables.festivals] as Table<{ key: string }, string>[]) {
      if (left <= 0) break;
      const keys = (await table.where('feedId').equals(feedId).limit(left).primaryKeys()) as string[];
      if (keys.length === 0) continue;
      // One range delete instead of one request per row (much faster in Chrome). The index
      // lists a feed's rows in key order and every key starts with "<feedId>/", so the range
      // from the first key to the last holds exactly these rows.
      await table
        .where(':id')
        .between(keys[0], keys[keys.length - 1], true, true)
        .delete();
      left -= keys.length;
      deleted += keys.length;
    }
  });
  return deleted;
}

export async function clearSlot(db: AfterpartyDb, feedId: string, slot: Slot, chunk = 2_000): Promise<void> {
  while ((await clearSlotChunk(db, feedId, slot, chunk)) > 0) {
    // Small transactions: a worker stopped here leaves only rows no reader looks at.
  }
}
