// The service worker (Chrome) or background script (Firefox). It holds no state of its own:
// everything is in IndexedDB and is read again when the worker wakes.
import browser from 'webextension-polyfill';
import { openDatabase } from '../db/index.ts';
import { loadDefaultFeed, needsDefaultFeed } from './default-feed.ts';
import { defaultFeedOnce } from './default-feed-once.ts';
import { createChangeNotice } from './data-changes.ts';
import { startDeviceSync } from './device-sync/browser-device-sync.ts';
import { createHandlers } from './handlers/index.ts';
import { openCardShortcut, watchOpenCardCommand } from './open-card-command.ts';
import { sharedSiteRegistry } from './handlers/sites.ts';
import { notificationsAllowed } from '../browser/notifications.ts';
import { startReminders } from './reminder-service.ts';
import { route } from './router.ts';
import { comesAhead } from '../messages/index.ts';
import { isExtensionPage, senderPageUrl } from './sender.ts';
import { watchSites } from './sites/browser-site-api.ts';
import { createFeedSync } from './feed-sync/engine.ts';
import { titleMatcherCache } from './title-matcher.ts';
import { createScheduler } from './feed-sync/scheduler.ts';
import { watchStorage } from './feed-sync/storage-fault.ts';
import { closeToContentScripts, tellTabs } from './tab-notice.ts';
import { opensFirstRun, WELCOME_PAGE } from './first-run.ts';
import { startUp } from './start-up.ts';
import { mark } from './dev-marks.ts';
import { markedFactory } from './idb-marks.ts';

// The bundle's modules are evaluated by now: from the worker's start (its time origin) to here
// is the browser starting it, compiling the script and evaluating its modules (bench/chromium.bench.ts).
mark('worker-script');

const db = openDatabase(undefined, { indexedDB: markedFactory(indexedDB), IDBKeyRange });
db.on('ready', () => mark('db-open'));
// What a page's first request does not need waits until it is answered (start-up.ts, issue 28).
const wake = startUp({ later: (run, ms) => void setTimeout(run, ms) });

// Content scripts read nothing there (they hear of changes by tab message): closed, a page's
// process cannot read or write what the worker keeps in it.
closeToContentScripts(browser.storage.local, 'local');

/** Loads the default feed once per worker life: the matcher's early read, install or a message. */
const ensureDefaultFeed = defaultFeedOnce({ needs: () => needsDefaultFeed(db), load: () => loadDefaultFeed(db) });

const sites = sharedSiteRegistry(db);
watchSites(sites);
// Begun while the browser is still to deliver the event that woke the worker: a page's first
// request waits for the database to open and for its site's switch (sites/site-list-store.ts).
// Failures are the requests' to report, which ask again.
void db.open().catch(() => undefined);
void sites.isDisabled('').catch(() => undefined);
// Built on the first page's request after a change, then shared by every frame (title-matcher.ts).
const titles = titleMatcherCache(db, () => ensureDefaultFeed(), { lastRequest: () => wake.lastRequest() });
// Its print and the stored matcher read from here, not from the page's first request (44-67 ms
// later in traced wakes). A wake by an alarm or a sync reads them too: the read's CPU (tens of
// ms at 10,000 films, 100-150 at 100,000 on the bench machine) and the decoded matcher held until
// the worker stops; nothing is compiled or written unless asked (docs/performance.md).
titles.begin();

watchOpenCardCommand();

// Feed sync: alarms wake the worker; the alarm is re-created on every start-up and install.
// Open views re-read after the data changes (src/background/data-changes.ts).
// Reminders follow the plan: every change (a save, a setting, a sync) rebuilds them.
const reminders = startReminders(db);
// Rebuilt at every start: alarms survive a stopped worker, but a restart must catch up.
wake.defer('reminders', () => reminders.rebuild());
const changes = createChangeNotice((items) => {
  void titles.recheck().catch(() => titles.forget());
  void reminders.rebuild().catch((error: unknown) => console.error('Afterparty: could not update reminders', error));
  void tellTabs().catch((error: unknown) => console.warn('Afterparty: could not tell the tabs of a change', error));
  return browser.storage.local.set(items);
});
const sync = createFeedSync({
  db,
  titles,
  fetch: (input, init) => fetch(input, init),
  clock: Date.now,
  // Feeds on 127.0.0.1 (tests, benches): the builds that may run there (build.mjs).
  allowLoopbackHttp: process.env.AFTERPARTY_LOCAL_HOSTS !== 'off',
  // Released by the browser when this worker stops, so a cut-short sync never blocks the next.
  locks: (globalThis.navigator as Navigator | undefined)?.locks,
  onSettled: () => {
    void scheduler.reschedule();
    changes.bump();
  },
});
const scheduler = createScheduler({ alarms: browser.alarms, sync, clock: Date.now });
browser.alarms.onAlarm.addListener((alarm) => scheduler.onAlarm(alarm));
wake.defer('reschedule', () => scheduler.reschedule());
watchStorage(db, (reason) => sync.reportFault(reason));
// The plan follows the user to their other signed-in browsers (storage.sync): each change here
// is sent soon after, and each change from there is applied and shown (device-sync/).
const deviceSync = startDeviceSync({ db, feedSync: sync, onChange: () => changes.bump() });
wake.defer('device-sync', () => deviceSync.runNow());

const handlers = createHandlers({
  db,
  ready: () => ensureDefaultFeed(),
  sync,
  notificationsAllowed,
  deviceSync,
  titles,
  shortcut: openCardShortcut,
});

browser.runtime.onInstalled.addListener(({ reason }) => {
  if (opensFirstRun(reason))
    void browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PAGE) }).catch(() => undefined);
  // On install and on every update: the embedded listings may have changed with the release.
  titles.discardStored();
  void ensureDefaultFeed(true);
  void scheduler.reschedule();
});

// Chrome accepts only a native Promise as the reply, so the handler is an async function.
const extensionOrigin = browser.runtime.getURL('');
browser.runtime.onMessage.addListener(async (message: unknown, sender: browser.Runtime.MessageSender) => {
  const answer = () =>
    route(handlers, message, {
      extensionPage: isExtensionPage(sender, browser.runtime.id, extensionOrigin),
      pageUrl: senderPageUrl(sender),
      tabActive: sender.tab?.active === true,
      frame: sender.tab ? `${sender.tab.id ?? -1}/${sender.frameId ?? 0}` : undefined,
    });
  // A message ahead of a request (the page's wake) is answered outside the start-up's count, so its
  // instant answer does not let the deferred work go before the request it came to prepare.
  const reply = comesAhead(message) ? await answer() : await wake.request(answer);
  changes.after(message, reply);
  deviceSync.after(message, reply);
  return reply;
});
mark('worker-ready');
