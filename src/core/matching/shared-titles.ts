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

// Past this many films, a clue word's films are looked up as a set (ClueReader.setOf): at
// 100,000 films of the bench catalog a year points to some 1,400 films, and checking each of
// them against a shared title's list (up to 80 films) was most of the worker's warm-up.
const SHORT_CLUE = 8;
/** A film with no clue near: after every gap (a gap is at most CLUE_WINDOW). */
const NO_GAP = CLUE_WINDOW + 1;

/** A block's clue words (CLUE), in text order, read by its matches from left to right. */
export class ClueReader {
  /** Token numbers of the block's clue words. */
  readonly at: number[] = [];
  /** The first of `at` that may still be near a match: matches are ordered by start. */
  private from = 0;
  /**
   * A long clue list's films as a set, by list: the index's lists are never changed, and a
   * stored index decodes its clues once, so each list is its own key for the matcher's life.
   */
  private readonly sets = new WeakMap<readonly string[], ReadonlySet<string>>();
  /** order's: per film of the list, the gap to its nearest clue (NO_GAP if none). */
  private gaps = new Int32Array(64);
  /** order's: the near films' gap and place in one number, sorted as numbers (no comparator). */
  private keys = new Float64Array(64);

  /** Starts a new block. */
  reset(): void {
    this.at.length = 0;
    this.from = 0;
  }

  /**
   * Films sharing a title, tokens [first, end) of a block of `count` tokens with vocabulary
   * ids `ids`, the one whose year or director is named nearest first (by the index's clues,
   * see cluesFor, asked of `cluesOf` only when a clue word is near); the others keep catalog
   * order. `filmIds` itself when that order is its own.
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
    // No clue word left in the block, as in most: the list is not read (a title's list is
    // seldom in the cache).
    if (this.from >= clueAt.length) return filmIds;
    const n = filmIds.length;
    if (n < 2) return filmIds;
    // Asked for only once a clue word is near: a stored index decodes the clues (a map of every
    // film's key) when first read, which a page naming no year or director never needs.
    let clues: ReadonlyMap<number, string[]> | null = null;
    let gaps: Int32Array | null = null;
    let near = 0;
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
      if (gaps === null) {
        if (this.gaps.length < n) this.gaps = new Int32Array(n * 2);
        gaps = this.gaps;
        gaps.fill(NO_GAP, 0, n);
      }
      // Every place a film holds in the list: a list may name a film twice.
      if (pointed.length <= SHORT_CLUE) {
        for (let p = 0; p < pointed.length; p++) {
          const id = pointed[p];
          for (let j = 0; j < n; j++) {
            if (filmIds[j] === id && gap < gaps[j]!) {
              if (gaps[j] === NO_GAP) near++;
              gaps[j] = gap;
            }
          }
        }
      } else {
        const set = this.setOf(pointed);
        for (let j = 0; j < n; j++) {
          if (gap < gaps[j]! && set.has(filmIds[j]!)) {
            if (gaps[j] === NO_GAP) near++;
            gaps[j] = gap;
          }
        }
      }
    }
    if (gaps === null || near === 0) return filmIds;
    // Nearest first, ties and the films with no clue near in the list's order: a stable sort
    // by gap, of the near films alone (the others follow, as they were).
    if (this.keys.length < near) this.keys = new Float64Array(near * 2);
    const keys = this.keys.subarray(0, near);
    for (let j = 0, m = 0; j < n; j++) if (gaps[j] !== NO_GAP) keys[m++] = gaps[j]! * 2 ** 32 + j;
    keys.sort();
    let same = true;
    for (let m = 0; m < near && same; m++) same = keys[m]! % 2 ** 32 === m;
    if (same) return filmIds;
    const ordered = new Array<string>(n);
    for (let m = 0; m < near; m++) ordered[m] = filmIds[keys[m]! % 2 ** 32]!;
    for (let j = 0, m = near; j < n; j++) if (gaps[j] === NO_GAP) ordered[m++] = filmIds[j]!;
    return ordered;
  }

  /** A long clue list's films as a set, made on first use. */
  private setOf(pointed: readonly string[]): ReadonlySet<string> {
    let set = this.sets.get(pointed);
    if (!set) this.sets.set(pointed, (set = new Set(pointed)));
    return set;
  }
}
