// The words a user reads for a sync's reason codes, so the tests hold the engine to the same
// messages the options page and the popup show.
import { describeSyncReason } from '../../../src/background/handlers/sync-reason.ts';
import { reasonOf } from '../../../src/background/feed-sync/sync-error.ts';
import type { StoredReason } from '../../../src/db/index.ts';

export function said(reason: StoredReason | null | undefined): string | null {
  return reason === null || reason === undefined ? null : describeSyncReason(reason);
}

/** The words of a refusal (a rejected addFeed or removeFeed); fails when `work` succeeds. */
export async function refusal(work: Promise<unknown>): Promise<string> {
  return work.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => describeSyncReason(reasonOf(error)),
  );
}
