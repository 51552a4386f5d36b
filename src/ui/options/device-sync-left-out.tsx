// What this browser did not take from the others, record by record, with why: a record it
// cannot read, and one whose change time it does not believe (not a time, or far ahead of this
// clock), which would otherwise fail every round or expire every deletion without a word.
import type { DeviceSyncStatus } from '../../messages/index.ts';
import { plural, t } from '../../browser/i18n.ts';
import { KIND_PREFIX, kindOf } from '../../core/device-sync/index.ts';

/** The record's kind in words and the rest of its id, which names the event, film or setting. */
function recordName(id: string): string {
  const kind = kindOf(id);
  return kind ? t('deviceSync_recordName', t(`deviceSync_kind_${kind}`), id.slice(KIND_PREFIX[kind].length)) : id;
}

/** At most this many reasons are listed; the count says how many there are. */
const SHOWN = 20;

export function DeviceSyncLeftOut({ status }: { status: DeviceSyncStatus }) {
  if (status.refused.length + status.skipped.length === 0) return null;
  return (
    <div class="device-sync-left-out">
      {status.refused.length > 0 && (
        <div class="error" role="alert">
          <p>{plural('deviceSync_refusedHeadingCount', status.refused.length)}</p>
          <ul>
            {status.refused.slice(0, SHOWN).map(({ id, reason }) => (
              <li key={id}>
                <bdi>{recordName(id)}</bdi>
                {': '}
                {t(reason === 'time-ahead' ? 'deviceSync_timeAhead' : 'deviceSync_timeInvalid')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {status.skipped.length > 0 && (
        <div class="hint">
          <p>{plural('deviceSync_skippedCount', status.skipped.length)}</p>
          <ul>
            {status.skipped.slice(0, SHOWN).map((reason, i) => (
              <li key={i}>
                <bdi>{reason}</bdi>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
