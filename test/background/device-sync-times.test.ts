// A record with a time no Date can hold used to make every round throw, on every device, with
// nothing shown (issue 26.6): the round now leaves it out, takes the rest and says which and why.
import { describe, expect, it } from 'vitest';
import { loadDefaultFeed } from '../../src/background/default-feed.ts';
import { createDeviceSync, type StorageAreaApi } from '../../src/background/device-sync/device-sync.ts';
import { readPlan } from '../../src/db/index.ts';
import { freshDb } from '../db/fake-db.ts';
import { memoryArea } from './memory-area.ts';

const NOW = Date.UTC(2026, 8, 1);

async function device(sync: StorageAreaApi) {
  const db = freshDb();
  await loadDefaultFeed(db);
  const deviceSync = createDeviceSync({
    db,
    sync,
    local: memoryArea(),
    clock: () => NOW,
    onChange: () => undefined,
    delayMs: 0,
    feeds: { permitted: async () => false, remove: async () => undefined },
  });
  return { db, deviceSync };
}

describe('device sync with hostile change times', () => {
  it('takes the other records, leaves out the one past a Date’s range and one far ahead, and says why', async () => {
    const sync = memoryArea();
    const b = await device(sync);
    const [first, second, third] = await b.db.events.limit(3).toArray();
    sync.items['ap1.0'] = {
      [`v:${first!.key}`]: ['zzzzzzzzzzz', 'g'],
      [`v:${second!.key}`]: [(NOW + 90 * 86_400_000).toString(36), 'g'],
      [`v:${third!.key}`]: [(NOW - 1000).toString(36), 'i'],
    };
    await b.deviceSync.runNow();
    // Positive control: the record with a believable time is applied.
    const saved = (await readPlan(b.db)).saved.map((row) => [row.eventKey, row.status]);
    expect(saved).toEqual([[third!.key, 'interested']]);
    const status = await b.deviceSync.status();
    expect(status.refused).toEqual([
      { id: `v:${first!.key}`, reason: 'time-invalid' },
      { id: `v:${second!.key}`, reason: 'time-ahead' },
    ]);
    // The far-ahead one stays for the devices whose clock reaches it; the unreadable one is gone.
    const stored = JSON.stringify(sync.items);
    expect(stored).toContain(`v:${second!.key}`);
    expect(stored).not.toContain(`v:${first!.key}`);
    expect(stored).toContain(`v:${third!.key}`);
  });
});
