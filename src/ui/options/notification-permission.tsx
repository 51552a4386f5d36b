// Whether reminders can show: the optional `notifications` permission, asked when the user turns
// reminders on or sets one, never at install; this line says which, and asks again on a click.
import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { t } from '../../browser/i18n.ts';
import { askForNotifications, notificationsAllowed } from '../../browser/notifications.ts';

export function NotificationPermission() {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    const read = () => void notificationsAllowed().then(setAllowed, () => setAllowed(false));
    read();
    browser.permissions.onAdded.addListener(read);
    browser.permissions.onRemoved.addListener(read);
    return () => {
      browser.permissions.onAdded.removeListener(read);
      browser.permissions.onRemoved.removeListener(read);
    };
  }, []);
  if (allowed === null) return null;
  return (
    <p class="field notification-permission" id="notification-permission">
      {allowed ? t('remind_permissionGranted') : t('remind_permissionMissing')}{' '}
      {!allowed && (
        <button type="button" onClick={() => void askForNotifications().then(setAllowed)}>
          {t('remind_allow')}
        </button>
      )}
    </p>
  );
}
