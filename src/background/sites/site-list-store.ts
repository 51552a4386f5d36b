// The site lists as the registry reads and writes them (SiteApi.read/write), kept in IndexedDB.
// Releases before kept them in storage.local, which content scripts can write: the first use
// in a worker's life moves any list found there (once: a list already in IndexedDB is kept)
// and deletes the keys, so a later page write there is dropped, never read. Once both lists are
// in IndexedDB, storage.local is not touched again: the site switch is read on the first
// page's path of every woken worker, and the move's get, write and remove cost it 150-230 ms.
import { readSiteList, seedSiteLists, writeSiteList, type AfterpartyDb } from '../../db/index.ts';
import { ADDED_SITES_KEY, DISABLED_SITES_KEY } from '../../messages/index.ts';

/** The storage.local calls the move needs; tests pass a fake. */
export interface LegacyStorage {
  get(keys: string[]): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

const NAMES = [DISABLED_SITES_KEY, ADDED_SITES_KEY];
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

export function siteListStore(db: AfterpartyDb, legacy: LegacyStorage) {
  let moved: Promise<void> | null = null;
  const move = () =>
    (moved ??= (async () => {
      const there = await Promise.all(NAMES.map((name) => readSiteList(db, name)));
      if (there.every((list) => list !== undefined)) return;
      const old = await legacy.get(NAMES);
      await seedSiteLists(db, Object.fromEntries(NAMES.map((name) => [name, strings(old[name])])));
      await legacy.remove(NAMES);
    })().catch((error: unknown) => {
      moved = null;
      throw error;
    }));
  return {
    async read(name: string): Promise<string[]> {
      await move();
      return (await readSiteList(db, name)) ?? [];
    },
    async write(name: string, value: unknown): Promise<void> {
      await move();
      await writeSiteList(db, name, strings(value));
    },
  };
}
