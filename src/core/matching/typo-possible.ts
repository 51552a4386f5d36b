// Cheap necessary conditions of the typo walks (typo.ts), which cost strings: on a page most
// words that could start a typo match cannot, and are passed over here, by vocabulary ids and
// a deletion-hash filter, without a string made.

import type { TitleIndex } from './title-index.ts';
import { TYPO_END } from './title-index.ts';
import type { TokenTable } from './token-table.ts';
import { NOT_LOOKED_UP } from './trie-walk.ts';
import type { TypoIndex } from './typo.ts';
import { MAX_NEIGHBOURS, withinOneEditUnits } from './typo-filter.ts';

/** Room for the catalog words near one page word (see nearWords); one per matcher. */
export const nearBuffer = (): Int32Array => new Int32Array(MAX_NEIGHBOURS);

// What a vocabulary word's near words allow (TypoHints.learnt), learnt the first time it is
// asked about: KNOWN alone when it cannot be a typo.
const KNOWN = 1;
const ANY = 2; // near any word (nearWords gave null): every check says yes
const TYPABLE = 4; // it may be a typo (mistypable)
const SINGLE = 8; // one of its near words is a one-word name that may match with a typo
const TAILS_OF = 16; // one of its near words starts a typo-eligible title of 2+ words

/**
 * What the pre-checks learn of a page word by its vocabulary id, once per matcher: whether it
 * may be a typo at all, and whether one of its near words is a one-word name or a title's
 * first word. Most words before a typo-eligible title's second word are everyday words near no
 * such word, and the walk along their near words was a root lookup each, word after word.
 */
export interface TypoHints {
  /** By word id: 0 not yet asked, else KNOWN and what it allows (TYPABLE, SINGLE, TAILS_OF, ANY). */
  readonly learnt: Uint8Array;
}

export function typoHints(index: TitleIndex): TypoHints {
  return { learnt: new Uint8Array(index.vocabulary.size) };
}

/** What page word j (in the vocabulary) allows, learnt on first sight (see TypoHints). */
function hintOf(
  index: TitleIndex,
  typos: TypoIndex,
  hints: TypoHints,
  t: TokenTable,
  j: number,
  near: Int32Array,
): number {
  const id = t.ids[j]!;
  const known = id < hints.learnt.length ? hints.learnt[id]! : 0;
  if (known !== 0) return known;
  let hint = KNOWN;
  if (mistypable(typos, t, j)) {
    hint |= TYPABLE;
    const words = nearWords(index, typos, t, j, near);
    if (words === null) hint |= ANY;
    else {
      for (let i = 0; i < words.length; i++) {
        const entry = index.trie.rootChild(words[i]!);
        if (entry < 0) continue;
        if ((index.ends[entry]! & TYPO_END) !== 0) hint |= SINGLE;
        if (index.typoPath[entry] !== 0) hint |= TAILS_OF;
      }
    }
  }
  if (id < hints.learnt.length) hints.learnt[id] = hint;
  return hint;
}

/**
 * May a typo walk from word k find anything: a typo ahead along a title word k starts
 * (`forward`), or word k a typo of a title's first word (`tails`: a title going on with
 * word k + 1) or of a one-word title (`single`)? `near` is the matcher's nearBuffer.
 */
export function typoPossible(
  index: TitleIndex,
  typos: TypoIndex,
  t: TokenTable,
  k: number,
  forward: boolean,
  tails: boolean,
  single: boolean,
  near: Int32Array,
  hints: TypoHints,
  after = NOT_LOOKED_UP,
): boolean {
  return (
    (forward && k + 1 < t.count && typoAhead(index, typos, t, k, near, hints, after)) ||
    typoHere(index, typos, t, k, tails, single, near, hints)
  );
}

/**
 * Can the walk forward from word k (a typo-eligible title's first word) meet a typo: is some
 * word after k, reached exactly along those titles, one edit from a word that may follow there?
 */
function typoAhead(
  index: TitleIndex,
  typos: TypoIndex,
  t: TokenTable,
  k: number,
  near: Int32Array,
  hints: TypoHints,
  after: number,
): boolean {
  const trie = index.trie;
  const path = index.typoPath;
  let node = trie.rootChild(t.ids[k]!);
  if (node < 0 || path[node] === 0) return false;
  for (let j = k + 1; j < t.count; j++) {
    if (t.star(j)) return true;
    const id = t.ids[j]!;
    // Whether a word of the vocabulary may be a typo is learnt once (see TypoHints).
    const hint = id >= 0 ? hintOf(index, typos, hints, t, j, near) : 0;
    if ((hint & ANY) !== 0) return true;
    if (id >= 0 ? (hint & TYPABLE) !== 0 : mistypable(typos, t, j)) {
      const words = nearWords(index, typos, t, j, near);
      if (words === null) return true;
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        const child = trie.child(node, word);
        if (child >= 0 && path[child] !== 0 && goesOn(index, t, child, j + 1)) return true;
      }
    }
    const exact = j === k + 1 && after !== NOT_LOOKED_UP ? after : trie.child(node, id);
    if (exact < 0 || path[exact] === 0) return false;
    node = exact;
  }
  return false;
}

/** May page word j be a typo at all: long enough, near some title word, not an everyday word? */
function mistypable(typos: TypoIndex, t: TokenTable, j: number): boolean {
  const id = t.ids[j]!;
  const known = id >= 0 && id < typos.typable.length ? typos.typable[id]! : 0;
  if (known !== 0) return known === 2;
  const answer =
    t.length(j) >= 3 &&
    typos.filter.possible(t.units, t.foldStarts[j]!, t.foldEnds[j]!, id) &&
    !typos.common.has(t.word(j));
  if (id >= 0 && id < typos.typable.length) typos.typable[id] = answer ? 2 : 1;
  return answer;
}

/**
 * The catalog words page word j is one edit from (its deletion-hash neighbours that pass the
 * edit check), or null for "any word". Learnt once per vocabulary word; read it before the next
 * call.
 */
function nearWords(index: TitleIndex, typos: TypoIndex, t: TokenTable, j: number, near: Int32Array): Int32Array | null {
  const id = t.ids[j]!;
  const known = id >= 0 ? typos.nearby[id] : undefined;
  if (known !== undefined) return known;
  const n = typos.filter.neighbours(t.units, t.foldStarts[j]!, t.foldEnds[j]!, id, near);
  let words: Int32Array | null = null;
  if (n >= 0) {
    let kept = 0;
    for (let i = 0; i < n; i++) if (nearWord(index, t, j, near[i]!)) near[kept++] = near[i]!;
    words = id >= 0 ? near.slice(0, kept) : near.subarray(0, kept);
  }
  if (id >= 0) typos.nearby[id] = words;
  return words;
}

/** Is page word j one edit from catalog word `word`? (Sharing a deletion, they may be two apart.) */
function nearWord(index: TitleIndex, t: TokenTable, j: number, word: number): boolean {
  return withinOneEditUnits(t.units, t.foldStarts[j]!, t.foldEnds[j]!, index.vocabulary.words[word]!);
}

/** After a typo, the rest is exact: does a name end at `node`, or does word j lead on from it? */
function goesOn(index: TitleIndex, t: TokenTable, node: number, j: number): boolean {
  if ((index.ends[node]! & TYPO_END) !== 0 || (j < t.count && t.star(j))) return true;
  if (j >= t.count) return false;
  const next = index.trie.child(node, t.ids[j]!);
  return next >= 0 && index.typoPath[next] !== 0;
}

/**
 * Can word k be a typo of a title's first word (`tails`: a title going on with word k + 1) or
 * of a one-word title (`single`)?
 */
function typoHere(
  index: TitleIndex,
  typos: TypoIndex,
  t: TokenTable,
  k: number,
  tails: boolean,
  single: boolean,
  near: Int32Array,
  hints: TypoHints,
): boolean {
  if (!tails && !single) return false;
  if (t.ids[k]! >= 0) {
    const hint = hintOf(index, typos, hints, t, k, near);
    if ((hint & ANY) !== 0 || (single && (hint & SINGLE) !== 0)) return true;
    if (!tails || (hint & TAILS_OF) === 0) return false;
  } else if (!mistypable(typos, t, k)) return false;
  const words = nearWords(index, typos, t, k, near);
  if (words === null) return true;
  const trie = index.trie;
  const path = index.typoPath;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const entry = trie.rootChild(word);
    if (entry < 0) continue;
    if (single && (index.ends[entry]! & TYPO_END) !== 0) return true;
    if (tails && path[entry] !== 0) {
      const second = trie.child(entry, t.ids[k + 1]!);
      if (second >= 0 && path[second] !== 0 && goesOn(index, t, second, k + 2)) return true;
    }
  }
  return false;
}
