// What a record from another device may not do here without a click (issue 26.7): subscribe to
// a feed, or turn a privacy setting off.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createDeviceSync, type StorageAreaApi } from '../../src/background/device-sync/device-sync.ts';
import { insertFeed, listFeeds, loadSettings, patchSettings } from '../../src/db/index.ts';
import { freshDb } from '../db/fake-db.ts';
import { memoryArea } from './memory-area.ts';
import { feedRow } from './feed-row.ts';

let now = Date.UTC(2026, 8, 1);
const clock = () => (now += 1000);

async function device(sync: StorageAreaApi, permitted: (url: string) => boolean) {
  const db = freshDb();
  await loadDefaultFeed(db);
  const deviceSync = createDeviceSync({
    db,
    sync,
    local: memoryArea(),
    clock,
    onChange: () => undefined,
    delayMs: 0,
    feeds: { permitted: async (url) => permitted(url), remove: async () => undefined },
  });
  return { db, deviceSync };
}

const urlsOf = async (db: Parameters<typeof listFeeds>[0]) => (await listFeeds(db)).map((feed) => feed.url);

describe('device sync offers what it may not do without a click', () => {
  it('offers a feed on an origin already allowed, subscribing nowhere until the click', async () => {
    const sync = memoryArea();
    const a = await device(sync, () => true);
    const allowed = 'https://calendar.example.com/anyone/basic.ics';
    const other = 'https://elsewhere.example.org/parties.json';
    const b = await device(sync, (url) => url === allowed);
    await insertFeed(a.db, 'f1', feedRow(allowed, allowed));
    await insertFeed(a.db, 'f2', feedRow(other, other));
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    expect(await urlsOf(b.db)).not.toContain(allowed);
    const status = await b.deviceSync.status();
    expect(status.waitingFeeds.sort()).toEqual([allowed, other].sort());
    expect(status.allowedFeeds).toEqual([allowed]);
    // Positive control: the click (the options page's addFeed) subscribes, and the offer goes.
    await insertFeed(b.db, 'f1', feedRow(allowed, allowed));
    await b.deviceSync.runNow();
    expect(await urlsOf(b.db)).toContain(allowed);
    expect((await b.deviceSync.status()).waitingFeeds).toEqual([other]);
  });

  it('never turns a privacy setting off from sync: offers it; turning it on and other settings apply', async () => {
    const sync = memoryArea();
    const a = await device(sync, () => true);
    const b = await device(sync, () => true);
    // Positive control: the raising direction is applied.
    await patchSettings(a.db, { underlineOnlyWithKey: true });
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    expect((await loadSettings(b.db)).underlineOnlyWithKey).toBe(true);
    expect((await b.deviceSync.status()).offeredSettings).toEqual([]);

    await patchSettings(a.db, { underlineOnlyWithKey: false, theme: 'dark' });
    await a.deviceSync.runNow();
    await b.deviceSync.runNow();
    const settings = await loadSettings(b.db);
    expect(settings.underlineOnlyWithKey).toBe(true);
    // Positive control: a setting that is not a privacy one, in the same round, is applied.
    expect(settings.theme).toBe('dark');
    expect((await b.deviceSync.status()).offeredSettings).toEqual([{ name: 'underlineOnlyWithKey', value: false }]);
    // Still offered, and nothing rewritten, on the next round.
    const writes = JSON.stringify(sync.items);
    await b.deviceSync.runNow();
    expect(JSON.stringify(sync.items)).toBe(writes);
    expect((await b.deviceSync.status()).offeredSettings).toHaveLength(1);
    // The click: the offer goes, and both devices agree.
    await patchSettings(b.db, { underlineOnlyWithKey: false });
    await b.deviceSync.runNow();
    await a.deviceSync.runNow();
    expect((await b.deviceSync.status()).offeredSettings).toEqual([]);
    expect((await loadSettings(a.db)).underlineOnlyWithKey).toBe(false);
  });
});
