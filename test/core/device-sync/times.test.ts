// Change times from sync storage and from the ledger are hostile input (issue 26.6): a time
// past a Date's range used to make every round throw, and one far ahead to expire every tombstone.
import { describe, expect, it } from 'vitest';
import {
  beginCycle,
  endCycle,
  ITEM_PREFIX,
  MAX_AHEAD_MS,
  readItems,
  TOMBSTONE_TTL_MS,
  type Ledger,
} from '../../../src/core/device-sync/index.ts';

const T0 = Date.UTC(2026, 8, 1);
const DAY = 86_400_000;
const at = (t: number) => t.toString(36);
const items = (records: Record<string, unknown[]>) => ({ [`${ITEM_PREFIX}0`]: records });

describe('device sync change times', () => {
  it('leaves out a record whose time is past a Date’s range, says why, and reads the others', () => {
    const past = 'zzzzzzzzzzz'; // 36^11, over 8.64e15
    expect(parseInt(past, 36)).toBeGreaterThan(8.64e15);
    const { versions, refused, held } = readItems(
      items({ 'v:default/bad': [past, 'g'], 'v:default/ok': [at(T0), 'g'] }),
      T0,
    );
    expect(refused).toEqual([{ id: 'v:default/bad', reason: 'time-invalid' }]);
    expect(held.size).toBe(0);
    // Positive control: the record beside it is read.
    expect([...versions.keys()]).toEqual(['v:default/ok']);
  });

  it('a round goes on past such a record: no throw, the other records applied and stored', () => {
    const stored = items({ 'v:default/bad': ['zzzzzzzzzzz', 'g'], 'v:default/ok': [at(T0), 'i'] });
    const start = beginCycle({}, new Map(), stored, T0 + 1000);
    expect([...start.toApply.keys()]).toEqual(['v:default/ok']);
    const end = endCycle(start, new Map([['v:default/ok', 'i']]), stored);
    expect(JSON.stringify(end.plan.items)).not.toContain('default/bad');
    expect(JSON.stringify(end.plan.items)).toContain('default/ok');
  });

  it('holds a record dated more than a day ahead: not applied, written back as it was, taken once the clock is there', () => {
    const ahead = T0 + 60 * DAY;
    const stored = items({ 's:underlineOnlyWithKey': [at(ahead), false], 'v:default/ok': [at(T0 + DAY - 1), 'g'] });
    const start = beginCycle({}, new Map(), stored, T0);
    expect(start.refused).toEqual([{ id: 's:underlineOnlyWithKey', reason: 'time-ahead' }]);
    // Positive control: a record within a day of this clock is taken.
    expect([...start.toApply.keys()]).toEqual(['v:default/ok']);
    const end = endCycle(start, new Map([['v:default/ok', 'g']]), stored);
    // Not deleted for the others, and not rewritten: the plan holds it as stored.
    expect(end.plan.items[`${ITEM_PREFIX}0`]?.['s:underlineOnlyWithKey']).toEqual([at(ahead), false]);
    const later = beginCycle(end.ledger, new Map([['v:default/ok', 'g']]), stored, ahead - MAX_AHEAD_MS);
    expect(later.refused).toEqual([]);
    expect([...later.toApply.keys()]).toEqual(['s:underlineOnlyWithKey']);
  });

  it('a record dated two months ahead expires no tombstone; the same time reached by the clock does', () => {
    const ledger: Ledger = { 'v:default/gone': [T0, null] };
    const stored = items({ 'v:default/gone': [at(T0)], 'v:default/new': [at(T0 + 62 * DAY), 'g'] });
    const now = T0 + DAY;
    const start = beginCycle(ledger, new Map(), stored, now);
    expect(start.merged.get('v:default/gone')).toEqual({ t: T0, v: null });
    expect(start.ledger['v:default/gone']).toEqual([T0, null]);
    // Positive control: 62 days later by this clock, the tombstone is past its 60 days and expires.
    const after = beginCycle(ledger, new Map(), stored, T0 + 62 * DAY);
    expect(after.merged.has('v:default/gone')).toBe(false);
    expect(after.ledger['v:default/gone']).toBeUndefined();
    expect(TOMBSTONE_TTL_MS).toBe(60 * DAY);
  });

  it('does not date a change after a far-future time planted in the ledger', () => {
    const ledger = {
      'v:default/planted': [T0 + 400 * DAY, 'x'],
      'v:default/inf': [Number.MAX_VALUE, 'x'],
      'v:default/kept': [T0 - DAY, 'y'],
    };
    const local = new Map<string, unknown>([
      ['v:default/planted', 'g'],
      ['v:default/inf', 'g'],
      ['v:default/kept', 'i'],
    ]);
    const now = T0;
    const start = beginCycle(ledger, local, {}, now);
    expect(start.merged.get('v:default/planted')?.t).toBe(now);
    expect(start.merged.get('v:default/inf')?.t).toBe(now);
    // Positive control: a believable ledger time still dates the next change after it.
    const edited = beginCycle({ 'v:default/kept': [now + 5000, 'y'] }, local, {}, now);
    expect(edited.merged.get('v:default/kept')?.t).toBe(now + 5001);
  });
});
