import { describe, expect, it } from 'vitest';
import {
  beginCycle,
  endCycle,
  ITEM_PREFIX,
  jsonBytes,
  planItems,
  readItems,
  recordsOf,
  SYNC_LIMITS,
  type Ledger,
  type LocalData,
  type Version,
} from '../../../src/core/device-sync/index.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';

const T0 = Date.UTC(2026, 8, 1);

/** Bytes of what the browser would store, counted the way it counts its quota. */
const storedBytes = (items: Record<string, unknown>) =>
  Object.entries(items).reduce((sum, [key, value]) => sum + jsonBytes(key) + jsonBytes(JSON.stringify(value)), 0);

function plan(count: number, value: (i: number) => unknown = () => 'g') {
  const merged = new Map<string, Version>();
  for (let i = 0; i < count; i++)
    merged.set(`v:default/event-${String(i).padStart(4, '0')}`, { t: T0 + i, v: value(i) });
  return merged;
}

const event = (i: number, description: string) => ({
  kind: 'party',
  title: `Party ${i}`,
  films: ['default/fugitive-pieces'],
  start: '2026-09-10T22:00:00-04:00',
  access: 'public',
  description,
  cancelled: false,
  moved: false,
  createdAt: '2026-08-01T00:00:00.000Z',
  updatedAt: '2026-08-01T00:00:00.000Z',
});

describe('laying records out in storage.sync', () => {
  it('fits a 200-event plan in a few items, each item and the whole counted as the browser counts', () => {
    const { items, stayedLocal, bytes } = planItems(plan(200));
    expect(stayedLocal).toEqual([]);
    expect(bytes).toBe(storedBytes(items));
    expect(bytes).toBeLessThan(10_000);
    for (const [key, value] of Object.entries(items)) {
      expect(jsonBytes(key) + jsonBytes(JSON.stringify(value))).toBeLessThanOrEqual(SYNC_LIMITS.quotaBytesPerItem);
    }
    expect(readItems(items).versions.size).toBe(200);
  });

  it('splits own events across items and keeps every item under 8 KB', () => {
    const merged = new Map<string, Version>();
    for (let i = 0; i < 60; i++) merged.set(`e:ev${i}`, { t: T0 + i, v: event(i, 'x'.repeat(900)) });
    const { items, stayedLocal } = planItems(merged);
    expect(stayedLocal).toEqual([]);
    expect(Object.keys(items).length).toBeGreaterThan(5);
    for (const [key, value] of Object.entries(items)) {
      expect(jsonBytes(key) + jsonBytes(JSON.stringify(value))).toBeLessThanOrEqual(SYNC_LIMITS.quotaBytesPerItem);
    }
    expect(readItems(items).versions).toEqual(merged);
  });

  it('counts < and line separators as Chromium escapes them', () => {
    expect(jsonBytes('a<b')).toBe(8);
    expect(jsonBytes('é')).toBe(2);
    expect(jsonBytes('\u2028')).toBe(6);
  });

  it('says which records stayed local and why: one too big for an item, the rest past the total', () => {
    const merged = plan(10);
    merged.set('e:huge', { t: T0, v: event(0, 'x'.repeat(9_000)) });
    merged.set('e:small', { t: T0, v: event(1, 'fits') });
    const limits = { quotaBytes: 500, quotaBytesPerItem: 8_192, maxItems: 512 };
    const { items, stayedLocal, bytes } = planItems(merged, limits);
    expect(bytes).toBeLessThanOrEqual(500);
    expect(bytes).toBe(storedBytes(items));
    expect(stayedLocal.find((r) => r.id === 'e:huge')).toMatchObject({ kind: 'event', reason: 'too-big' });
    expect(stayedLocal.find((r) => r.id === 'e:small')).toMatchObject({ kind: 'event', reason: 'full' });
    // Saved statuses come before own events: they got the room.
    expect(readItems(items).versions.size).toBe(10);
    // Every record is either stored or reported: none vanishes.
    expect(readItems(items).versions.size + stayedLocal.length).toBe(merged.size);
  });

  it('respects the item count limit', () => {
    const { items, stayedLocal } = planItems(plan(50), { quotaBytes: 102_400, quotaBytesPerItem: 120, maxItems: 3 });
    expect(Object.keys(items)).toEqual([`${ITEM_PREFIX}0`, `${ITEM_PREFIX}1`, `${ITEM_PREFIX}2`]);
    expect(stayedLocal.length).toBe(50 - readItems(items).versions.size);
    expect(stayedLocal.every((r) => r.reason === 'full')).toBe(true);
  });

  it('loses nothing over quota on either device, and two devices over quota do not rewrite each other', () => {
    const limits = { quotaBytes: 2_000, quotaBytesPerItem: 1_000, maxItems: 512 };
    const data = (keys: string[]): LocalData => ({
      saved: keys.map((k) => ({ eventKey: k, status: 'going', savedAt: 'x' })),
      corrections: [],
      userEvents: [],
      userFilms: [],
      settings: { ...DEFAULT_SETTINGS },
      feedUrls: [],
    });
    const aKeys = Array.from({ length: 80 }, (_, i) => `default/a-${i}`);
    const bKeys = Array.from({ length: 80 }, (_, i) => `default/b-${i}`);
    const storage: Record<string, unknown> = {};
    let aLedger: Ledger = {};
    let bLedger: Ledger = {};
    const round = (local: LocalData, ledger: Ledger, now: number) => {
      const start = beginCycle(ledger, recordsOf(local), storage, now);
      for (const [id, version] of start.toApply) {
        if (version.v !== null) local.saved.push({ eventKey: id.slice(2), status: 'going', savedAt: 'x' });
      }
      const end = endCycle(start, recordsOf(local), storage, limits);
      Object.assign(storage, end.set);
      for (const key of end.remove) delete storage[key];
      return end;
    };
    const [a, b] = [data(aKeys), data(bKeys)];
    let end = round(a, aLedger, T0);
    aLedger = end.ledger;
    expect(end.plan.stayedLocal.length).toBeGreaterThan(0);
    end = round(b, bLedger, T0 + 10);
    bLedger = end.ledger;
    end = round(a, aLedger, T0 + 20);
    aLedger = end.ledger;
    // Both hold all of their own records, and what storage has of the other's.
    expect(a.saved.length).toBeGreaterThanOrEqual(80);
    expect(b.saved.map((r) => r.eventKey)).toEqual(expect.arrayContaining(bKeys));
    expect(a.saved.map((r) => r.eventKey)).toEqual(expect.arrayContaining(aKeys));
    // Settled: what storage holds is the same plan on both sides; another round writes nothing.
    const again = round(b, bLedger, T0 + 30);
    expect(again.set).toEqual({});
    expect(again.remove).toEqual([]);
    expect(round(a, aLedger, T0 + 40).set).toEqual({});
  });

  it('skips unreadable records and says so', () => {
    const { versions, problems } = readItems({
      [`${ITEM_PREFIX}0`]: {
        'v:default/ok': ['lf0', 'g'],
        'x:what': ['lf0', 1],
        'v:default/bad': 'g',
        'v:default/t': ['??'],
      },
      [`${ITEM_PREFIX}1`]: 'not an object',
      elsewhere: { ignored: true },
    });
    expect([...versions.keys()]).toEqual(['v:default/ok']);
    expect(problems).toHaveLength(4);
  });
});
