// The rows a feed contributes (festivals, films, events under feed-scoped keys) and writing
// them in one transaction, for feeds small enough not to need staging (feed-stage.ts).
import type { Table } from 'dexie';
import type { Feed } from '../core/model.ts';
import type { EventRow, FestivalRow, FilmRow } from '../core/rows.ts';
import { titleBytes } from '../core/matching/index.ts';
import type { AfterpartyDb, FeedRow } from './database.ts';
import { rowKey, slotTables, syncStateOf, type RowTable } from './feed-slots.ts';
import type { FeedSyncState } from './feed-sync-state.ts';

export interface FeedMeta {
  id: string;
  url: string | null;
  builtIn: boolean;
  problems: string[];
}

export interface FeedRows {
  festivals: FestivalRow[];
  films: FilmRow[];
  events: EventRow[];
}

/**
 * The rows a feed contributes. `links` gives events tied to films of other feeds (an
 * iCalendar feed has no films of its own: its events are matched to every known film).
 */
export function feedRows(feedId: string, feed: Feed, links?: ReadonlyMap<string, string[]>): FeedRows {
  return {
    festivals: feed.festivals.map((f) => ({ ...f, key: rowKey(feedId, f.id), feedId })),
    films: feed.films.map((f) => ({ ...f, key: rowKey(feedId, f.id), feedId })),
    events: feed.events.map((e) => ({
      ...e,
      key: rowKey(feedId, e.id),
      feedId,
      filmKeys: links?.get(e.id) ?? e.films.map((id) => rowKey(feedId, id)),
    })),
  };
}

export function rowCount(rows: FeedRows): number {
  return rows.festivals.length + rows.films.length + rows.events.length;
}

/** Deep equality of two stored rows, whatever order their fields were written in. */
export function sameRow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameRow((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export interface FeedRowPatch {
  title: string;
  updated: string | null;
  problems: string[];
  eventCount: number;
  filmCount: number;
  titleBytes: number;
}

export function patchFor(feed: Feed, problems: string[], rows: FeedRows): FeedRowPatch {
  return {
    title: feed.title,
    updated: feed.updated,
    problems,
    eventCount: rows.events.length,
    filmCount: rows.films.length,
    titleBytes: rows.films.reduce((sum, film) => sum + titleBytes(film), 0),
  };
}

export interface ReplaceResult {
  row: FeedRow;
  /** Rows put or deleted; unchanged rows are not rewritten. */
  written: number;
}

/** How many rows a replace would put or delete, read outside any write transaction. */
export async function countChanges(db: AfterpartyDb, feedId: string, rows: FeedRows): Promise<number> {
  const slot = syncStateOf(await db.feeds.get(feedId)).slot;
  const tables = slotTables(db, slot);
  let changes = 0;
  for (const name of ['festivals', 'films', 'events'] as RowTable[]) {
    const old = new Map((await tables[name].where('feedId').equals(feedId).toArray()).map((r) => [r.key, r]));
    for (const row of rows[name]) {
      if (!sameRow(old.get(row.key), row)) changes += 1;
      old.delete(row.key);
    }
    changes += old.size;
  }
  return changes;
}

/**
 * Replaces everything a feed contributed in one transaction, so readers see the old
 * listings or the new ones, never a mix; rows that did not change are not written. The
 * user's tables are not in the transaction's scope: a feed load cannot touch them.
 */
export async function replaceFeed(
  db: AfterpartyDb,
  meta: FeedMeta,
  feed: Feed,
  now: Date,
  options: { links?: ReadonlyMap<string, string[]>; sync?: Partial<FeedSyncState> } = {},
): Promise<ReplaceResult> {
  const rows = feedRows(meta.id, feed, options.links);
  let written = 0;
  let stored: FeedRow | undefined;
  const all = [db.feeds, db.festivals, db.films, db.events, db.festivalsAlt, db.filmsAlt, db.eventsAlt];
  await db.transaction('rw', all, async () => {
    const previous = await db.feeds.get(meta.id);
    const state = syncStateOf(previous);
    const tables = slotTables(db, state.slot);
    for (const name of ['festivals', 'films', 'events'] as RowTable[]) {
      const table = tables[name] as unknown as Table<{ key: string }, string>;
      const old = new Map((await table.where('feedId').equals(meta.id).toArray()).map((r) => [r.key, r]));
      const puts = rows[name].filter((row) => !sameRow(old.get(row.key), row));
      for (const row of rows[name]) old.delete(row.key);
      await table.bulkPut(puts);
      await table.bulkDelete([...old.keys()]);
      written += puts.length + old.size;
    }
    stored = {
      id: meta.id,
      url: meta.url,
      builtIn: meta.builtIn,
      lastSync: now.toISOString(),
      lastError: null,
      ...patchFor(feed, meta.problems, rows),
      sync: { ...state, ...options.sync },
    };
    await db.feeds.put(stored);
  });
  return { row: stored as FeedRow, written };
}
