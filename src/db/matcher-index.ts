// The worker's compiled title matcher (core/matching/stored-index.ts), kept between worker lives
// so a stopped worker woken by a page reads one row instead of every film and compiling. A cache:
// one row, replaced with each catalog change; losing it costs one build, never data.
import type { AfterpartyDb, MatcherIndexRow } from './database.ts';

export type { MatcherIndexRow };

/** The stored matcher, if any. */
export async function readMatcherIndex(db: AfterpartyDb): Promise<MatcherIndexRow | undefined> {
  return db.matcherIndex.get('current');
}

export async function writeMatcherIndex(db: AfterpartyDb, row: Omit<MatcherIndexRow, 'id'>): Promise<void> {
  await db.matcherIndex.put({ id: 'current', ...row });
}

export async function dropMatcherIndex(db: AfterpartyDb): Promise<void> {
  await db.matcherIndex.delete('current');
}
