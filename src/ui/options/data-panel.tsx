import { useState } from 'preact/hooks';
import { plural, t, uiLocale } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import type { Result } from '../../messages/index.ts';
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
  // A restore is checked whole before anything is written (src/db/read-backup.ts): a refusal says so.
  const refused = (why: string) => report(true, t('data_nothingChanged', why));
  const counts = (parts: Array<[string, number]>) =>
    new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(parts.map(([key, n]) => plural(key, n)));

  const backup = async () => {
    const data = await send('exportBackup', {});
    download(`afterparty-backup-${data.exportedAt.slice(0, 10)}.json`, `${JSON.stringify(data, null, 2)}\n`);
    const written = counts([
      ['data_savedEvents', data.saved.length],
      ['data_ownEvents', data.userEvents.length],
      ['data_ownFilms', data.userFilms.length],
    ]);
    report(false, t('data_backupDone', written));
  };

  const restore = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > MAX_BACKUP_BYTES) return refused(t('ui_restoreTooBig'));
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      return refused(t('ui_restoreNotJson'));
    }
    let restored: Result<'restoreBackup'>;
    try {
      restored = await send('restoreBackup', { backup: document });
    } catch (e) {
      return refused(errorText(e));
    }
    const words = [
      t(
        'data_restoreDone',
        counts([
          ['data_savedEvents', restored.saved],
          ['data_corrections', restored.corrections],
          ['data_ownEvents', restored.userEvents],
          ['data_ownFilms', restored.userFilms],
        ]),
      ),
    ];
    if (restored.savedNotSubscribed > 0) words.push(t('deviceSync_restoreSavedWaiting', restored.savedNotSubscribed));
    if (restored.savedNotFound > 0) words.push(t('deviceSync_restoreSavedNotFound', restored.savedNotFound));
    report(false, words.join(' '));
    setFeeds(restored.feedsToSubscribe);
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
