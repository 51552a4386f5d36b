// The optional `notifications` permission, reminders' only need: asked when the user turns
// reminders on or sets one (never at install), read by the worker before it sets any alarm.
import browser from 'webextension-polyfill';

const PERMISSION = { permissions: ['notifications' as const] };

export const notificationsAllowed = (): Promise<boolean> => browser.permissions.contains(PERMISSION);

/** Must run inside the user's click or change: browsers refuse a request made later. */
export function askForNotifications(): Promise<boolean> {
  return browser.permissions.request(PERMISSION).catch(() => false);
}
