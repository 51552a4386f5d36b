// One feed on the options page: its title, address, festivals and the days its events span,
// counts and last sync, its errors, and its switch and "Remove" (apart, so neither is hit for
// the other).
import { plural, t, uiLocale } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';
import type { FeedStatus } from '../../messages/index.ts';
import { RemoveFeed } from './remove-feed.tsx';

/** "Sep 4 – 14, 2026" in the catalog's language; the days are the feed's, read at noon UTC. */
function dayRange(first: string, last: string): string {
  const format = new Intl.DateTimeFormat(uiLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const noon = (day: string) => new Date(`${day}T12:00:00Z`);
  return first === last ? format.format(noon(first)) : format.formatRange(noon(first), noon(last));
}

export function FeedItem({
  feed,
  onChange,
  onError,
}: {
  feed: FeedStatus;
  onChange: () => void;
  onError: (text: string) => void;
}) {
  const act = (work: Promise<unknown>) => work.then(onChange, (e: unknown) => onError(errorText(e)));
  const titleId = `feed-title-${feed.id}`;
  return (
    <li class="feed" aria-labelledby={titleId}>
      <h3 id={titleId}>{feed.title}</h3>
      {feed.url && (
        <p class="feed-url">
          {t('subscribe_address_label')}{' '}
          <bdi dir="ltr" class="feed-address">
            {feed.url}
          </bdi>
        </p>
      )}
      {(feed.festivals.length > 0 || feed.firstDay) && (
        <p class="feed-span">
          {feed.festivals.length > 0 && (
            <span class="feed-festivals">{t('subscribe_festivals', feed.festivals.join(', '))}</span>
          )}
          {feed.festivals.length > 0 && feed.firstDay && ' · '}
          {feed.firstDay && feed.lastDay && (
            <span class="feed-days">{t('subscribe_days', dayRange(feed.firstDay, feed.lastDay))}</span>
          )}
        </p>
      )}
      <p class="feed-facts">
        <span class="feed-kind">{t(feed.kind === 'ical' ? 'sync_kindIcal' : 'sync_kindJson')}</span>
        {feed.builtIn && ` · ${t('sync_builtIn')}`}
        {' · '}
        <span class="feed-count">{plural('subscribe_eventCount', feed.eventCount)}</span>
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
          <summary>{plural('subscribe_skipped', feed.problems.length)}</summary>
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
