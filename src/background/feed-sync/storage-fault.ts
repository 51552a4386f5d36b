// IndexedDB failures as reasons a user can act on. The cached listings are never deleted on a
// fault: a failed write transaction rolls back whole.
import type { SyncReason } from '../../db/index.ts';

function names(error: unknown): string[] {
  const out: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const record = e as { name?: unknown; inner?: unknown; cause?: unknown };
    if (typeof record.name === 'string') out.push(record.name);
    e = record.inner ?? record.cause;
  }
  return out;
}

export function isQuotaError(error: unknown): boolean {
  return names(error).some((n) => /QuotaExceeded/i.test(n));
}

/** The storage fault behind an error, or null when the error is something else. */
export function storageFault(error: unknown): SyncReason | null {
  const all = names(error);
  if (isQuotaError(error)) return { code: 'storage-quota' };
  // Firefox refuses IndexedDB with InvalidStateError in private windows (before 115) and with
  // SecurityError when the user blocks site storage.
  if (
    all.some((n) => /^(?:MissingAPIError|InvalidStateError|SecurityError|OpenFailedError|DatabaseClosedError)$/.test(n))
  )
    return { code: 'storage-unavailable' };
  if (all.some((n) => /^(?:VersionError|UpgradeError|BlockedError)$/.test(n))) return { code: 'storage-blocked' };
  return null;
}

/**
 * Reports a schema upgrade blocked by an older Afterparty page still holding the database
 * open, and clears the report once the database opens.
 */
export function watchStorage(
  db: { on(event: 'blocked', listener: () => void): void; on(event: 'ready', listener: () => void): void },
  report: (reason: SyncReason | null) => void,
): void {
  db.on('blocked', () => report({ code: 'storage-blocked' }));
  db.on('ready', () => report(null));
}
