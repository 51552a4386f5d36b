// "Sync between your browsers": the switch, what is sent and to whom, how much of the browser's
// sync space the plan takes, what stayed on this device and why, and what another browser
// changed that waits for a click here (its feeds, a privacy setting it turned off).
import { useEffect, useState } from 'preact/hooks';
import type { DeviceSyncStatus } from '../../messages/index.ts';
import { t, uiLocale } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { DeviceSyncLeftOut } from './device-sync-left-out.tsx';
import { DeviceSyncOffers } from './device-sync-offers.tsx';
import { errorText } from '../../core/error-text.ts';
import { KIND_SHARE_BYTES } from '../../core/device-sync/index.ts';

const kb = (bytes: number) => Math.ceil(bytes / 1024);

const REASON_WORDS = {
  full: 'deviceSync_reason_full',
  share: 'deviceSync_reason_share',
  'too-big': 'deviceSync_reason_tooBig',
} as const;

export function DeviceSyncPanel() {
  const [status, setStatus] = useState<DeviceSyncStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revision = useDataRevision();
  const refresh = () => send('getDeviceSync', {}).then(setStatus, (e: unknown) => setError(errorText(e)));
  useEffect(() => void refresh(), [revision]);

  const [saving, setSaving] = useState(false);
  // The switch shows what the worker keeps: a click puts it back until the change is saved (then
  // the status moves it), so a refused change never leaves it showing what was not kept.
  const toggle = (input: HTMLInputElement) => {
    const enabled = input.checked;
    input.checked = !enabled;
    setSaving(true);
    void send('setDeviceSync', { enabled })
      .then(
        (next) => {
          setError(null);
          setStatus(next);
        },
        (e: unknown) => setError(errorText(e)),
      )
      .finally(() => setSaving(false));
  };

  return (
    <section aria-labelledby="device-sync-heading" class="panel-section device-sync">
      <h2 id="device-sync-heading">{t('deviceSync_heading')}</h2>
      <label class="device-sync-switch">
        <input
          type="checkbox"
          role="switch"
          checked={status?.enabled ?? true}
          disabled={!status || saving}
          aria-busy={saving}
          aria-describedby="device-sync-what"
          onChange={(e) => toggle(e.currentTarget)}
        />{' '}
        {t('deviceSync_switch')}
      </label>
      <p id="device-sync-what" class="hint">
        {t('deviceSync_what')}
      </p>
      <p class="hint">{t('deviceSync_off')}</p>
      {status?.enabled && (
        <p class="device-sync-usage" role="status">
          {t('deviceSync_usage', kb(status.bytes), kb(status.quotaBytes))}
          {status.lastSync && ` · ${t('deviceSync_lastSync', new Date(status.lastSync).toLocaleString(uiLocale()))}`}
        </p>
      )}
      {status?.enabled && status.stayedLocal.length > 0 && (
        <div class="error device-sync-quota" role="alert">
          <p>{t('deviceSync_stayedHeading')}</p>
          <ul>
            {status.stayedLocal.map(({ kind, reason, count }) => (
              <li key={`${kind} ${reason}`}>
                {t(
                  REASON_WORDS[reason],
                  t(`deviceSync_kind_${kind}`),
                  count,
                  kb(reason === 'share' ? (KIND_SHARE_BYTES[kind] ?? 0) : status.quotaBytes),
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {status?.enabled && status.error && (
        <p class="error" role="alert">
          {t('deviceSync_refused', status.error)}
        </p>
      )}
      {status?.enabled && (
        <DeviceSyncOffers
          status={status}
          onDone={(e) => {
            setError(e);
            void refresh();
          }}
        />
      )}
      {status?.enabled &&
        status.failedFeeds.map(({ url, reason }) => (
          <p key={url} class="error">
            {t('deviceSync_feedFailed', url, reason)}
          </p>
        ))}
      {status?.enabled && <DeviceSyncLeftOut status={status} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
