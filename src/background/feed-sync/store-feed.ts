// The store part of a sync: writes a feed's new rows. Up to `stageThreshold` changed rows go in
// one transaction (replaceFeed); more are staged into the feed's idle slot in chunks and then
// switched in (src/db/feed-stage.ts), so a worker stopped halfway leaves the live rows whole.
import {
  abandonStage,
  beginStage,
  countChanges,
  feedRows,
  patchFor,
  replaceFeed,
  rowCount,
  stageChunk,
  switchToStaged,
  type AfterpartyDb,
  type FeedRow,
  type FeedRows,
  type StageJobRow,
} from '../../db/index.ts';
import type { FeedDocument } from './feed-document.ts';
import { storedState, type BodyStamp } from './feed-schedule.ts';
import { isQuotaError } from './storage-fault.ts';

export interface StoreDeps {
  db: AfterpartyDb;
  clock: () => number;
  stageThreshold: number;
  chunkSize: number;
  /** Renews the sync's lease; called after every chunk. */
  renew: () => Promise<unknown>;
}

/** A downloaded body that read as a feed. */
export interface Fetched extends BodyStamp {
  body: string;
}

export function createFeedStore({ db, clock, stageThreshold, chunkSize, renew }: StoreDeps) {
  async function stage(
    job: StageJobRow,
    rows: FeedRows,
    feed: FeedRow,
    doc: FeedDocument,
    catalogHash: string | null,
  ): Promise<number> {
    let current: StageJobRow | null = job;
    try {
      while (current) {
        current = await stageChunk(db, current, rows, chunkSize);
        await renew();
      }
    } catch (error) {
      // A full disk will not empty itself: resuming would only fill it again. Free what the job
      // took (its body, the half-filled idle slot); the next sync downloads afresh.
      if (isQuotaError(error)) await abandonStage(db, job, chunkSize).catch(() => undefined);
      throw error;
    }
    const { id, url, builtIn } = feed;
    const now = clock();
    const row = { id, url, builtIn, lastSync: new Date(now).toISOString(), lastError: null };
    const stamp = { etag: job.etag, lastModified: job.lastModified, contentHash: job.contentHash, catalogHash };
    const patch = patchFor(doc.feed, doc.problems, rows);
    await switchToStaged(db, job, { ...row, ...patch }, storedState(doc, stamp, now), chunkSize);
    return rowCount(rows);
  }

  return {
    /** Stores a new body; resolves to the rows put or deleted. */
    async store(feed: FeedRow, doc: FeedDocument, fetched: Fetched): Promise<number> {
      const rows = feedRows(feed.id, doc.feed, doc.links);
      if (rowCount(rows) > stageThreshold && (await countChanges(db, feed.id, rows)) > stageThreshold) {
        const job = await beginStage(db, {
          feedId: feed.id,
          body: fetched.body,
          kind: doc.kind,
          contentHash: fetched.contentHash,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          startedAt: new Date(clock()).toISOString(),
        });
        return stage(job, rows, feed, doc, fetched.catalogHash);
      }
      const meta = { id: feed.id, url: feed.url, builtIn: feed.builtIn, problems: doc.problems };
      const result = await replaceFeed(db, meta, doc.feed, new Date(clock()), {
        links: doc.links,
        sync: storedState(doc, fetched, clock()),
      });
      return result.written;
    },
    /** Finishes a job a stopped worker left, from its stored body read again. */
    resume(job: StageJobRow, feed: FeedRow, doc: FeedDocument, catalogHash: string | null): Promise<number> {
      return stage(job, feedRows(feed.id, doc.feed, doc.links), feed, doc, catalogHash);
    },
  };
}
