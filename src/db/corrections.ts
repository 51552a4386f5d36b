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
