// What device sync reads from and writes to the user's tables. Writes take a record's winning
// version as it is: a saved status for an event this device has not fetched yet is kept (the
// plan shows only events it knows), so nothing another device saved is dropped for lack of a feed.
import type { LocalData, RowChange } from '../core/device-sync/index.ts';
import { USER_FEED_ID } from '../core/rows.ts';
import { DEFAULT_SETTINGS, validateSettingsPatch } from '../core/settings.ts';
import { readUserEventRow, readUserFilmRow } from './read-user-rows.ts';
import type { AfterpartyDb } from './database.ts';
import { listFeeds } from './feeds.ts';
import { loadSettings } from './settings.ts';

const SETTINGS_ID = 'display';

export async function readSyncData(db: AfterpartyDb): Promise<LocalData> {
  const [tables, feeds] = await Promise.all([
    db.transaction('r', [db.saved, db.corrections, db.userEvents, db.userFilms, db.settings], async () => ({
      saved: await db.saved.toArray(),
      corrections: await db.corrections.toArray(),
      userEvents: await db.userEvents.toArray(),
      userFilms: await db.userFilms.toArray(),
      settings: await loadSettings(db),
    })),
    listFeeds(db),
  ]);
  const feedUrls = feeds.filter((feed) => !feed.builtIn && feed.url).map((feed) => feed.url as string);
  return { ...tables, feedUrls };
}

type TableChange = Exclude<RowChange, { kind: 'feed' }>;

/**
 * Writes other devices' changes in one transaction. Returns, for each change it could not take
 * (an event that fails the backup's checks, a setting this release does not know), the reason.
 */
export async function applySyncChanges(db: AfterpartyDb, changes: TableChange[]): Promise<string[]> {
  const problems: string[] = [];
  await db.transaction('rw', [db.saved, db.corrections, db.userEvents, db.userFilms, db.settings], async () => {
    const settings: Record<string, unknown> = { ...(await loadSettings(db)) };
    let settingsChanged = false;
    for (const change of changes) {
      switch (change.kind) {
        case 'saved': {
          if (!change.row) {
            await db.saved.delete(change.eventKey);
            break;
          }
          // What does not sync (the reminder switch) stays as this device had it.
          const existing = await db.saved.get(change.eventKey);
          await db.saved.put({ ...existing, ...change.row });
          break;
        }
        case 'correction':
          if (change.row) await db.corrections.put(change.row);
          else await db.corrections.delete(change.id);
          break;
        case 'film': {
          if (change.value === null) {
            await db.userFilms.delete(`${USER_FEED_ID}/${change.id}`);
            break;
          }
          const row = readUserFilmRow(change.value);
          if (typeof row === 'string') problems.push(row);
          else await db.userFilms.put(row);
          break;
        }
        case 'event': {
          if (change.value === null) {
            await db.userEvents.delete(`${USER_FEED_ID}/${change.id}`);
            break;
          }
          const row = readUserEventRow(change.value);
          if (typeof row === 'string') problems.push(row);
          else await db.userEvents.put(row);
          break;
        }
        case 'setting': {
          const value = change.value ?? (DEFAULT_SETTINGS as unknown as Record<string, unknown>)[change.name];
          const patch = validateSettingsPatch({ [change.name]: value });
          if (typeof patch === 'string') problems.push(patch);
          else {
            Object.assign(settings, patch);
            settingsChanged = true;
          }
          break;
        }
      }
    }
    if (settingsChanged) await db.settings.put({ id: SETTINGS_ID, value: settings });
  });
  return problems;
}
