import { validateSettingsPatch, type Settings } from '../core/settings.ts';
import type { Backup, RestoreCounts } from '../core/backup-format.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

export type { Settings } from '../core/settings.ts';

export interface SettingsMessages {
  /** The display settings; the card reads them too. */
  getSettings: { params: Record<string, never>; result: Settings };
  /** Changes some settings; answers all of them as saved. */
  setSettings: { params: { patch: Partial<Settings> }; result: Settings };
  /** The user's data as one backup document. */
  exportBackup: { params: Record<string, never>; result: Backup };
  /** Replaces the user's data with a backup's, or refuses the whole file. */
  restoreBackup: { params: { backup: unknown }; result: RestoreCounts };
  /** Empties the listings cache; the user's data stays. */
  clearCache: { params: Record<string, never>; result: Record<string, never> };
}

export const settingsSpecs: SpecsFor<SettingsMessages> = {
  getSettings: { validate: noParams('getSettings') },
  setSettings: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params) || Object.keys(params).length !== 1) return 'setSettings needs {patch}';
      return typeof params.patch === 'undefined'
        ? 'setSettings needs {patch}'
        : wrap(validateSettingsPatch(params.patch));
    },
  },
  exportBackup: { privileged: true, validate: noParams('exportBackup') },
  restoreBackup: {
    privileged: true,
    changes: true,
    // The document itself is checked whole by readBackup before anything is written.
    validate: (params) =>
      isPlainObject(params) && 'backup' in params ? { backup: params.backup } : 'restoreBackup needs {backup}',
  },
  clearCache: { privileged: true, changes: true, validate: noParams('clearCache') },
};

function wrap(patch: Partial<Settings> | string): { patch: Partial<Settings> } | string {
  return typeof patch === 'string' ? patch : { patch };
}
