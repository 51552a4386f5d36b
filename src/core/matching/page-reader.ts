// The page-level pass after the matcher, block by block in page order: drops the matches whose
// grammar or structure names a namesake (namesakes.ts), finds the short forms of titles named
// before (short-forms.ts), and finds again the titles the page has named as films, where the
// block alone gives no evidence ("Passengers is decent." after "<em>Passengers</em>", a tag
// list "Godzilla, Interstellar, Gone Girl" below the review). The matcher stays per block and
// stateless; this pass holds what the page has said so far.

import type { TextBlock, TitleMatch } from './match-types.ts';
import { filmContext, namesake, type Namesake } from './namesakes.ts';
import { LETTER, SPACE, UPPER } from './page-chars.ts';
import { ShortForms } from './short-forms.ts';

// A repeat must be long enough to be no everyday word by chance ("Up" is let go).
const MIN_REPEAT_LETTERS = 4;
const WORD_CHAR = /[\p{L}\p{N}'’*\-\u2010\u2011]/u;

interface Named {
  surface: string;
  filmIds: string[];
  /** Its place among the named: a surface named earlier claims an overlapping place first. */
  order: number;
}

// A named surface opens with a capital and has four characters or more (#remember): it is
// looked up by its first four, from each capital of a block. The capitals are found with
// `test` (no match object each) and their four characters read as a number (no string each):
// a 2 MB page has hundreds of thousands of capitals, and their garbage was most of the pass's
// cost while its code is cold.
const CAPITAL = /\p{Lu}/gu;

/**
 * The first four characters at `at`, as a small integer (a Map's fastest key). Two heads may
 * share one: each surface is compared in full where it is looked up, so that finds nothing more.
 */
function headAt(text: string, at: number): number {
  let h = text.charCodeAt(at);
  h = (h * 31 + text.charCodeAt(at + 1)) | 0;
  h = (h * 31 + text.charCodeAt(at + 2)) | 0;
  return ((h * 31 + text.charCodeAt(at + 3)) | 0) & 0x3fffffff;
}

export class PageReader {
  readonly #shorts = new ShortForms();
  /** Films the page has named as films (filmContext), by first film id. */
  readonly #films = new Set<string>();
  /**
   * Their surfaces, to find again, by their first four characters: each block's capitals are
   * looked up here, not every surface searched in every block (at 10,000 films the bench
   * article names thousands, and that search was the pass's largest cost).
   */
  readonly #named = new Map<number, Named[]>();
  #count = 0;

  /** The block's titles: `found` (the matcher's) kept or dropped, and those found again, in text order. */
  next(block: TextBlock, found: readonly TitleMatch[]): TitleMatch[] {
    // Plain loops, no callbacks: this runs for every title while the content script is cold.
    const readings: Namesake[] = [];
    for (const m of found) {
      const reading = namesake(block, m, found);
      readings.push(reading);
      if (!filmContext(block, m)) continue;
      for (const id of m.filmIds) this.#films.add(id);
      if (reading !== 'strong') this.#remember(m);
    }
    // After the block's own namings: a weak reading yields to a film named later in the block.
    const kept: TitleMatch[] = [];
    for (let i = 0; i < found.length; i++) {
      const reading = readings[i];
      if (reading === null || (reading === 'weak' && this.#filmed(found[i]!.filmIds))) kept.push(found[i]!);
    }
    const own = merged(kept, this.#again(block, kept));
    return merged(own, this.#shorts.next(block, own));
  }

  /** Has the page named one of these films as a film? */
  #filmed(filmIds: readonly string[]): boolean {
    for (const id of filmIds) if (this.#films.has(id)) return true;
    return false;
  }

  #remember({ surface, filmIds }: TitleMatch): void {
    const head = headAt(surface, 0);
    let named = this.#named.get(head);
    // Named before (most of a page's namings): it passed the checks below then.
    if (named?.some((n) => n.surface === surface)) return;
    const letters = surface.replace(/[^\p{L}\p{N}]/gu, '').length;
    if (letters < MIN_REPEAT_LETTERS || !UPPER.test(surface[0] ?? '')) return;
    if (!named) this.#named.set(head, (named = []));
    named.push({ surface, filmIds, order: this.#count++ });
  }

  /** The named films' surfaces, written alike, outside `kept`, not part of a longer name. */
  #again(block: TextBlock, kept: readonly TitleMatch[]): TitleMatch[] {
    const { text } = block;
    // Every place a named surface starts, in the order the surfaces were named, then in text order
    // (the order they are found in: the sort is stable).
    const places: Array<[Named, number]> = [];
    // Most pages name no film as a film: their blocks are not read again.
    if (this.#count) {
      CAPITAL.lastIndex = 0;
      while (CAPITAL.test(text)) {
        // A capital outside the BMP is two code units: it starts where its high surrogate is.
        const index = CAPITAL.lastIndex - ((text.charCodeAt(CAPITAL.lastIndex - 1) & 0xfc00) === 0xdc00 ? 2 : 1);
        const named = this.#named.get(headAt(text, index));
        if (!named) continue;
        // Most places are the matcher's own titles (28,000 of the bench article's 37,000): they
        // are dropped here, not sorted first.
        for (const n of named)
          if (text.startsWith(n.surface, index) && !overlaps(kept, index, index + n.surface.length))
            places.push([n, index]);
      }
    }
    const out: TitleMatch[] = [];
    for (const [{ surface, filmIds }, at] of places.sort(([a], [b]) => a.order - b.order)) {
      const end = at + surface.length;
      if (WORD_CHAR.test(text[at - 1] ?? '') || WORD_CHAR.test(text[end] ?? '')) continue;
      if (overlaps(out, at, end)) continue;
      if (capitalisedNeighbour(text, at, end)) continue;
      // A sentence's first word is capitalised whatever it means: "Hunger sets in around 4pm".
      if (!SPACE.test(surface) && sentenceStart(text, at)) continue;
      const m: TitleMatch = { filmIds, start: at, end, surface };
      if (namesake(block, m, kept) === 'strong') continue;
      out.push(m);
    }
    return out;
  }
}

/** Does one of `matches` overlap [start, end)? */
function overlaps(matches: readonly TitleMatch[], start: number, end: number): boolean {
  for (const m of matches) if (m.start < end && start < m.end) return true;
  return false;
}

/**
 * `a` and `b` in text order; `a` itself when `b` is empty, as on most blocks: a copy and a sort
 * per block made the pass a quarter dearer on the 17 real pages' first (cold) pass, in Node.
 */
const merged = (a: TitleMatch[], b: TitleMatch[]): TitleMatch[] =>
  b.length > 0 ? [...a, ...b].sort((x, y) => x.start - y.start) : a;

/** Does a sentence (or the block) start at `at`? */
function sentenceStart(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /[\s\u00a0"'“‘«(]/u.test(text[i]!)) i--;
  return i < 0 || /[.!?:…•·|]/u.test(text[i]!);
}

/** "Buy The Right Passengers Ticket": a capitalised word joined by a space on either side. */
function capitalisedNeighbour(text: string, start: number, end: number): boolean {
  if (SPACE.test(text[end] ?? '') && UPPER.test(text[end + 1] ?? '')) return true;
  if (SPACE.test(text[start - 1] ?? '') && LETTER.test(text[start - 2] ?? '')) {
    let i = start - 2;
    while (i > 0 && LETTER.test(text[i - 1]!)) i--;
    return UPPER.test(text[i] ?? '');
  }
  return false;
}

/** The page pass over a whole page: one list per block, the matcher's `matches` given per block. */
export function readPage(blocks: readonly TextBlock[], matches: readonly (readonly TitleMatch[])[]): TitleMatch[][] {
  const reader = new PageReader();
  return blocks.map((block, i) => reader.next(block, matches[i] ?? []));
}
