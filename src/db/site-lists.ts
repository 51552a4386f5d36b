// The per-site lists (switched-off hosts, added sites), one row each in the `settings` table
// beside the display settings: only the background opens IndexedDB, so no page can write them
// (a content script can write storage.local, where they were kept before). No schema change:
// `settings` is keyed by any id, and loadSettings reads the "display" row only.
import type { Table } from 'dexie';
import type { AfterpartyDb } from './database.ts';

interface ListRow {
  id: string;
  value: string[];
}

const table = (db: AfterpartyDb) => db.table<ListRow, string>('settings');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** One list by name; undefined when it was never written (before the move from storage.local). */
export async function readSiteList(db: AfterpartyDb, name: string): Promise<string[] | undefined> {
  const row = await table(db).get(name);
  return row && strings(row.value);
}

export async function writeSiteList(db: AfterpartyDb, name: string, value: string[]): Promise<void> {
  await table(db).put({ id: name, value: strings(value) });
}

/** Writes each list that was never written, in one transaction; lists already there are kept. */
export async function seedSiteLists(db: AfterpartyDb, lists: Record<string, unknown>): Promise<void> {
  const rows: Table<ListRow, string> = table(db);
  await db.transaction('rw', rows, async () => {
    for (const [name, value] of Object.entries(lists)) {
      if ((await rows.get(name)) === undefined) await rows.put({ id: name, value: strings(value) });
    }
  });
}
