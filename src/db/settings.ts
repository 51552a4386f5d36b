// The user's display settings: one row keyed "display", read back through readSettings, which
// gives a missing or bad field its default.
import { readSettings, type Settings } from '../core/settings.ts';
import type { AfterpartyDb } from './database.ts';

const ID = 'display';

export async function loadSettings(db: AfterpartyDb): Promise<Settings> {
  return readSettings((await db.settings.get(ID))?.value);
}

/** Changes some settings, keeping the others; resolves to all of them. */
export async function patchSettings(db: AfterpartyDb, patch: Partial<Settings>): Promise<Settings> {
  return db.transaction('rw', db.settings, async () => {
    const settings = { ...(await loadSettings(db)), ...patch };
    await db.settings.put({ id: ID, value: settings });
    return settings;
  });
}
