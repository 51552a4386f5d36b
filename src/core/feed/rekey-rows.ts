// Moving rows from old feed ids to new ones (the schema upgrade to address-made ids): every key
// built from a feed id, in every row that holds one, through the one rule of `rekey`.
import type { SavedRow, UserEventRow } from '../rows.ts';
import { rekey } from './feed-id.ts';

type Ids = ReadonlyMap<string, string>;

/** A feed's festival, film or event row: its key and feed, and an event's film links (any feed's). */
export function rekeyFeedRow<T extends { key: string; feedId: string; filmKeys?: string[] }>(row: T, ids: Ids): T {
  const next = { ...row, key: rekey(row.key, ids), feedId: ids.get(row.feedId) ?? row.feedId };
  if (row.filmKeys) next.filmKeys = row.filmKeys.map((k) => rekey(k, ids));
  return next;
}

/**
 * An own event keeps its own key; its films and festival are full keys of any feed. Rows of
 * older releases may lack a field: what is absent stays absent.
 */
export function rekeyUserEvent(row: UserEventRow, ids: Ids): UserEventRow {
  const next = { ...row };
  if (Array.isArray(row.films)) next.films = row.films.map((k) => rekey(k, ids));
  if (Array.isArray(row.filmKeys)) next.filmKeys = row.filmKeys.map((k) => rekey(k, ids));
  if (typeof row.festival === 'string') next.festival = rekey(row.festival, ids);
  return next;
}

/**
 * Two saved rows that land on one key (this device's, and the same event's row another device
 * synced under the new key before this one upgraded) become one: the later status, and the
 * reminder when either had it, so neither the newer choice nor a reminder is lost.
 */
export function mergeSaved(rows: SavedRow[]): SavedRow[] {
  const byKey = new Map<string, SavedRow>();
  for (const row of rows) {
    const other = byKey.get(row.eventKey);
    if (!other) {
      byKey.set(row.eventKey, row);
      continue;
    }
    const newer = other.savedAt >= row.savedAt ? other : row;
    byKey.set(row.eventKey, other.remind || row.remind ? { ...newer, remind: true } : newer);
  }
  return [...byKey.values()];
}

/** Keys of a record (`{eventKey: …}`) moved to the new ids; a later entry wins a shared key. */
export function rekeyRecord<V>(record: Readonly<Record<string, V>>, ids: Ids): Record<string, V> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [rekey(key, ids), value]));
}
