// The page reader on pages publishers really put out (issue 31): per page, the events offered,
// their starts (instants equal), venues and films, against targets of 95 % offered, 95 % of
// starts right, 90 % of venues, and at least python3-extruct 0.14's 151 events.
import { describe, expect, it } from 'vitest';
import { sharedFolder } from '../../shared-folder.ts';
import { loadTruth, measurePage, table } from './real-events.ts';

const DIR = sharedFolder('real-events');

describe.skipIf(!DIR)('real published event pages', () => {
  const pages = DIR ? loadTruth(DIR) : [];
  const rows = pages.map((page) => measurePage(DIR!, page));

  it('holds the 14 labelled pages and their 176 events (positive control for the figures below)', () => {
    expect(pages.length).toBe(14);
    expect(rows.reduce((n, r) => n + r.events, 0)).toBe(176);
  });

  it('offers ≥ 95 % of the events, ≥ 95 % of starts right, ≥ 90 % of venues right, and at least 151', () => {
    console.log(table(rows));
    const misses = rows.flatMap((r) => r.misses.map((m) => `${r.page}: ${m}`)).join('\n');
    const events = rows.reduce((n, r) => n + r.events, 0);
    const offered = rows.reduce((n, r) => n + r.offered, 0);
    const starts = rows.reduce((n, r) => n + r.startRight, 0);
    const venues = rows.reduce((n, r) => n + r.venueRight, 0);
    expect(offered, misses).toBeGreaterThanOrEqual(Math.max(151, Math.ceil(events * 0.95)));
    expect(starts, misses).toBeGreaterThanOrEqual(Math.ceil(offered * 0.95));
    expect(venues, misses).toBeGreaterThanOrEqual(Math.ceil(offered * 0.9));
  });

  it('offers nothing on the film page that describes no event (negative control beside the counts above)', () => {
    const letterboxd = rows.find((r) => r.page.includes('letterboxd'))!;
    expect(letterboxd.events).toBe(0);
    expect(letterboxd.drafts).toBe(0);
  });
});
