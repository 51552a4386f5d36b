// The backup file's shape: what exportBackup answers and restoreBackup reads (src/db/backup.ts).
import type { CorrectionRow, SavedRow, UserEventRow, UserFilmRow } from './rows.ts';
import type { Settings } from './settings.ts';

export const BACKUP_FORMAT = 'afterparty-backup';
export const BACKUP_VERSION = 1;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  exportedAt: string;
  saved: SavedRow[];
  corrections: CorrectionRow[];
  userEvents: UserEventRow[];
  /** The films the user added; absent from files made before: read as none. */
  userFilms: UserFilmRow[];
  settings: Settings;
  /**
   * Addresses of the feeds subscribed by hand, as sync carries them; a restore lists the ones
   * missing here for the user to allow and subscribe (a permission is asked only on a click).
   * Absent from files made before: read as none.
   */
  feeds: string[];
}

export interface RestoreCounts {
  saved: number;
  corrections: number;
  userEvents: number;
  userFilms: number;
  /** The backup's feeds not subscribed here: offered to the user, who allows each origin. */
  feedsToSubscribe: string[];
  /** Saved events kept but not shown yet: their feed is not subscribed here. */
  savedNotSubscribed: number;
  /** Saved events of an older backup that no feed here lists (or several do): kept as not listed. */
  savedNotFound: number;
}
