// A backup file, checked whole before anything is written: a bad file changes nothing.
import { BACKUP_FORMAT, BACKUP_VERSION, type Backup } from '../core/backup-format.ts';
import { checked, field, list, obj, str, type Check } from '../core/check.ts';
import { readSettings } from '../core/settings.ts';
import { correctionRow, feedAddress, savedRow, userEventRow, userFilmRow } from './read-user-rows.ts';

/** Why a file is not a backup this release can read; null when it is. */
function formatProblem(o: Record<string, unknown>): string | null {
  if (o.format !== BACKUP_FORMAT) return 'This is not an Afterparty backup file.';
  if (o.version === BACKUP_VERSION) return null;
  return typeof o.version === 'number' && o.version > BACKUP_VERSION
    ? `This backup was made by a newer Afterparty (format ${o.version}); update Afterparty to restore it.`
    : 'This backup has no format version Afterparty knows.';
}

/** A list that files made before it was added lack: read as none. */
const later =
  <T>(check: Check<T[]>): Check<T[]> =>
  (v, path) =>
    v === undefined ? [] : check(v, path);

const backup: Check<Backup | string> = (document) => {
  const o = obj(document, 'the file');
  const problem = formatProblem(o);
  if (problem) return problem;
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: field(o, 'exportedAt', str, ''),
    saved: field(o, 'saved', list(savedRow), ''),
    corrections: field(o, 'corrections', list(correctionRow), ''),
    userEvents: field(o, 'userEvents', list(userEventRow), ''),
    userFilms: field(o, 'userFilms', later(list(userFilmRow)), ''),
    // Settings are forgiving like everywhere else: a bad field takes its default.
    settings: readSettings(o.settings),
    feeds: field(o, 'feeds', later(list(feedAddress)), ''),
  };
};

/** The backup, checked whole; or the first problem found, in plain words. */
export const readBackup: (document: unknown) => Backup | string = checked(
  backup,
  '',
  (error) => `The backup is damaged: ${error.message}.`,
);
