// The feeds and calendars a web page links to, offered when the address typed gives the page:
// each is subscribed to as any address is, its origin asked for inside the click.
import { requestFeedPermission } from '../../browser/feed-permission.ts';
import { plural, t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';
import type { FeedStatus, FoundFeedLink } from '../../messages/index.ts';

export function FoundFeeds({
  found,
  onAdded,
  onError,
}: {
  found: FoundFeedLink[];
  onAdded: (feed: FeedStatus) => void;
  onError: (text: string) => void;
}) {
  const subscribe = (url: string) => {
    requestFeedPermission(url)
      .then(() => send('addFeed', { url }))
      .then(
        ({ feed }) => onAdded(feed),
        (e: unknown) => onError(errorText(e)),
      );
  };
  return (
    <div class="found-feeds" role="group" aria-labelledby="found-feeds-intro">
      <p id="found-feeds-intro">{plural('subscribe_foundIntro', found.length)}</p>
      <ul class="found-feed-list">
        {found.map(({ url, title, kind }) => (
          <li key={url} class="found-feed">
            <span class="found-feed-kind">
              {t(kind === 'ical' ? 'subscribe_foundKindIcal' : 'subscribe_foundKindJson')}
            </span>{' '}
            {title && <span class="found-feed-title">{title} </span>}
            <bdi dir="ltr" class="feed-address">
              {url}
            </bdi>{' '}
            <button
              type="button"
              class="ap-button"
              aria-label={t('subscribe_subscribeTo', title ?? url)}
              onClick={() => subscribe(url)}
            >
              {t('subscribe_subscribe')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
