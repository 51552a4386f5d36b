// Backing up and restoring the user's own data (saved events, corrections, own events, own
// films, settings) as one JSON file. A restore checks the whole file before it writes anything and
// then replaces the user's tables in one transaction: a bad file changes nothing.
// Feed tables are not in a backup: they are rebuilt from the feeds.
import { BACKUP_FORMAT, BACKUP_VERSION, type Backup, type RestoreCounts } from '../core/backup-format.ts';
import { loadSettings } from './settings.ts';
import type { AfterpartyDb } from './database.ts';
import { readBackup } from './read-backup.ts';
import { attachRestored } from './restore-attach.ts';

export async function makeBackup(db: AfterpartyDb, now = new Date()): Promise<Backup> {
  const tables = [db.saved, db.corrections, db.userEvents, db.userFilms, db.settings, db.feeds];
  return db.transaction('r', tables, async () => ({
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    saved: await db.saved.toArray(),
    corrections: await db.corrections.toArray(),
    userEvents: await db.userEvents.toArray(),
    userFilms: await db.userFilms.toArray(),
    settings: await loadSettings(db),
    feeds: (await db.feeds.toArray()).filter((feed) => !feed.builtIn && feed.url).map((feed) => feed.url as string),
  }));
}

/** Replaces the user's data with a backup's, in one transaction; refuses a bad file untouched. */
export async function restoreBackup(db: AfterpartyDb, document: unknown): Promise<RestoreCounts> {
  const backup = readBackup(document);
  if (typeof backup === 'string') throw new Error(backup);
  const attached = await attachRestored(db, backup.saved, backup.feeds);
  await db.transaction('rw', [db.saved, db.corrections, db.userEvents, db.userFilms, db.settings], async () => {
    await Promise.all([db.saved.clear(), db.corrections.clear(), db.userEvents.clear(), db.userFilms.clear()]);
    await Promise.all([
      db.saved.bulkPut(attached.saved),
      db.corrections.bulkPut(backup.corrections),
      db.userEvents.bulkPut(backup.userEvents),
      db.userFilms.bulkPut(backup.userFilms),
      db.settings.put({ id: 'display', value: backup.settings }),
    ]);
  });
  const subscribed = new Set((await db.feeds.toArray()).map((feed) => feed.url));
  return {
    saved: backup.saved.length,
    corrections: backup.corrections.length,
    userEvents: backup.userEvents.length,
    userFilms: backup.userFilms.length,
    feedsToSubscribe: [...new Set(backup.feeds)].filter((url) => !subscribed.has(url)),
    savedNotSubscribed: attached.notSubscribed,
    savedNotFound: attached.notFound,
  };
}
