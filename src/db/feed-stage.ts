// Staging a large feed: the new generation is written into the feed's idle slot in chunks,
// each chunk in its own transaction together with the job's cursor, so a worker stopped at
// any point leaves the live slot whole and the next sync resumes where this one stopped.
import type { Table } from 'dexie';
import type { AfterpartyDb, FeedRow } from './database.ts';
import { clearSlot, clearSlotChunk, otherSlot, slotTables, syncStateOf, type RowTable } from './feed-slots.ts';
import type { FeedRowPatch, FeedRows } from './feed-store.ts';
import type { FeedSyncState, Slot, StageJobRow } from './feed-sync-state.ts';

/** The staging job a stopped worker left for this feed, if any: the next sync resumes it. */
export async function stageJobOf(db: AfterpartyDb, feedId: string): Promise<StageJobRow | undefined> {
  return db.stageJobs.get(feedId);
}

export async function stagedFeedIds(db: AfterpartyDb): Promise<Set<string>> {
  return new Set((await db.stageJobs.toArray()).map((job) => job.feedId));
}

/** Drops a job whose stored body no longer reads as a feed; the idle slot is emptied by the next job. */
export async function dropStageJob(db: AfterpartyDb, feedId: string): Promise<void> {
  await db.stageJobs.delete(feedId);
}

/** Starts (or restarts) staging a generation into the feed's idle slot. */
export async function beginStage(
  db: AfterpartyDb,
  job: Omit<StageJobRow, 'generation' | 'slot' | 'phase' | 'cursor'>,
): Promise<StageJobRow> {
  let created: StageJobRow | undefined;
  await db.transaction('rw', [db.feeds, db.stageJobs], async () => {
    const state = syncStateOf(await db.feeds.get(job.feedId));
    created = { ...job, generation: state.generation + 1, slot: otherSlot(state.slot), phase: 'clear', cursor: 0 };
    await db.stageJobs.put(created);
  });
  return created as StageJobRow;
}

function flatten(rows: FeedRows): Array<[RowTable, { key: string }]> {
  return [
    ...rows.festivals.map((r) => ['festivals', r] as [RowTable, { key: string }]),
    ...rows.films.map((r) => ['films', r] as [RowTable, { key: string }]),
    ...rows.events.map((r) => ['events', r] as [RowTable, { key: string }]),
  ];
}

/**
 * Does one chunk of a job: empties the idle slot of leftovers, then writes rows. Resolves
 * to the job as it now stands, or null once every row is written (ready to switch).
 */
export async function stageChunk(
  db: AfterpartyDb,
  job: StageJobRow,
  rows: FeedRows,
  chunk: number,
): Promise<StageJobRow | null> {
  if (job.phase === 'clear') {
    const deleted = await clearSlotChunk(db, job.feedId, job.slot, chunk);
    const next: StageJobRow = deleted === 0 ? { ...job, phase: 'write', cursor: 0 } : job;
    if (deleted === 0) await db.stageJobs.put(next);
    return next;
  }
  const flat = flatten(rows);
  if (job.cursor >= flat.length) return null;
  const tables = slotTables(db, job.slot);
  const slice = flat.slice(job.cursor, job.cursor + chunk);
  const next: StageJobRow = { ...job, cursor: job.cursor + slice.length };
  await db.transaction('rw', [tables.festivals, tables.films, tables.events, db.stageJobs], async () => {
    const current = await db.stageJobs.get(job.feedId);
    // Another sync restarted the job (a newer body): this chunk belongs to nothing.
    if (!current || current.generation !== job.generation || current.cursor !== job.cursor) throw new StaleStageError();
    for (const name of ['festivals', 'films', 'events'] as RowTable[]) {
      const mine = slice.filter(([t]) => t === name).map(([, row]) => row);
      if (mine.length > 0) await (tables[name] as unknown as Table<{ key: string }, string>).bulkPut(mine);
    }
    await db.stageJobs.put(next);
  });
  return next.cursor >= flat.length ? null : next;
}

export class StaleStageError extends Error {
  constructor() {
    super('This staging job was replaced by a newer one');
  }
}

/**
 * Makes the staged generation live: one small transaction over the feed row and the job. The
 * generation it replaces is invisible from then on; its slot is then emptied in small steps.
 */
export async function switchToStaged(
  db: AfterpartyDb,
  job: StageJobRow,
  row: Omit<FeedRow, 'sync' | keyof FeedRowPatch> & FeedRowPatch,
  sync: Partial<FeedSyncState>,
  chunk = 2_000,
): Promise<FeedRow> {
  let stored: FeedRow | undefined;
  let retired: Slot = otherSlot(job.slot);
  await db.transaction('rw', [db.feeds, db.stageJobs], async () => {
    const current = await db.stageJobs.get(job.feedId);
    if (!current || current.generation !== job.generation) throw new StaleStageError();
    const previous = syncStateOf(await db.feeds.get(job.feedId));
    retired = previous.slot;
    stored = { ...row, sync: { ...previous, ...sync, slot: job.slot, generation: job.generation } };
    await db.feeds.put(stored);
    await db.stageJobs.delete(job.feedId);
  });
  await clearSlot(db, job.feedId, retired, chunk);
  return stored as FeedRow;
}

/**
 * Gives a job up (the disk is full): drops it with its stored body and empties the idle slot
 * it was filling, so the space comes back. The live slot is never touched.
 */
export async function abandonStage(db: AfterpartyDb, job: StageJobRow, chunk = 2_000): Promise<void> {
  let idle = false;
  await db.transaction('rw', [db.feeds, db.stageJobs], async () => {
    const current = await db.stageJobs.get(job.feedId);
    if (current?.generation === job.generation) await db.stageJobs.delete(job.feedId);
    idle = syncStateOf(await db.feeds.get(job.feedId)).slot !== job.slot;
  });
  if (idle) await clearSlot(db, job.feedId, job.slot, chunk);
}
