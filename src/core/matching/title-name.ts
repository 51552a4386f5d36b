// A name the index looks for (a film's title or alias, as spelt), and what a page must show
// before it counts: decided once, from the name's words, when the index is built.

import { listOf } from './list-of-one.ts';
import type { Vocabulary } from './vocabulary.ts';
import { COMMON, CENSORED, NUMERIC, type WordFacts } from './word-facts.ts';

/**
 * How much the page must show before a name counts as a title:
 * - `none`: distinctive titles ("Burn After Reading") match as they are;
 * - `name`: one-word names ("Juno", "Léon") match unless they are part of a longer
 *   capitalised name ("Juno Awards");
 * - `word`: ordinary words ("Crash", "Up") also need title case in mid-sentence, quotes or
 *   emphasis;
 * - `marked`: numbers and single letters ("1917", "M") need quotes or emphasis.
 */
export type EvidenceLevel = 'none' | 'name' | 'word' | 'marked';

export interface TitleName {
  /** Dense id, for de-duplication. */
  readonly id: number;
  readonly filmIds: string[];
  readonly words: string[];
  /** Gap keys (see tokenize.gapKey) between consecutive words. */
  readonly gaps: readonly string[];
  readonly evidence: EvidenceLevel;
  /** Some word holds a censoring `*` ("f***ing"). */
  readonly censored: boolean;
  /** Starts with "the", "a" or "an", which a sentence may take over ("the Wrestler party"). */
  readonly article: boolean;
  /** May match with one typo (see typoEligible); the same for every name ending at a trie node. */
  readonly typo: boolean;
}

const ARTICLES = new Set(['the', 'a', 'an']);

/**
 * A name as the index builds it. A class, not an object literal, and its lists made by array
 * builtins (list-of-one.ts, map): once a literal's or `new Array`'s objects outlive their first
 * collections, as every name does, V8 allocates that site's objects in the old space, one call
 * into the runtime each, which cost about a third of a build (bench/index-heap.ts, 10,000 films:
 * 36-41 ms against 23-27 ms with that pretenuring turned off). A class's objects, and a
 * builtin's arrays, are allocated inline. Fields in the interface's order: the stored index
 * keeps names as columns in that order (stored-graph.ts).
 */
class BuiltName implements TitleName {
  constructor(
    readonly id: number,
    readonly filmIds: string[],
    readonly words: string[],
    readonly gaps: readonly string[],
    readonly evidence: EvidenceLevel,
    readonly censored: boolean,
    readonly article: boolean,
    readonly typo: boolean,
  ) {}
}

/** The name numbered `id`, spelt by the word ids `ids` with `gaps` between them, for one film. */
export function spelledName(
  id: number,
  filmId: string,
  ids: readonly number[],
  gaps: readonly string[],
  vocabulary: Vocabulary,
  facts: WordFacts,
): TitleName {
  const all = vocabulary.words;
  const words = ids.map((w) => all[w]!);
  let censored = false;
  for (let i = 0; i < ids.length; i++) if ((facts.of(ids[i]!) & CENSORED) !== 0) censored = true;
  const evidence = evidenceFor(ids, words, facts);
  return new BuiltName(
    id,
    listOf(filmId),
    words,
    gaps,
    evidence,
    censored,
    words.length > 1 && ARTICLES.has(words[0] ?? ''),
    typoEligible(words, evidence, censored),
  );
}

function evidenceFor(ids: readonly number[], words: readonly string[], facts: WordFacts): EvidenceLevel {
  let letters = 0;
  let numbers = true;
  let common = true;
  for (let i = 0; i < ids.length; i++) {
    letters += words[i]!.length;
    const f = facts.of(ids[i]!);
    if ((f & NUMERIC) === 0) numbers = false;
    if ((f & COMMON) === 0) common = false;
  }
  if (letters <= 1 || numbers) return 'marked';
  // "the others arrived late": a title of everyday words, however long, is prose until the page shows otherwise.
  if (common) return 'word';
  return words.length === 1 ? 'name' : 'none';
}

// Shorter titles are too close to other words and titles for a typo to be trusted.
export const MIN_TYPO_LETTERS = 12;
const MIN_TYPO_WORDS = 3;

/** May this title match with one typo? Ordinary words and bare numbers are too easy to hit. */
function typoEligible(words: readonly string[], evidence: EvidenceLevel, censored: boolean): boolean {
  if (censored || evidence === 'marked' || (evidence === 'word' && words.length < MIN_TYPO_WORDS)) return false;
  if (words.length >= MIN_TYPO_WORDS) return true;
  let letters = 0;
  for (const w of words) letters += w.length;
  return letters >= MIN_TYPO_LETTERS;
}
