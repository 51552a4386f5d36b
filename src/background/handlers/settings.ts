import {
  clearCache,
  loadSettings,
  makeBackup,
  patchSettings,
  restoreBackup,
  type AfterpartyDb,
} from '../../db/index.ts';
import { loadDefaultFeed } from '../default-feed.ts';
import type { SettingsMessages } from '../../messages/index.ts';
import type { FeedSync } from '../feed-sync/engine.ts';
import type { HandlersFor } from './types.ts';

export function settingsHandlers({ db, sync }: { db: AfterpartyDb; sync?: FeedSync }): HandlersFor<SettingsMessages> {
  return {
    getSettings: () => loadSettings(db),
    setSettings: ({ patch }) => patchSettings(db, patch),
    exportBackup: () => makeBackup(db),
    restoreBackup: ({ backup }) => restoreBackup(db, backup),
    async clearCache() {
      await clearCache(db);
      // The embedded listings come back at once; subscribed feeds are fetched again now, and
      // the reply does not wait for the network (open views re-read when the sync settles).
      await loadDefaultFeed(db);
      sync?.syncNow().catch((error: unknown) => console.warn('Afterparty: could not refill the feeds', error));
      return {};
    },
  };
}
