// A feed to subscribe to that came from elsewhere (another browser, a backup): the origin is
// asked for inside the click, as the feeds section does, since browsers refuse a prompt later.
import { requestFeedPermission } from '../../browser/feed-permission.ts';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';

/** `allowed`: the origin is already allowed, so the click subscribes without the browser's prompt. */
export function SubscribeFeed({
  url,
  allowed = false,
  onDone,
}: {
  url: string;
  allowed?: boolean;
  onDone: (error: string | null) => void;
}) {
  const subscribe = () => {
    requestFeedPermission(url)
      .then(() => send('addFeed', { url }))
      .then(
        () => onDone(null),
        (e: unknown) => onDone(errorText(e)),
      );
  };
  return (
    <li>
      <span class="feed-address">{url}</span>{' '}
      <button type="button" class="ap-button" onClick={subscribe}>
        {t(allowed ? 'deviceSync_subscribeFeed' : 'deviceSync_allowFeed')}
      </button>
    </li>
  );
}
