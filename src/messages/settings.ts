import { validateSettingsPatch, type Settings } from '../core/settings.ts';
import type { Backup, RestoreCounts } from '../core/backup-format.ts';
import { guard, reword, type Check } from '../core/check.ts';
import { isPlainObject, own, type JsonRecord } from '../core/guards.ts';
import { checkParams, noParams, type SpecsFor } from './spec.ts';

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

/** Params that are one field (`{patch}`), or hold one (`{backup}`, which may be null or undefined). */
function onlyField<N extends string>(name: N, among = false): Check<Record<N, unknown>> {
  const ok = (v: unknown): v is JsonRecord =>
    isPlainObject(v) && (among ? name in v : Object.keys(v).length === 1 && own(v, name) !== undefined);
  return reword((v, path) => ({ [name]: own(guard(ok, '')(v, path), name) }) as Record<N, unknown>, `needs {${name}}`);
}

export const settingsSpecs: SpecsFor<SettingsMessages> = {
  getSettings: { validate: noParams('getSettings') },
  setSettings: {
    privileged: true,
    changes: true,
    validate(params) {
      const shape = checkParams('setSettings', onlyField('patch'))(params);
      if (typeof shape === 'string') return shape;
      // The patch's own reasons name the setting (core/settings.ts).
      const patch = validateSettingsPatch(shape.patch);
      return typeof patch === 'string' ? patch : { patch };
    },
  },
  exportBackup: { privileged: true, validate: noParams('exportBackup') },
  restoreBackup: {
    privileged: true,
    changes: true,
    // The document itself is checked whole by readBackup before anything is written.
    validate: checkParams('restoreBackup', onlyField('backup', true)),
  },
  clearCache: { privileged: true, changes: true, validate: noParams('clearCache') },
};
