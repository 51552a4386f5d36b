// Device sync over the browser's own storage areas and permissions.
import browser from 'webextension-polyfill';
import { hasFeedPermission } from '../../browser/feed-permission.ts';
import { feedWithUrl, type AfterpartyDb } from '../../db/index.ts';
import type { FeedSync } from '../feed-sync/engine.ts';
import { closeToContentScripts } from '../tab-notice.ts';
import { createDeviceSync, type DeviceSync } from './device-sync.ts';

export function startDeviceSync({
  db,
  feedSync,
  onChange,
}: {
  db: AfterpartyDb;
  feedSync: FeedSync;
  onChange: () => void;
}): DeviceSync {
  // Content scripts never need sync storage: in Chromium, where the area's access can be
  // narrowed, a page's process then can neither read the plan nor write a change into it.
  closeToContentScripts(browser.storage.sync, 'sync');
  const deviceSync = createDeviceSync({
    db,
    sync: browser.storage.sync,
    local: browser.storage.local,
    onChange,
    feeds: {
      permitted: hasFeedPermission,
      async remove(url) {
        const feed = await feedWithUrl(db, url);
        if (feed) await feedSync.removeFeed(feed.id);
      },
    },
  });
  browser.storage.onChanged.addListener((_changes, areaName) => deviceSync.onStorageChanged(areaName));
  // The round at start is the caller's to run (runNow), once the page that woke the worker has its answer.
  return deviceSync;
}
