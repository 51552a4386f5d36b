import { describe, expect, it } from 'vitest';
import { feedSummary, SUMMARY_MAX_EVENTS, type FeedRow } from '../../src/db/index.ts';
import type { EventRow } from '../../src/core/rows.ts';
import { freshDb } from './fake-db.ts';

const feed = (eventCount: number): FeedRow =>
  ({ id: 'f1', title: 'Parties', url: 'https://x.example/f', builtIn: false, eventCount }) as unknown as FeedRow;

function event(key: string, start: string | null, end: string | null = null): EventRow {
  return {
    key: `f1/${key}`,
    feedId: 'f1',
    filmKeys: [],
    id: key,
    kind: 'party',
    title: key,
    films: [],
    festival: null,
    start,
    end,
    venue: null,
    host: null,
    access: 'unknown',
    url: null,
    description: null,
    source: null,
    cancelled: false,
  };
}

describe('feedSummary', () => {
  it('gives the festivals and the first and last day of the events, as the feed dates them', async () => {
    const db = freshDb();
    await db.festivals.bulkPut([
      {
        key: 'f1/b',
        feedId: 'f1',
        id: 'b',
        name: 'TIFF 2008',
        timeZone: 'America/Toronto',
        start: '2008-09-04',
        end: '2008-09-13',
      },
      {
        key: 'f1/a',
        feedId: 'f1',
        id: 'a',
        name: 'Berlinale 2008',
        timeZone: 'Europe/Berlin',
        start: '2008-02-07',
        end: '2008-02-17',
      },
      {
        key: 'f2/c',
        feedId: 'f2',
        id: 'c',
        name: 'Other feed',
        timeZone: 'UTC',
        start: '2001-01-01',
        end: '2001-01-02',
      },
    ]);
    await db.events.bulkPut([
      event('late', '2008-09-12T23:00:00-04:00', '2008-09-13T02:00:00-04:00'),
      event('early', '2008-02-08'),
      event('undated', null),
      { ...event('other', '1999-01-01'), key: 'f2/other', feedId: 'f2' },
    ]);
    expect(await feedSummary(db, feed(3))).toEqual({
      festivals: ['Berlinale 2008', 'TIFF 2008'],
      firstDay: '2008-02-08',
      lastDay: '2008-09-13',
    });
    // A feed past the bound gives its festivals only (a positive control for the days above).
    expect(await feedSummary(db, feed(SUMMARY_MAX_EVENTS + 1))).toEqual({
      festivals: ['Berlinale 2008', 'TIFF 2008'],
      firstDay: null,
      lastDay: null,
    });
  });
});
