// Films sharing a title ("Crash", 1996 and 2004): every match lists them all, the one whose
// year or director's surname the page names nearest first, the others in catalog order. The
// index keeps those words as clues (cluesFor); a block's reader (ClueReader) finds them near
// each match.

import { listOf } from './list-of-one.ts';
import type { TitleSource } from './match-types.ts';
import { normalizeWithMap } from './normalize.ts';
import { MAX_TITLE_LENGTH } from './title-spelling.ts';
import { tokenize } from './tokenize.ts';
import type { Vocabulary } from './vocabulary.ts';
import type { Lexicon } from './lexicon.ts';

// How far (in words) a year or a director's name may be from a shared title and still say
// which film is meant: about a sentence either side.
const CLUE_WINDOW = 40;

/**
 * Clue word -> the films it points to. Every film's, not only those sharing a name: one match
 * can name films of different names (a page's space fits a title's colon, "Juno Boy" both "Juno:
 * Boy" and "Juno Boy"; a page's censored "G*e" both "Game" and "Große"), and their order is read
 * from the clues as any shared title's is. At 100,000 films of the bench catalog the stored
 * index grew 2% (13.10 to 13.37 MB).
 */
export function cluesFor(
  films: readonly TitleSource[],
  vocabulary: Vocabulary,
  lexicon: Lexicon,
  filmOrder: ReadonlyMap<string, number>,
): Map<number, string[]> {
  const clues = new Map<number, string[]>();
  const list = Array.isArray(films) ? films : [];
  // One film's clue words by id, reused from film to film: a Set a film cost the build more than
  // its clues. Interned in the order the words come, so the vocabulary numbers them as before.
  const ids: number[] = [];
  // Most films share a few dozen years: each year's text made and looked up once.
  const years = new Map<number, number>();
  for (let i = 0; i < list.length; i++) {
    const film = list[i];
    // A film listed twice counts once, where it is first (its place in filmOrder).
    if (!film || filmOrder.get(film.id) !== i) continue;
    ids.length = 0;
    const year = film.year;
    if (typeof year === 'number' && Number.isInteger(year)) {
      let id = years.get(year);
      if (id === undefined) years.set(year, (id = vocabulary.intern(String(year))));
      ids.push(id);
    }
    const directors = Array.isArray(film.directors) ? film.directors : [];
    for (let d = 0; d < directors.length; d++) {
      const director = directors[d];
      if (typeof director !== 'string') continue;
      // Surnames: a first name ("Paul") is shared by too many people to tell films apart.
      const parts = tokenize(normalizeWithMap(director.slice(0, MAX_TITLE_LENGTH)).text).words;
      for (let p = 1; p < parts.length; p++) {
        const part = parts[p]!;
        if (part.length < 3 || lexicon.common.has(part)) continue;
        const id = vocabulary.intern(part);
        if (!ids.includes(id)) ids.push(id);
      }
    }
    for (let w = 0; w < ids.length; w++) {
      const films = clues.get(ids[w]!);
      if (films) films.push(film.id);
      else clues.set(ids[w]!, listOf(film.id));
    }
  }
  return clues;
}

/** A block's clue words (CLUE), in text order, read by its matches from left to right. */
export class ClueReader {
  /** Token numbers of the block's clue words. */
  readonly at: number[] = [];
  /** The first of `at` that may still be near a match: matches are ordered by start. */
  private from = 0;

  /** Starts a new block. */
  reset(): void {
    this.at.length = 0;
    this.from = 0;
  }

  /**
   * Films sharing a title, tokens [first, end) of a block of `count` tokens with vocabulary
   * ids `ids`, the one whose year or director is named nearest first (by the index's clues,
   * see cluesFor, asked of `cluesOf` only when a clue word is near); the others keep catalog order.
   */
  order(
    cluesOf: () => ReadonlyMap<number, string[]>,
    filmIds: string[],
    ids: Int32Array,
    count: number,
    first: number,
    end: number,
  ): string[] {
    const clueAt = this.at;
    if (filmIds.length < 2 || this.from >= clueAt.length) return filmIds;
    let distance: Map<string, number> | null = null;
    // Asked for only once a clue word is near: a stored index decodes the clues (a map of every
    // film's key) when first read, which a page naming no year or director never needs.
    let clues: ReadonlyMap<number, string[]> | null = null;
    const from = Math.max(0, first - CLUE_WINDOW);
    const to = Math.min(count, end + CLUE_WINDOW);
    while (this.from < clueAt.length && clueAt[this.from]! < from) this.from++;
    for (let c = this.from; c < clueAt.length; c++) {
      const k = clueAt[c]!;
      if (k >= to) break;
      if (k >= first && k < end) continue;
      const pointed = (clues ??= cluesOf()).get(ids[k]!);
      if (!pointed) continue;
      const gap = k < first ? first - k : k - end + 1;
      for (const id of pointed) {
        if (filmIds.includes(id) && gap < (distance?.get(id) ?? Infinity)) (distance ??= new Map()).set(id, gap);
      }
    }
    if (!distance) return filmIds;
    const found = distance;
    const near = (id: string): number => found.get(id) ?? Number.MAX_SAFE_INTEGER;
    return [...filmIds].sort((a, b) => near(a) - near(b));
  }
}
