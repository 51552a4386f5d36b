// A page that has named a film by a title of several words often goes on with its first word
// alone: "Slumdog Millionaire ... the Slumdog crowd", "Triangle of Sadness ... the Triangle
// party". The matcher reads one block at a time and cannot know that; this pass reads a page's
// blocks in order, after the matcher, and finds those later mentions.
//
// Whether the word is everyday or not is not asked (no word list is complete: "triangle" is in
// none of ours), so every short form needs the same evidence: set off by emphasis or quotes,
// or capitalised in the middle of a sentence that is not a headline in title case. Kept free of
// the matcher's modules: the content script runs it on every page.

import type { TextBlock, TitleMatch } from './match-types.ts';
import { LETTER, SPACE, UPPER } from './page-chars.ts';

// Title openings that are words of grammar, not a name the page could go on using (articles
// of three letters or fewer are too short to count anyway).
const FUNCTION_WORDS = new Set(
  (
    'eine einer eines unos unas dans pour avec sous with from into once when what this that some ' +
    'over under after before'
  ).split(' '),
);
const LEAD = /^\p{L}{4,}$/u;
const WORD_CHAR = /[\p{L}\p{N}*\-\u2010\u2011]/u;
const WORDS = /\p{L}+/gu;
const LOWER = /\p{Ll}/u;
const OPEN_QUOTES = /["'“‘„«‹]/u;
const CLOSE_QUOTES = /["'”’»›]/u;
/** Between a word and the next one of the same sentence. */
const SAME_SENTENCE = /^[\s\u00a0,]+$/u;
/** How far back the word before is looked for: a comma and spaces, never a paragraph. */
const MAX_GAP = 8;

interface Lead {
  filmIds: string[];
  /**
   * Two films named on the page open with this word, or the page used it on its own before
   * naming the title (a city, a person): it names no film alone.
   */
  ambiguous: boolean;
}

// A capitalised word of four letters or more: the only shape a short form or a name takes.
const CAPITALISED = /\p{Lu}\p{Ll}{3,}(?![\p{L}\p{N}])/gu;

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** Does `text` use `word` capitalised before `at`, as a word of its own outside `matches`? */
function usedAlone(text: string, matches: readonly TitleMatch[], word: string, at: number): boolean {
  for (let i = text.indexOf(word); i >= 0 && i < at; i = text.indexOf(word, i + 1)) {
    const end = i + word.length;
    if (LETTER.test(text[i - 1] ?? '') || LETTER.test(text[end] ?? '')) continue;
    if (!matches.some((m) => m.start <= i && m.end > i)) return true;
  }
  return false;
}

/** The first word of a title of several words, folded, if a page could go on using it alone. */
function leadOf(surface: string): string | null {
  // Called for every title of the page: the first space is looked for, not every word split.
  const trimmed = surface.trim();
  const space = trimmed.search(SPACE);
  if (space < 0) return null;
  const first = trimmed.slice(0, space);
  if (!LEAD.test(first)) return null;
  const folded = first.toLowerCase();
  return FUNCTION_WORDS.has(folded) ? null : folded;
}

/** A headline in title case: capitals say nothing there. */
function titleCase(text: string): boolean {
  let counted = 0;
  let lower = 0;
  for (const [word] of text.matchAll(WORDS)) {
    if (word.length < 3) continue;
    counted++;
    if (LOWER.test(word[0] ?? '')) lower++;
  }
  return lower * 3 < counted;
}

function evident(block: TextBlock, start: number, end: number, headline: () => boolean): boolean {
  const { text } = block;
  // Emphasis around it; a link only when it holds the word alone (a cell, a teaser), since a
  // link over a whole line is layout.
  if (
    (block.marks ?? []).some((m) => m.start <= start && m.end >= end && (!m.link || m.end - m.start <= end - start + 2))
  )
    return true;
  if (OPEN_QUOTES.test(text[start - 1] ?? '') && CLOSE_QUOTES.test(text[end] ?? '')) return true;
  // Capitalised mid-sentence: a word before it in the same sentence, and no headline.
  let gap = start;
  while (gap > 0 && start - gap <= MAX_GAP && !LETTER.test(text[gap - 1]!)) gap--;
  return gap > 0 && SAME_SENTENCE.test(text.slice(gap, start)) && !headline();
}

/**
 * "industrialist Oskar Schindler": a capitalised word just before, one space between, that is
 * not a sentence's first word ("The Slumdog crowd") nor a possessive ("Boyle's Slumdog").
 */
function afterFirstName(text: string, start: number): boolean {
  if (text[start - 1] !== ' ') return false;
  let from = start - 1;
  while (from > 0 && LETTER.test(text[from - 1]!)) from--;
  if (from === start - 1 || !UPPER.test(text[from]!)) return false;
  let gap = from;
  while (gap > 0 && SPACE.test(text[gap - 1]!)) gap--;
  // A word ending a sentence or opening the block: the name's word is the sentence's first.
  return gap > 0 && gap < from && LETTER.test(text[gap - 1]!);
}

/**
 * Reads a page's blocks in order. `next` gives the short forms in one block: the first words
 * of titles named earlier on the page (or earlier in this block), found where the page's
 * typography says they are meant as a title, never overlapping the block's own matches.
 */
export class ShortForms {
  readonly #leads = new Map<string, Lead>();
  /** Capitalised words the page has used outside a title ("Detroit" the city, "Rachel" a person). */
  readonly #alone = new Set<string>();

  /** The short forms in `block`, in text order; then learns the titles `matches` named. */
  next(block: TextBlock, matches: readonly TitleMatch[]): TitleMatch[] {
    const { text } = block;
    const found: TitleMatch[] = [];
    // The titles this block names, by first word: each counts from the end of its first naming.
    const own = new Map<string, Lead & { end: number }>();
    for (const m of matches) {
      const lead = leadOf(m.surface);
      if (!lead) continue;
      const had = own.get(lead);
      if (had) had.ambiguous ||= had.filmIds.join() !== m.filmIds.join();
      else {
        const alone = this.#alone.has(lead) || usedAlone(text, matches, capitalised(lead), m.start);
        own.set(lead, { filmIds: m.filmIds, ambiguous: alone, end: m.end });
      }
    }
    let headline: boolean | undefined;
    const isHeadline = (): boolean => (headline ??= titleCase(text));
    let next = 0; // the first of `matches` not yet behind the word
    // exec on the one expression rather than matchAll, which copies it for every block and
    // makes an iterator: on the real pages this line was the short forms' costliest. Nothing in
    // the loop leaves it early, and a loop run to its end leaves lastIndex at 0; set anyway, in
    // case a block once threw halfway.
    CAPITALISED.lastIndex = 0;
    for (let hit; (hit = CAPITALISED.exec(text));) {
      const start = hit.index;
      const end = start + hit[0].length;
      while (next < matches.length && matches[next]!.end <= start) next++;
      if (next < matches.length && matches[next]!.start < end) continue;
      if (WORD_CHAR.test(text[start - 1] ?? '')) continue;
      const word = hit[0].toLowerCase();
      // Used outside any title: a title opening with it later is no short form.
      this.#alone.add(word);
      const named = own.get(word);
      const lead = this.#leads.get(word) ?? (named && named.end <= start ? named : undefined);
      if (!lead || lead.ambiguous || WORD_CHAR.test(text[end] ?? '')) continue;
      // The next word capitalised: part of a longer name ("Triangle Shirtwaist", a misspelt
      // title the matcher let go). Nothing after it in the block: a title broken by a line.
      let after = end;
      while (after < text.length && SPACE.test(text[after]!)) after++;
      if (after === text.length || (after > end && UPPER.test(text[after]!))) continue;
      if (afterFirstName(text, start)) continue;
      if (!evident(block, start, end, isHeadline)) continue;
      found.push({ filmIds: lead.filmIds, start, end, surface: hit[0] });
    }
    // Each block's lead is kept as it is, its `end` unread from then on.
    for (const [word, lead] of own) {
      const had = this.#leads.get(word);
      if (!had) this.#leads.set(word, lead);
      else had.ambiguous ||= lead.ambiguous || had.filmIds.join() !== lead.filmIds.join();
    }
    return found;
  }
}

/** The short forms of a whole page: one list per block, beside the matcher's `matches`. */
export function shortFormsOf(
  blocks: readonly TextBlock[],
  matches: readonly (readonly TitleMatch[])[],
): TitleMatch[][] {
  const reader = new ShortForms();
  return blocks.map((block, i) => reader.next(block, matches[i] ?? []));
}
