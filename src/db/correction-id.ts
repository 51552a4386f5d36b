// A correction's id, apart from corrections.ts so the schema upgrade can compute it without
// importing the database module that runs it.
import { normalizeTitle } from '../core/matching/index.ts';

export interface NewCorrection {
  filmKey: string;
  /** The matched text as it appeared; stored normalised. */
  surface: string;
  /** Hostname, or null for everywhere. */
  site: string | null;
}

/** The same correction twice is one row: the id is made of what it says. */
export function correctionId({ filmKey, surface, site }: NewCorrection): string {
  return JSON.stringify([site ?? '*', filmKey, normalizeTitle(surface)]);
}
