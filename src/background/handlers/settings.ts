import { readSettings, type Settings } from '../../core/settings.ts';
import { clearCache, makeBackup, restoreBackup } from '../../db/backup.ts';
import { loadDefaultFeed } from '../default-feed.ts';
import type { AfterpartyDb } from '../../db/database.ts';
import type { SettingsMessages } from '../../messages/settings.ts';
import type { Sync } from '../sync/engine.ts';
import type { HandlersFor } from './types.ts';

export async function loadSettings(db: AfterpartyDb): Promise<Settings> {
  return readSettings((await db.settings.get('display'))?.value);
}

export function settingsHandlers({ db, sync }: { db: AfterpartyDb; sync?: Sync }): HandlersFor<SettingsMessages> {
  return {
    getSettings: () => loadSettings(db),
    async setSettings({ patch }) {
      return db.transaction('rw', db.settings, async () => {
        const settings = { ...(await loadSettings(db)), ...patch };
        await db.settings.put({ id: 'display', value: settings });
        return settings;
      });
    },
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
