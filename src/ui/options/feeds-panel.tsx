// The options page's "Feeds" section: subscribe by address (https assumed, a page's linked
// feeds offered), refresh every feed, and each feed's state.
import { useEffect, useState } from 'preact/hooks';
import type { FeedStatus, FoundFeedLink } from '../../messages/index.ts';
import { feedAddress } from '../../core/feed/index.ts';
import { requestFeedPermission } from '../../browser/feed-permission.ts';
import { t } from '../../browser/i18n.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';
import { FeedItem } from './feed-item.tsx';
import { FoundFeeds } from './found-feeds.tsx';

type Note = { kind: 'none' } | { kind: 'ok'; text: string } | { kind: 'error'; text: string };

export function FeedsPanel() {
  const [feeds, setFeeds] = useState<FeedStatus[] | null>(null);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState<'none' | 'adding' | 'syncing'>('none');
  const [note, setNote] = useState<Note>({ kind: 'none' });
  const [found, setFound] = useState<FoundFeedLink[]>([]);

  const refresh = () =>
    send('getFeeds', {}).then(
      (r) => setFeeds(r.feeds),
      (e: unknown) => setNote({ kind: 'error', text: t('sync_readFailed', errorText(e)) }),
    );
  // Re-read when feeds change elsewhere, e.g. refilling after "Clear the cache".
  const revision = useDataRevision();
  useEffect(() => void refresh(), [revision]);

  const added = (feed: FeedStatus) => {
    setUrl('');
    setFound([]);
    setNote({ kind: 'ok', text: t('sync_added', feed.title) });
    return refresh();
  };
  const failed = (text: string) => setNote({ kind: 'error', text });

  const add = (event: Event) => {
    event.preventDefault();
    // A new attempt starts clean: the last one's error or offer is not this one's.
    setNote({ kind: 'none' });
    setFound([]);
    const address = feedAddress(url);
    // Refused before any permission is asked: there is nothing to ask for.
    if (!address.ok) return failed(t(address.code === 'insecure-url' ? 'sync_errorInsecureUrl' : 'sync_errorBadUrl'));
    setBusy('adding');
    // Asked first, inside the click's user gesture: browsers refuse permission prompts later.
    requestFeedPermission(address.url)
      .then(() => send('addFeedOrFind', { url: address.url }))
      .then(
        (result) => ('feed' in result ? added(result.feed) : setFound(result.found)),
        (e: unknown) => failed(errorText(e)),
      )
      .finally(() => setBusy('none'));
  };

  const refreshAll = () => {
    setBusy('syncing');
    setNote({ kind: 'none' });
    send('syncNow', {})
      .then(
        (r) => {
          setFeeds(r.feeds);
          setNote(r.errors.length > 0 ? { kind: 'error', text: r.errors.join(' ') } : { kind: 'none' });
        },
        (e: unknown) => failed(errorText(e)),
      )
      .finally(() => setBusy('none'));
  };

  return (
    <section aria-labelledby="feeds-heading" class="panel-section feeds-panel">
      <h2 id="feeds-heading">{t('sync_feedsHeading')}</h2>
      {/* noValidate: the address is checked here, in words, not by the browser's "Please enter a URL." */}
      <form class="feed-add" onSubmit={add} noValidate>
        <label for="feed-url">{t('subscribe_address')}</label>
        <input
          id="feed-url"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellcheck={false}
          aria-describedby="feed-url-hint"
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
          placeholder="festival.example/parties.ics"
        />
        <button type="submit" class="ap-button" disabled={busy !== 'none'}>
          {busy === 'adding' ? t('sync_adding') : t('sync_addFeed')}
        </button>
        <button type="button" class="ap-button" disabled={busy !== 'none'} onClick={refreshAll}>
          {busy === 'syncing' ? t('subscribe_refreshing') : t('subscribe_refreshAll')}
        </button>
      </form>
      <p id="feed-url-hint" class="hint">
        {t('subscribe_addressHint')}{' '}
        <a href="welcome.html#add-listings" target="_blank">
          {t('subscribe_firstRun')}
        </a>
      </p>
      <p role={note.kind === 'error' ? 'alert' : 'status'} class={note.kind === 'error' ? 'error' : 'note'}>
        {note.kind === 'none' ? '' : note.text}
      </p>
      {found.length > 0 && <FoundFeeds found={found} onAdded={(feed) => void added(feed)} onError={failed} />}
      {feeds && (
        <ul class="feeds">
          {feeds.map((feed) => (
            <FeedItem key={feed.id} feed={feed} onChange={refresh} onError={failed} />
          ))}
        </ul>
      )}
    </section>
  );
}
