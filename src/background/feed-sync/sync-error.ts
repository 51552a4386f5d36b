// Failures as reason codes. A refusal (an address that is not a feed, a duplicate) is thrown as
// a SyncError; any other error is turned into a reason where it is caught.
import type { SyncReason } from '../../db/index.ts';
import { storageFault } from './storage-fault.ts';
import { errorText } from '../../core/error-text.ts';

/** A failure the sync reports with its reason (a refused address, a duplicate feed…). */
export class SyncError extends Error {
  readonly reason: SyncReason;
  constructor(reason: SyncReason, options?: ErrorOptions) {
    super(`sync failed: ${reason.code}`, options);
    this.reason = reason;
  }
}

/** The reason for any error: its own, a storage fault's, or its message. */
export function reasonOf(error: unknown): SyncReason {
  if (error instanceof SyncError) return error.reason;
  return storageFault(error) ?? { code: 'error', message: errorText(error) };
}
