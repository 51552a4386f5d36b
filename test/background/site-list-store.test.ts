// The site lists live in IndexedDB, written only by the background: lists kept in storage.local
// by earlier releases move once and are deleted there, and a later write there (a content
// script can write storage.local) switches nothing.
import { describe, expect, it } from 'vitest';
import { siteListStore, type LegacyStorage } from '../../src/background/sites/site-list-store.ts';
import { SiteRegistry, type SiteApi } from '../../src/background/sites/site-registry.ts';
import { ADDED_SITES_KEY, DISABLED_SITES_KEY } from '../../src/messages/sites.ts';
import { freshDb } from '../db/fake-db.ts';

function fakeLocal(initial: Record<string, unknown> = {}) {
  const area = new Map(Object.entries(initial));
  const legacy: LegacyStorage = {
    get: async (keys) => Object.fromEntries(keys.filter((k) => area.has(k)).map((k) => [k, area.get(k)])),
    remove: async (keys) => keys.forEach((k) => area.delete(k)),
  };
  return { area, legacy };
}

function registryOver(lists: ReturnType<typeof siteListStore>): SiteRegistry {
  const api: SiteApi = {
    read: lists.read,
    write: lists.write,
    grantedOrigins: async () => [],
    registeredIds: async () => [],
    register: async () => undefined,
    unregister: async () => undefined,
    inject: async () => undefined,
    curated: [],
  };
  return new SiteRegistry(api);
}

describe('the site lists', () => {
  it('move from storage.local once, and are deleted there', async () => {
    const db = freshDb();
    const local = fakeLocal({
      [DISABLED_SITES_KEY]: ['old.example', 7],
      [ADDED_SITES_KEY]: ['*://blog.example/*'],
      'data.revision': 1,
    });
    const registry = registryOver(siteListStore(db, local.legacy));
    expect(await registry.isDisabled('old.example')).toBe(true);
    expect((await registry.list()).added.map((a) => a.pattern)).toEqual(['*://blog.example/*']);
    expect([...local.area.keys()]).toEqual(['data.revision']);
    // A worker woken later finds them in IndexedDB, with nothing left to move.
    const again = registryOver(siteListStore(db, fakeLocal().legacy));
    expect(await again.isDisabled('old.example')).toBe(true);
  });

  it('ignore a storage.local write made after the move: it switches no site off', async () => {
    const db = freshDb();
    const local = fakeLocal();
    const registry = registryOver(siteListStore(db, local.legacy));
    await registry.setDisabled('mine.example', true);
    // What a content script can do: write the old key.
    local.area.set(DISABLED_SITES_KEY, ['victim.example']);
    const woken = registryOver(siteListStore(db, local.legacy));
    expect(await woken.isDisabled('victim.example')).toBe(false);
    // Left where the page wrote it, and never read: the lists are in IndexedDB.
    expect(local.area.get(DISABLED_SITES_KEY)).toEqual(['victim.example']);
    // Positive control: the privileged path (setSiteDisabled, through the registry) still works.
    expect(await woken.isDisabled('mine.example')).toBe(true);
    await woken.setDisabled('victim.example', true);
    expect(await woken.isDisabled('victim.example')).toBe(true);
  });

  it('are read from IndexedDB alone once moved: storage.local is not asked again', async () => {
    const db = freshDb();
    const first = fakeLocal({ [DISABLED_SITES_KEY]: ['old.example'] });
    expect(await registryOver(siteListStore(db, first.legacy)).isDisabled('old.example')).toBe(true);
    let asked = 0;
    const counting: LegacyStorage = {
      get: async (keys) => {
        asked++;
        return first.legacy.get(keys);
      },
      remove: async (keys) => {
        asked++;
        return first.legacy.remove(keys);
      },
    };
    const woken = registryOver(siteListStore(db, counting));
    expect(await woken.isDisabled('old.example')).toBe(true);
    expect(asked).toBe(0);
    // Positive control: a database that never held the lists asks storage.local.
    const fresh = registryOver(siteListStore(freshDb(), counting));
    expect(await fresh.isDisabled('old.example')).toBe(false);
    expect(asked).toBe(2);
  });

  it('keep working with nothing to move', async () => {
    const registry = registryOver(siteListStore(freshDb(), fakeLocal().legacy));
    expect(await registry.list()).toEqual({ curated: [], added: [], disabled: [] });
  });
});
