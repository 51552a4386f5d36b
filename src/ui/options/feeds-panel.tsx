// The options page's "Feeds" section: subscribe by URL, sync now, and each feed's state.
import { useEffect, useState } from 'preact/hooks';
import type { FeedStatus } from '../../messages/index.ts';
import { feedOrigin } from '../../core/feed/index.ts';
import { requestFeedPermission } from '../../browser/feed-permission.ts';
import { t, uiLocale } from '../../browser/i18n.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';
import { RemoveFeed } from './remove-feed.tsx';

type Note = { kind: 'none' } | { kind: 'ok'; text: string } | { kind: 'error'; text: string };

function FeedItem({
  feed,
  onChange,
  onNote,
}: {
  feed: FeedStatus;
  onChange: () => void;
  onNote: (note: Note) => void;
}) {
  const act = (work: Promise<unknown>) =>
    work.then(onChange, (e: unknown) => onNote({ kind: 'error', text: errorText(e) }));
  const titleId = `feed-title-${feed.id}`;
  return (
    <li class="feed" aria-labelledby={titleId}>
      <h3 id={titleId}>{feed.title}</h3>
      <p class="feed-facts">
        <span class="feed-kind">{t(feed.kind === 'ical' ? 'sync_kindIcal' : 'sync_kindJson')}</span>
        {feed.builtIn && ` · ${t('sync_builtIn')}`}
        {' · '}
        <span class="feed-count">
          {feed.eventCount === 1 ? t('sync_eventCountOne') : t('sync_eventCount', feed.eventCount)}
        </span>
        {' · '}
        <span class="feed-synced">
          {feed.lastSync
            ? t('sync_lastSync', new Date(feed.lastSync).toLocaleString(uiLocale()))
            : t('sync_neverSynced')}
        </span>
      </p>
      {feed.lastError && <p class="error feed-error">{t('sync_lastError', feed.lastError)}</p>}
      {feed.warning && feed.warning !== feed.lastError && <p class="feed-warning">{feed.warning}</p>}
      {feed.problems.length > 0 && (
        <details>
          <summary>{t('sync_skipped', feed.problems.length)}</summary>
          <ul>
            {feed.problems.slice(0, 200).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </details>
      )}
      <div class="feed-actions">
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={feed.enabled}
            aria-describedby={titleId}
            onChange={(e) => act(send('setFeedEnabled', { id: feed.id, enabled: e.currentTarget.checked }))}
          />{' '}
          {t('sync_enabled')}
        </label>
        {!feed.builtIn && <RemoveFeed feed={feed} titleId={titleId} act={act} />}
      </div>
    </li>
  );
}

export function FeedsPanel() {
  const [feeds, setFeeds] = useState<FeedStatus[] | null>(null);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState<'none' | 'adding' | 'syncing'>('none');
  const [note, setNote] = useState<Note>({ kind: 'none' });

  const refresh = () =>
    send('getFeeds', {}).then(
      (r) => setFeeds(r.feeds),
      (e: unknown) => setNote({ kind: 'error', text: t('sync_readFailed', errorText(e)) }),
    );
  // Re-read when feeds change elsewhere, e.g. refilling after "Clear the cache".
  const revision = useDataRevision();
  useEffect(() => void refresh(), [revision]);

  const add = (event: Event) => {
    event.preventDefault();
    if (!feedOrigin(url)) return setNote({ kind: 'error', text: t('sync_errorBadUrl') });
    setBusy('adding');
    // Asked first, inside the click's user gesture: browsers refuse permission prompts later.
    requestFeedPermission(url)
      .then(() => send('addFeed', { url }))
      .then(
        ({ feed }) => {
          setUrl('');
          setNote({ kind: 'ok', text: t('sync_added', feed.title) });
          return refresh();
        },
        (e: unknown) => setNote({ kind: 'error', text: errorText(e) }),
      )
      .finally(() => setBusy('none'));
  };

  const syncNow = () => {
    setBusy('syncing');
    send('syncNow', {})
      .then(
        (r) => {
          setFeeds(r.feeds);
          setNote(r.errors.length > 0 ? { kind: 'error', text: r.errors.join(' ') } : { kind: 'none' });
        },
        (e: unknown) => setNote({ kind: 'error', text: errorText(e) }),
      )
      .finally(() => setBusy('none'));
  };

  return (
    <section aria-labelledby="feeds-heading" class="panel-section feeds-panel">
      <h2 id="feeds-heading">{t('sync_feedsHeading')}</h2>
      <form class="feed-add" onSubmit={add}>
        <label for="feed-url">{t('sync_feedUrl')}</label>
        <input
          id="feed-url"
          type="url"
          inputMode="url"
          required
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
          placeholder="https://"
        />
        <button type="submit" class="ap-button" disabled={busy !== 'none'}>
          {busy === 'adding' ? t('sync_adding') : t('sync_addFeed')}
        </button>
        <button type="button" class="ap-button" disabled={busy !== 'none'} onClick={syncNow}>
          {busy === 'syncing' ? t('sync_syncing') : t('sync_syncNow')}
        </button>
      </form>
      <p role={note.kind === 'error' ? 'alert' : 'status'} class={note.kind === 'error' ? 'error' : 'note'}>
        {note.kind === 'none' ? '' : note.text}
      </p>
      {feeds && (
        <ul class="feeds">
          {feeds.map((feed) => (
            <FeedItem key={feed.id} feed={feed} onChange={refresh} onNote={setNote} />
          ))}
        </ul>
      )}
    </section>
  );
}
