// What another browser asked for that this one does not do without a click: a privacy setting
// it turned off (a page that could plant a record, or a device that should stay private, would
// otherwise switch it off everywhere) and the feeds it subscribed to (an address on a public
// calendar host can be anyone's, and subscribing fetches it at once).
import type { DeviceSyncStatus } from '../../messages/index.ts';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';
import { SubscribeFeed } from './subscribe-feed.tsx';

export function DeviceSyncOffers({
  status,
  onDone,
}: {
  status: DeviceSyncStatus;
  onDone: (error: string | null) => void;
}) {
  const take = (name: string, value: unknown) =>
    send('setSettings', { patch: { [name]: value } }).then(
      () => onDone(null),
      (e: unknown) => onDone(errorText(e)),
    );
  return (
    <>
      {status.offeredSettings.length > 0 && (
        <ul class="device-sync-settings">
          {status.offeredSettings.map(({ name, value }) => (
            <li key={name}>
              {t('deviceSync_settingOffered', t(`ui_${name}`))}{' '}
              <button type="button" class="ap-button" onClick={() => void take(name, value)}>
                {t('deviceSync_settingTake')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {status.waitingFeeds.length > 0 && (
        <div class="device-sync-waiting">
          <p>{t('deviceSync_waitingHeading')}</p>
          <ul>
            {status.waitingFeeds.map((url) => (
              <SubscribeFeed key={url} url={url} allowed={status.allowedFeeds.includes(url)} onDone={onDone} />
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
