import { describe, expect, it } from 'vitest';
import { withBrought } from '../../../src/core/plan/index.ts';
import type { SavedRow } from '../../../src/core/rows.ts';

const own = (key: string, outOfPlan?: true) => ({ key, createdAt: '2026-01-01T00:00:00.000Z', outOfPlan });

describe('withBrought', () => {
  it('reads an own event with no saved row as Going, from when it was made', () => {
    expect(withBrought([], [own('user/a')])).toEqual([
      { eventKey: 'user/a', status: 'going', savedAt: '2026-01-01T00:00:00.000Z' },
    ]);
  });

  it("keeps the user's saved row, and leaves out an event the user took out of the plan", () => {
    const interested: SavedRow = { eventKey: 'user/a', status: 'interested', savedAt: '2026-02-01T00:00:00.000Z' };
    const feed: SavedRow = { eventKey: 'f1/e', status: 'going', savedAt: '2026-02-01T00:00:00.000Z' };
    expect(withBrought([interested, feed], [own('user/a'), own('user/b', true)])).toEqual([interested, feed]);
  });
});
