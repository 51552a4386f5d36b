import { useState } from 'preact/hooks';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { SubscribeFeed } from './subscribe-feed.tsx';
import { errorText } from '../../core/error-text.ts';

const MAX_BACKUP_BYTES = 20 * 1024 * 1024;

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Back up and restore the user's own data as one JSON file; clear the listings cache. */
export function DataPanel() {
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [feeds, setFeeds] = useState<string[]>([]);
  const report = (error: boolean, text: string) => setMessage({ error, text });
  const failed = (e: unknown) => report(true, errorText(e));

  const backup = async () => {
    const data = await send('exportBackup', {});
    download(`afterparty-backup-${data.exportedAt.slice(0, 10)}.json`, `${JSON.stringify(data, null, 2)}\n`);
    report(false, t('ui_backupDone', data.saved.length, data.userEvents.length, data.userFilms.length));
  };

  const restore = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_BACKUP_BYTES) return report(true, t('ui_restoreTooBig'));
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      return report(true, t('ui_restoreNotJson'));
    }
    const counts = await send('restoreBackup', { backup: document });
    const words = [t('ui_restoreDone', counts.saved, counts.corrections, counts.userEvents, counts.userFilms)];
    if (counts.savedNotSubscribed > 0) words.push(t('deviceSync_restoreSavedWaiting', counts.savedNotSubscribed));
    if (counts.savedNotFound > 0) words.push(t('deviceSync_restoreSavedNotFound', counts.savedNotFound));
    report(false, words.join(' '));
    setFeeds(counts.feedsToSubscribe);
  };

  const clear = async () => {
    if (!confirm(t('ui_clearCacheConfirm'))) return;
    await send('clearCache', {});
    report(false, t('ui_clearCacheRefilling'));
  };

  return (
    <section aria-labelledby="data-heading" class="panel-section">
      <h2 id="data-heading">{t('ui_dataHeading')}</h2>
      <p class="hint">{t('ui_dataHint')}</p>
      <div class="data-actions">
        <button type="button" class="ap-button" onClick={() => backup().catch(failed)}>
          {t('ui_backup')}
        </button>
        <label class="ap-button file-button">
          {t('ui_restore')}
          <input
            type="file"
            accept="application/json,.json"
            class="ap-sr"
            onChange={(e) => restore(e.currentTarget).catch(failed)}
          />
        </label>
        <button type="button" class="ap-button" onClick={() => clear().catch(failed)}>
          {t('ui_clearCache')}
        </button>
      </div>
      <p class={message?.error ? 'error' : 'status'} role="status">
        {message?.text ?? ''}
      </p>
      {feeds.length > 0 && (
        <div class="restore-feeds">
          <p>{t('deviceSync_restoreFeeds')}</p>
          <ul>
            {feeds.map((url) => (
              <SubscribeFeed
                key={url}
                url={url}
                onDone={(error) => (error ? report(true, error) : setFeeds((all) => all.filter((u) => u !== url)))}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
