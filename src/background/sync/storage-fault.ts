// IndexedDB failures in words a user can act on. The cached listings are never deleted on a
// fault: a failed write transaction rolls back whole.
import { t } from '../../browser/i18n.ts';

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

/** Plain words for a storage fault, or null when the error is something else. */
export function storageFault(error: unknown): string | null {
  const all = names(error);
  if (isQuotaError(error)) return t('sync_faultQuota');
  // Firefox refuses IndexedDB with InvalidStateError in private windows (before 115) and with
  // SecurityError when the user blocks site storage.
  if (
    all.some((n) => /^(?:MissingAPIError|InvalidStateError|SecurityError|OpenFailedError|DatabaseClosedError)$/.test(n))
  )
    return t('sync_faultUnavailable');
  if (all.some((n) => /^(?:VersionError|UpgradeError|BlockedError)$/.test(n))) return t('sync_faultBlocked');
  return null;
}

export function describeError(error: unknown): string {
  return storageFault(error) ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Reports a schema upgrade blocked by an older Afterparty page still holding the database
 * open, and clears the report once the database opens.
 */
export function watchStorage(
  db: { on(event: 'blocked', listener: () => void): void; on(event: 'ready', listener: () => void): void },
  report: (words: string | null) => void,
): void {
  db.on('blocked', () => report(t('sync_faultBlocked')));
  db.on('ready', () => report(null));
}
