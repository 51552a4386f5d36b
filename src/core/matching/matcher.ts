// Finds film titles in a block of text. One pass folds and splits the text into word tokens
// numbered by the catalog's vocabulary (fold-scan.ts); a trie walk starts only at a word
// some title starts with (title-index.ts, trie-walk.ts, typo.ts). The cost grows with the
// length of the text, not with the size of the catalog, and a page word that no title uses
// never becomes a string.

import { EvidenceContext, quotedSpan } from './evidence.ts';
import { defaultLexicon, type Lexicon } from './lexicon.ts';
import { scanTokens, STAR, TokenTable } from './fold-scan.ts';
import type { Matcher, TextBlock, TextSpan, TitleMatch, TitleSource } from './match-types.ts';
import {
  buildTitleIndex,
  CLUE,
  FORWARD,
  LEVEL_BITS,
  MIN_TYPO_LETTERS,
  ROOT,
  TAILS,
  TYPO_END,
  type EvidenceLevel,
  type TitleIndex,
  type TitleName,
} from './title-index.ts';
import { Candidates } from './candidates.ts';
import { gapAccepts } from './tokenize.ts';
import { CENSORED_STEPS_PER_BLOCK, walkExact, type TrieHit } from './trie-walk.ts';
import { buildTypoIndex, walkTypos, type TypoIndex } from './typo.ts';
import { MAX_NEIGHBOURS, withinOneEditUnits } from './typo-filter.ts';

export type { Matcher, TextBlock, TextSpan, TitleMatch, TitleSource } from './match-types.ts';

// How far (in words) a year or a director's name may be from a shared title and still say
// which film is meant: about a sentence either side.
const CLUE_WINDOW = 40;

// One token table for every block and matcher: `find` runs to completion before the next.
const table = new TokenTable();

/** The matcher with the built-in word lists (Node, the CLI, the background). */
export function compileMatcher(films: readonly TitleSource[], lexicon: Lexicon = defaultLexicon()): Matcher {
  return compileMatcherWith(films, lexicon);
}

/**
 * The matcher with word lists given by the caller: the content script gets them with the title
 * index, so its bundle does not carry them (see test/build/bundle-size.test.ts).
 */
export function compileMatcherWith(films: readonly TitleSource[], lexicon: Lexicon): Matcher {
  const index = buildTitleIndex(films, lexicon);
  const typos = buildTypoIndex(index);
  return {
    size: index.names.length,
    find(block: TextBlock): TitleMatch[] {
      try {
        return findTitles(index, typos, block);
      } catch {
        // A matcher bug must never break the page it runs on.
        return [];
      }
    },
  };
}

function cleanMarks(marks: unknown, length: number): TextSpan[] {
  if (!Array.isArray(marks)) return [];
  const out: TextSpan[] = [];
  for (const m of marks as Array<Partial<TextSpan> | null>) {
    const start = m?.start;
    const end = m?.end;
    if (typeof start !== 'number' || typeof end !== 'number') continue;
    const s = Math.max(0, Math.min(length, start));
    const e = Math.max(0, Math.min(length, end));
    if (e > s) out.push(m?.link === true ? { start: s, end: e, link: true } : { start: s, end: e });
  }
  return out;
}

// Reused from block to block: `find` runs to completion before the next.
const exact: number[] = [];
const typo: TrieHit[] = [];
const candidates = new Candidates();
/** The block's words that tell films sharing a title apart (CLUE), in text order. */
const clueAt: number[] = [];
/** The first of clueAt that may still be near a match: matches are ordered by start. */
let clueFrom = 0;

function findTitles(index: TitleIndex, typos: TypoIndex, block: TextBlock): TitleMatch[] {
  const text = typeof block?.text === 'string' ? block.text : '';
  if (text === '' || index.names.length === 0) return [];
  const t = table;
  scanTokens(text, index.vocabulary, t);
  t.classes = index.wordClasses;
  const count = t.count;
  if (count === 0) return [];

  const budget = { censored: CENSORED_STEPS_PER_BLOCK };
  exact.length = 0;
  typo.length = 0;
  clueAt.length = 0;
  clueFrom = 0;
  const ids = t.ids;
  const flags = t.flags;
  const roles = index.roles;
  const trie = index.trie;
  const anyStart = trie.censored.has(trie.root);
  const singleFrom = typos.single.size > 0 ? MIN_TYPO_LETTERS - 1 : Infinity;
  const singleTo = typos.singleMaxLength + 1;
  // With no emphasis in the block, a one-word name in lower case is prose unless quoted or it
  // needs no evidence (EvidenceContext.accepts): such hits are not even listed.
  const marked = Array.isArray(block.marks) && block.marks.length > 0;
  const starts = t.starts;
  for (let k = 0; k < count; k++) {
    const id = ids[k]!;
    const role = id >= 0 ? roles[id]! : 0;
    if ((role & CLUE) !== 0) clueAt.push(k);
    const star = (flags[k]! & STAR) !== 0;
    if (anyStart || star || (role & ROOT) !== 0) {
      const c = text.charCodeAt(starts[k]!);
      const prose = !marked && c >= 0x61 && c <= 0x7a && !quotedSpan(text, starts[k]!, t.ends[k]!);
      walkExact(trie, index.ends, t, k, budget, exact, prose ? LEVEL_BITS.none : ALL_LEVELS);
    }
    // A typo walk needs an exact first word, an exact second word, or one long word.
    const next = k + 1 < count ? ids[k + 1]! : -1;
    const nextStar = k + 1 < count && (flags[k + 1]! & STAR) !== 0;
    const length = t.length(k);
    const forward = (role & FORWARD) !== 0;
    const tails = next >= 0 && (roles[next]! & TAILS) !== 0;
    const single = length >= singleFrom && length <= singleTo;
    if (!(star || forward || nextStar || tails || single)) continue;
    if (
      star ||
      nextStar ||
      (forward && k + 1 < count && typoAhead(index, typos, t, k)) ||
      typoHere(index, typos, t, k, tails, single)
    )
      walkTypos(typos, t, k, budget, typo);
  }
  if (exact.length === 0 && typo.length === 0) return [];

  let evidence: EvidenceContext | null = null;
  const evidenceOf = (): EvidenceContext =>
    (evidence ??= new EvidenceContext(text, t, null, cleanMarks(block.marks, text.length), index.lexicon));
  // Every name the page supports, with its span: several trie paths can spell one span (a
  // censored word, a title and an alias), and one match then carries all their films.
  const found = candidates;
  found.clear();
  /** `levels`: the evidence levels the page shows for this span, or -1 to ask per name. */
  const accept = (names: readonly TitleName[], start: number, end: number, isTypo: boolean, levels: number): void => {
    // Punctuation between the words is the only way a name's gaps can differ from the text's.
    let plain = true;
    for (let k = start + 1; k < end && plain; k++) plain = t.plainGap(k);
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (!plain && !gapsFit(name, t, start)) continue;
      if (levels !== ALL_LEVELS && name.evidence !== 'none') {
        if (levels >= 0 ? (levels & LEVEL_BITS[name.evidence]) === 0 : !evidenceOf().accepts(name.evidence, start, end))
          continue;
      }
      found.add(name, start, end, isTypo);
    }
  };
  const ends = index.ends;
  for (let h = 0; h < exact.length; h += 3) {
    const node = exact[h]!;
    const start = exact[h + 1]!;
    const end = exact[h + 2]!;
    // Ask the page once per level found here, not once per name; none shown, no name visited.
    const here = ends[node]! & ALL_LEVELS;
    let shown = LEVEL_BITS.none;
    for (let bit = LEVEL_BITS.name; bit <= LEVEL_BITS.marked; bit <<= 1) {
      if ((here & bit) !== 0 && evidenceOf().accepts(LEVEL_NAMES[bit]!, start, end)) shown |= bit;
    }
    if ((shown & here) !== 0) accept(trie.names[node]!, start, end, false, (here & ~shown) === 0 ? ALL_LEVELS : shown);
  }
  for (const c of typo) accept(c.names, c.start, c.end, true, -1);
  if (found.size === 0) return [];

  return found.chooseLongest(count, (filmIds, ordered, from, to, article): TitleMatch => {
    const first = article && evidenceOf().lowerCaseArticle(from, to) ? from + 1 : from;
    const start = t.starts[first]!;
    const end = t.ends[to - 1]!;
    if (filmIds.length > 1 && !ordered) {
      filmIds.sort((a, b) => (index.filmOrder.get(a) ?? 0) - (index.filmOrder.get(b) ?? 0));
    }
    return { filmIds: orderByClues(index, filmIds, t.ids, from, to), start, end, surface: text.slice(start, end) };
  });
}

const LEVEL_NAMES: Record<number, EvidenceLevel> = { 2: 'name', 4: 'word', 8: 'marked' };
/** Every level shown: each name passes, none need be read. */
const ALL_LEVELS = LEVEL_BITS.none | LEVEL_BITS.name | LEVEL_BITS.word | LEVEL_BITS.marked;

// Cheap necessary conditions of the typo walks (typo.ts), which cost strings: on a page most
// words that could start a typo match cannot, and are passed over here.
const near = new Int32Array(MAX_NEIGHBOURS);

/**
 * Can the walk forward from word k (a typo-eligible title's first word) meet a typo: is some
 * word after k, reached exactly along those titles, one edit from a word that may follow there?
 */
function typoAhead(index: TitleIndex, typos: TypoIndex, t: TokenTable, k: number): boolean {
  const trie = index.trie;
  const path = index.typoPath;
  let node = trie.rootChild(t.ids[k]!);
  if (node < 0 || path[node] === 0) return false;
  for (let j = k + 1; j < t.count; j++) {
    if (t.star(j)) return true;
    const id = t.ids[j]!;
    if (mistypable(typos, t, j)) {
      const words = nearWords(index, typos, t, j);
      if (words === null) return true;
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        const child = trie.child(node, word);
        if (child >= 0 && path[child] !== 0 && goesOn(index, t, child, j + 1)) return true;
      }
    }
    const exact = trie.child(node, id);
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
function nearWords(index: TitleIndex, typos: TypoIndex, t: TokenTable, j: number): Int32Array | null {
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
): boolean {
  if ((!tails && !single) || !mistypable(typos, t, k)) return false;
  const words = nearWords(index, typos, t, k);
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

/**
 * Films sharing a title, the one whose year or director is named nearest first; the others
 * keep catalog order.
 */
function orderByClues(index: TitleIndex, filmIds: string[], ids: Int32Array, first: number, end: number): string[] {
  if (filmIds.length < 2 || clueFrom >= clueAt.length) return filmIds;
  let distance: Map<string, number> | null = null;
  const from = Math.max(0, first - CLUE_WINDOW);
  const to = Math.min(table.count, end + CLUE_WINDOW);
  while (clueFrom < clueAt.length && clueAt[clueFrom]! < from) clueFrom++;
  for (let c = clueFrom; c < clueAt.length; c++) {
    const k = clueAt[c]!;
    if (k >= to) break;
    if (k >= first && k < end) continue;
    const pointed = index.clues.get(ids[k]!);
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

function gapsFit(name: TitleName, t: TokenTable, start: number): boolean {
  for (let k = 1; k < name.words.length; k++) {
    if (t.plainGap(start + k)) continue;
    if (!gapAccepts(name.gaps[k - 1] ?? '', t.gap(start + k))) return false;
  }
  return true;
}
