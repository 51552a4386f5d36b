// The popup's one line about feed sync, with "Sync now".
import { useEffect, useState } from 'preact/hooks';
import type { SyncLine } from '../../messages/index.ts';
import { plural, t, uiLocale } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';
import { BuiltInOnlyLine } from './popup-links.tsx';

/** No feed subscribed and nothing else to say: the line leads to the options (BuiltInOnlyLine). */
const builtInOnly = (line: SyncLine) => !line.fault && !line.running && line.failing === 0 && line.feeds === 0;

function syncLineText(line: SyncLine): string {
  if (line.fault) return line.fault;
  if (line.running) return t('sync_syncing');
  if (line.failing > 0) return plural('sync_statusFailingCount', line.failing);
  if (line.feeds === 0) return t('sync_statusBuiltInOnly');
  if (!line.lastSync) return t('sync_statusNever');
  return t(
    'sync_statusOk',
    new Date(line.lastSync).toLocaleString(uiLocale(), { dateStyle: 'medium', timeStyle: 'short' }),
  );
}

export function SyncStatus() {
  const [line, setLine] = useState<SyncLine | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);
  const refresh = () => send('getSyncStatus', {}).then(setLine, (e: unknown) => setError(errorText(e)));
  useEffect(() => void refresh(), []);
  const syncNow = () => {
    setSyncing(true);
    setError(null);
    send('syncNow', {})
      .then(
        (r) => setError(r.errors.length > 0 ? r.errors.join(' ') : null),
        (e: unknown) => setError(errorText(e)),
      )
      .then(refresh)
      .finally(() => setSyncing(false));
  };
  return (
    <p class="sync-status" role="status">
      <span class="sync-line">
        {syncing
          ? t('sync_syncing')
          : (error ?? (line ? builtInOnly(line) ? <BuiltInOnlyLine /> : syncLineText(line) : ''))}
      </span>{' '}
      <button type="button" class="ap-button" disabled={syncing} onClick={syncNow}>
        {t('sync_syncNow')}
      </button>
    </p>
  );
}
