// 32-bit FNV-1a over UTF-16 code units: the title index numbers catalog words by it, and the
// iCalendar import shortens over-long ids with it. Cheap and stable, not collision-resistant.

export const HASH_SEED = 0x811c9dc5 | 0;

/** One FNV-1a step over a UTF-16 unit; the page scanner (matching/fold-scan.ts) inlines the same expression. */
export const hashStep = (h: number, unit: number): number => Math.imul(h ^ unit, 0x01000193);

/** The hash of a whole string, as a signed 32-bit integer. */
export function hashOf(text: string): number {
  let h = HASH_SEED;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}
