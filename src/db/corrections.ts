// "Not this film": the user's corrections of the matcher. User data: feed loading and sync
// never write this table, and film keys ("feedId/filmId") stay the same across syncs.
import { normalizeTitle } from '../core/matching/index.ts';
import { correctionId, type NewCorrection } from './correction-id.ts';
import type { AfterpartyDb } from './database.ts';
import type { CorrectionRow } from '../core/rows.ts';

export async function addCorrection(
  db: AfterpartyDb,
  correction: NewCorrection,
  now = new Date(),
): Promise<CorrectionRow> {
  const row: CorrectionRow = {
    id: correctionId(correction),
    filmKey: correction.filmKey,
    surface: normalizeTitle(correction.surface),
    site: correction.site,
    createdAt: now.toISOString(),
  };
  const existing = await db.corrections.get(row.id);
  if (existing) return existing;
  await db.corrections.put(row);
  return row;
}

/** The corrections that apply on `site`: its own and the ones for everywhere. */
export async function correctionsFor(db: AfterpartyDb, site: string | null): Promise<CorrectionRow[]> {
  const rows = await db.corrections.toArray();
  return rows.filter((row) => row.site === null || row.site === site);
}

export async function allCorrections(db: AfterpartyDb): Promise<CorrectionRow[]> {
  return (await db.corrections.toArray()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function removeCorrection(db: AfterpartyDb, id: string): Promise<void> {
  await db.corrections.delete(id);
}

/**
 * A site's correction made to apply on every site (the options page's "Apply on every site"):
 * pages may only correct their own site, so widening is the user's choice in our own page.
 */
export async function widenCorrection(db: AfterpartyDb, id: string, now = new Date()): Promise<CorrectionRow> {
  return db.transaction('rw', db.corrections, async () => {
    const row = await db.corrections.get(id);
    if (!row) throw new Error('This correction no longer exists; it may have been undone.');
    if (row.site === null) return row;
    const wide = await addCorrection(db, { filmKey: row.filmKey, surface: row.surface, site: null }, now);
    await db.corrections.delete(id);
    return wide;
  });
}
