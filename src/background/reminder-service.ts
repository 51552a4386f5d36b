// The browser side of reminders: the alarms and notifications APIs, the plan from IndexedDB, the
// words, and the notification click. The logic is createReminders (reminders.ts), tested apart.
// `notifications` is an optional permission asked when the user first sets a reminder: until it
// is granted the plan asks for no reminder, so nothing is recorded as shown that never was.
import browser from 'webextension-polyfill';
import { eventKeyOfAlarm, type Reminder } from '../core/plan/index.ts';
import { loadReminderState, readReminderInputs, saveReminderState, type AfterpartyDb } from '../db/index.ts';
import { t } from '../browser/i18n.ts';
import { notificationsAllowed } from '../browser/notifications.ts';
import { FOCUS_EVENT_PARAM } from '../messages/index.ts';
import { createReminders, type ReminderEvent, type Reminders } from './reminders.ts';

type NotificationsApi = typeof browser.notifications;
/** Undefined in Chrome until the permission is granted. */
const notificationsApi = (): NotificationsApi | undefined => browser.notifications as NotificationsApi | undefined;

export function reminderText(reminder: Reminder, event: ReminderEvent, now: number) {
  const venue = event.venue?.name;
  const minutes = Math.round(Math.abs(reminder.start - now) / 60_000);
  let message: string;
  if (reminder.start <= now) message = venue ? t('remind_startedAt', minutes, venue) : t('remind_started', minutes);
  else if (reminder.leaveBy && venue) message = t('remind_leaveNow', venue, minutes);
  else message = venue ? t('remind_startsInAt', minutes, venue) : t('remind_startsIn', minutes);
  return { title: event.title, message };
}

/** The popup's page on that event: the action popup cannot be handed which event to show. */
async function openOnEvent(eventKey: string): Promise<void> {
  const url = browser.runtime.getURL(`popup.html?${FOCUS_EVENT_PARAM}=${encodeURIComponent(eventKey)}`);
  await browser.tabs.create({ url });
}

export function startReminders(db: AfterpartyDb): Reminders {
  const reminders = createReminders({
    alarms: browser.alarms,
    notifications: {
      create: async (id, options) => {
        await notificationsApi()?.create(id, options);
      },
    },
    loadState: () => loadReminderState(db),
    saveState: (state) => saveReminderState(db, state),
    async readPlan() {
      const [inputs, allowed] = await Promise.all([readReminderInputs(db), notificationsAllowed()]);
      return allowed ? inputs : { ...inputs, remind: [] };
    },
    clock: Date.now,
    words: {
      reminder: reminderText,
      off: (title, why) => ({ title, message: t(why === 'cancelled' ? 'remind_offCancelled' : 'remind_offRemoved') }),
    },
    iconUrl: browser.runtime.getURL('icons/icon-128.png'),
  });

  let clicks = false;
  const watchClicks = () => {
    if (clicks || !notificationsApi()) return;
    clicks = true;
    browser.notifications.onClicked.addListener((id: string) => {
      const key = eventKeyOfAlarm(id);
      if (key === null) return;
      void browser.notifications.clear(id);
      void openOnEvent(key).catch((error: unknown) => console.warn('Afterparty: could not open the popup', error));
    });
  };
  watchClicks();
  browser.permissions.onAdded.addListener(() => {
    watchClicks();
    void reminders.rebuild();
  });
  browser.permissions.onRemoved.addListener(() => void reminders.rebuild());
  browser.alarms.onAlarm.addListener((alarm) => void reminders.onAlarm(alarm));
  // The caller rebuilds them at every start (alarms survive a stopped worker, but a restart must
  // catch up), once the page that woke the worker has its answer (start-up.ts).
  return reminders;
}
