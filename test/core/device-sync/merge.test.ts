// Two or three devices sharing one sync storage, each a plain copy of its data: the merge is
// pure, so every interleaving the browsers could produce is played out here in order.
import { describe, expect, it } from 'vitest';
import {
  beginCycle,
  endCycle,
  recordsOf,
  rowChangeOf,
  TOMBSTONE_TTL_MS,
  type Ledger,
  type LocalData,
} from '../../../src/core/device-sync/index.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';

interface Device {
  data: LocalData;
  ledger: Ledger;
}

const empty = (): LocalData => ({
  saved: [],
  corrections: [],
  userEvents: [],
  userFilms: [],
  settings: { ...DEFAULT_SETTINGS },
  feedUrls: [],
});

const device = (): Device => ({ data: empty(), ledger: {} });

/** What a database does with each change: the same rules as src/db/device-sync.ts, on plain lists. */
function apply(data: LocalData, id: string, value: unknown, t: number): void {
  const change = rowChangeOf(id, value, t);
  if (typeof change === 'string') return;
  switch (change.kind) {
    case 'saved':
      data.saved = data.saved.filter((r) => r.eventKey !== change.eventKey);
      if (change.row) data.saved.push(change.row);
      break;
    case 'setting':
      if (!(change.name in DEFAULT_SETTINGS)) return;
      (data.settings as Record<string, unknown>)[change.name] =
        change.value ?? (DEFAULT_SETTINGS as unknown as Record<string, unknown>)[change.name];
      break;
    case 'feed':
      data.feedUrls = data.feedUrls.filter((u) => u !== change.url);
      if (change.subscribed) data.feedUrls.push(change.url);
      break;
    case 'correction':
      data.corrections = data.corrections.filter((r) => r.id !== change.id);
      if (change.row) data.corrections.push(change.row);
      break;
    case 'event':
      data.userEvents = data.userEvents.filter((r) => r.id !== change.id);
      if (change.value) data.userEvents.push({ ...(change.value as object), key: `user/${change.id}` } as never);
      break;
  }
}

/** One sync round of `d` at time `now` against `storage`, written back as the browser would. */
function cycle(d: Device, storage: Record<string, unknown>, now: number) {
  const start = beginCycle(d.ledger, recordsOf(d.data), storage, now);
  for (const [id, version] of start.toApply) apply(d.data, id, version.v, version.t);
  const end = endCycle(start, recordsOf(d.data), storage);
  d.ledger = end.ledger;
  Object.assign(storage, structuredClone(end.set));
  for (const key of end.remove) delete storage[key];
  return { start, end };
}

const save = (d: Device, eventKey: string, status: 'going' | 'interested') => {
  d.data.saved = d.data.saved.filter((r) => r.eventKey !== eventKey);
  d.data.saved.push({ eventKey, status, savedAt: '2026-09-01T00:00:00.000Z' });
};
const unsave = (d: Device, eventKey: string) => {
  d.data.saved = d.data.saved.filter((r) => r.eventKey !== eventKey);
};
const statuses = (d: Device) =>
  Object.fromEntries(d.data.saved.map((r) => [r.eventKey, r.status]).sort(([a], [b]) => a!.localeCompare(b!)));

const T0 = Date.UTC(2026, 8, 1);

describe('device sync merge', () => {
  it('carries a save from one device to another, and nothing back', () => {
    const storage = {};
    const [a, b] = [device(), device()];
    save(a, 'default/e1', 'going');
    cycle(a, storage, T0);
    const { end } = cycle(b, storage, T0 + 1000);
    expect(statuses(b)).toEqual({ 'default/e1': 'going' });
    expect(end.set).toEqual({});
    expect(end.remove).toEqual([]);
    // The record keeps its first change time on the second device: no new change was made there.
    expect(b.ledger['v:default/e1']?.[0]).toBe(T0);
  });

  it('resolves concurrent edits of one record to the newer, the same on both devices', () => {
    const storage = {};
    const [a, b] = [device(), device()];
    save(a, 'default/e0', 'going');
    cycle(a, storage, T0);
    cycle(b, storage, T0 + 10);
    // Both save e1 before either sees the other's change; b's is later.
    save(a, 'default/e1', 'interested');
    save(b, 'default/e1', 'going');
    save(b, 'default/e2', 'going');
    const stale = structuredClone(storage);
    cycle(a, storage, T0 + 100);
    // b read storage before a's write reached it, and wrote over it (the browser keeps the last write).
    Object.assign(storage, cycle(b, stale, T0 + 200).end.set);
    cycle(a, storage, T0 + 300);
    cycle(b, storage, T0 + 400);
    expect(statuses(a)).toEqual({ 'default/e0': 'going', 'default/e1': 'going', 'default/e2': 'going' });
    expect(statuses(b)).toEqual(statuses(a));
    // Settled: another round writes nothing on either side.
    expect(cycle(a, storage, T0 + 500).end.set).toEqual({});
    expect(cycle(b, storage, T0 + 600).end.set).toEqual({});
  });

  it('lets the newer of two concurrent edits win, whichever device syncs first', () => {
    for (const first of ['a', 'b'] as const) {
      const storage = {};
      const [a, b] = [device(), device()];
      (a.data.settings as Record<string, unknown>).hoverDelay = 400;
      cycle(a, storage, T0);
      cycle(b, storage, T0 + 1);
      // a's edit is dated T0+50, b's T0+60; either device may reach storage first.
      (a.data.settings as Record<string, unknown>).hoverDelay = 500;
      (b.data.settings as Record<string, unknown>).hoverDelay = 600;
      const order: Array<[Device, number]> = [
        [a, T0 + 50],
        [b, T0 + 60],
      ];
      if (first === 'b') order.reverse();
      for (const [d, t] of order) cycle(d, storage, t);
      for (const [d, t] of order) cycle(d, storage, t + 1000);
      expect(a.data.settings.hoverDelay, `${first} first`).toBe(600);
      expect(b.data.settings.hoverDelay, `${first} first`).toBe(600);
    }
  });

  it('resolves a delete against an edit by time, the same way on every device', () => {
    // Deleted later than edited: the deletion wins everywhere.
    let storage: Record<string, unknown> = {};
    let [a, b] = [device(), device()];
    save(a, 'default/e1', 'going');
    cycle(a, storage, T0);
    cycle(b, storage, T0 + 1);
    save(a, 'default/e1', 'interested');
    unsave(b, 'default/e1');
    cycle(a, storage, T0 + 100);
    cycle(b, storage, T0 + 200);
    cycle(a, storage, T0 + 300);
    expect(statuses(a)).toEqual({});
    expect(statuses(b)).toEqual({});
    expect(JSON.stringify(storage)).toContain('"v:default/e1":["');

    // Edited later than deleted: the edit wins everywhere, and the record comes back where it was deleted.
    storage = {};
    [a, b] = [device(), device()];
    save(a, 'default/e1', 'going');
    cycle(a, storage, T0);
    cycle(b, storage, T0 + 1);
    unsave(b, 'default/e1');
    cycle(b, storage, T0 + 100);
    save(a, 'default/e1', 'interested');
    cycle(a, storage, T0 + 200);
    cycle(b, storage, T0 + 300);
    expect(statuses(a)).toEqual({ 'default/e1': 'interested' });
    expect(statuses(b)).toEqual({ 'default/e1': 'interested' });
  });

  it('breaks a tie in time the same way on both sides: the deletion', () => {
    const storage = {};
    const [a, b] = [device(), device()];
    save(a, 'default/e1', 'going');
    cycle(a, storage, T0);
    cycle(b, storage, T0);
    save(a, 'default/e1', 'interested');
    unsave(b, 'default/e1');
    const stale = structuredClone(storage);
    cycle(a, storage, T0 + 100);
    Object.assign(storage, cycle(b, stale, T0 + 100).end.set);
    cycle(a, storage, T0 + 200);
    cycle(b, storage, T0 + 200);
    expect(statuses(a)).toEqual({});
    expect(statuses(b)).toEqual({});
  });

  it('dates an edit after the version it replaces even when the device clock is behind', () => {
    const storage = {};
    const [a, b] = [device(), device()];
    save(a, 'default/e1', 'going');
    cycle(a, storage, T0 + 60_000);
    cycle(b, storage, T0);
    // b's clock is a minute behind a's, yet its edit, made after it saw a's, must win.
    save(b, 'default/e1', 'interested');
    cycle(b, storage, T0 + 10);
    cycle(a, storage, T0 + 60_100);
    expect(statuses(a)).toEqual({ 'default/e1': 'interested' });
  });

  it('keeps tombstones 60 days past the newest change, then drops them on every device alike', () => {
    const storage: Record<string, unknown> = {};
    const [a, b] = [device(), device()];
    save(a, 'default/gone', 'going');
    save(a, 'default/kept', 'going');
    cycle(a, storage, T0);
    cycle(b, storage, T0 + 1);
    unsave(a, 'default/gone');
    cycle(a, storage, T0 + 1000);
    expect(JSON.stringify(storage)).toContain('default/gone');
    // A change 59 days later: the tombstone is still sent.
    save(a, 'default/other', 'interested');
    cycle(a, storage, T0 + 1000 + TOMBSTONE_TTL_MS - 86_400_000);
    expect(JSON.stringify(storage)).toContain('default/gone');
    // b's clock keeps up with a's: a record dated more than a day ahead of b's clock would wait.
    cycle(b, storage, T0 + 2000 + TOMBSTONE_TTL_MS - 86_400_000);
    expect(statuses(b)).toEqual({ 'default/kept': 'going', 'default/other': 'interested' });
    // Past 60 days after the newest change: dropped from storage and from both ledgers, and neither writes it back.
    save(a, 'default/later', 'going');
    cycle(a, storage, T0 + 1000 + TOMBSTONE_TTL_MS + 1);
    expect(JSON.stringify(storage)).not.toContain('default/gone');
    expect(JSON.stringify(storage)).toContain('default/later');
    expect(a.ledger['v:default/gone']).toBeUndefined();
    const { end } = cycle(b, storage, T0 + 3000 + TOMBSTONE_TTL_MS);
    expect(b.ledger['v:default/gone']).toBeUndefined();
    expect(end.set).toEqual({});
    expect(statuses(b)).toEqual({ 'default/kept': 'going', 'default/other': 'interested', 'default/later': 'going' });
  });

  it('applies an expired tombstone to an older value it beats (a device back after a long time)', () => {
    const storage: Record<string, unknown> = {};
    const b = device();
    save(b, 'default/gone', 'going');
    cycle(b, storage, T0);
    // Meanwhile another device deleted it at T0+10 and saved something else 60 days later.
    const later = T0 + TOMBSTONE_TTL_MS + 100;
    const stored = {
      'ap1.0': { 'v:default/gone': [(T0 + 10).toString(36)], 'v:default/new': [later.toString(36), 'g'] },
    };
    const { end } = cycle(b, stored, later + 100);
    expect(statuses(b)).toEqual({ 'default/new': 'going' });
    // The deletion applied and then dropped: no longer sent, no longer in the ledger.
    expect(JSON.stringify(stored)).not.toContain('default/gone');
    expect(end.ledger['v:default/gone']?.[1]).toBeNull();
    cycle(b, stored, later + 200);
    expect(b.ledger['v:default/gone']).toBeUndefined();
  });

  it('never deletes on a device what it is missing from storage; only a tombstone deletes', () => {
    const storage: Record<string, unknown> = {};
    const a = device();
    save(a, 'default/e1', 'going');
    cycle(a, storage, T0);
    for (const key of Object.keys(storage)) delete storage[key];
    cycle(a, storage, T0 + 10);
    expect(statuses(a)).toEqual({ 'default/e1': 'going' });
    expect(JSON.stringify(storage)).toContain('default/e1');
  });

  it('syncs only settings changed from their default, and a return to the default', () => {
    const storage: Record<string, unknown> = {};
    const [a, b] = [device(), device()];
    (a.data.settings as Record<string, unknown>).theme = 'dark';
    (b.data.settings as Record<string, unknown>).hoverDelay = 500;
    cycle(a, storage, T0);
    // b, a new device, keeps its own change and takes a's; its defaults overwrite nothing.
    cycle(b, storage, T0 + 10);
    cycle(a, storage, T0 + 20);
    expect(a.data.settings).toMatchObject({ theme: 'dark', hoverDelay: 500 });
    expect(b.data.settings).toMatchObject({ theme: 'dark', hoverDelay: 500 });
    (b.data.settings as Record<string, unknown>).theme = DEFAULT_SETTINGS.theme;
    cycle(b, storage, T0 + 30);
    cycle(a, storage, T0 + 40);
    expect(a.data.settings).toMatchObject({ theme: DEFAULT_SETTINGS.theme, hoverDelay: 500 });
  });

  it('syncs a setting this release does not know, without losing it on a device that cannot apply it', () => {
    const storage: Record<string, unknown> = {};
    const [newer, older] = [device(), device()];
    (newer.data.settings as Record<string, unknown>).fromANewerRelease = 30;
    cycle(newer, storage, T0);
    expect(JSON.stringify(storage)).toContain('"s:fromANewerRelease":["');
    const { start, end } = cycle(older, storage, T0 + 10);
    // The older device was asked to apply it and could not; it writes nothing over it.
    expect(start.toApply.has('s:fromANewerRelease')).toBe(true);
    expect('fromANewerRelease' in older.data.settings).toBe(false);
    expect(end.set).toEqual({});
    expect(end.remove).toEqual([]);
    expect(JSON.stringify(storage)).toContain('"s:fromANewerRelease":["');
  });

  it('carries corrections, own events and feed addresses, and their deletions', () => {
    const storage: Record<string, unknown> = {};
    const [a, b] = [device(), device()];
    const id = JSON.stringify(['example.com', 'default/juno', 'juno']);
    a.data.corrections.push({ id, filmKey: 'default/juno', surface: 'juno', site: 'example.com', createdAt: 'x' });
    a.data.feedUrls.push('https://example.com/feed.ics');
    a.data.userEvents.push({
      key: 'user/u1',
      id: 'u1',
      feedId: 'user',
      kind: 'party',
      title: 'After the premiere',
      films: [],
      filmKeys: [],
      festival: null,
      start: '2026-09-10T22:00:00-04:00',
      end: null,
      venue: null,
      host: null,
      access: 'public',
      url: null,
      description: 'On the roof',
      source: null,
      cancelled: false,
      createdAt: '2026-08-01T00:00:00.000Z',
      updatedAt: '2026-08-01T00:00:00.000Z',
    } as never);
    cycle(a, storage, T0);
    cycle(b, storage, T0 + 1);
    expect(b.data.corrections).toEqual([
      { id, filmKey: 'default/juno', surface: 'juno', site: 'example.com', createdAt: new Date(T0).toISOString() },
    ]);
    expect(b.data.feedUrls).toEqual(['https://example.com/feed.ics']);
    expect(b.data.userEvents[0]).toMatchObject({ id: 'u1', title: 'After the premiere', description: 'On the roof' });
    b.data.userEvents = [];
    b.data.corrections = [];
    b.data.feedUrls = [];
    cycle(b, storage, T0 + 100);
    cycle(a, storage, T0 + 200);
    expect(a.data.userEvents).toEqual([]);
    expect(a.data.corrections).toEqual([]);
    expect(a.data.feedUrls).toEqual([]);
  });
});
