// Finds film titles in a block of text. One pass folds and splits the text into word tokens
// numbered by the catalog's vocabulary (fold-scan.ts); a trie walk starts only at a word
// some title starts with (title-index.ts, trie-walk.ts, typo.ts). The cost grows with the
// length of the text, not with the size of the catalog, and a page word that no title uses
// never becomes a string.

import { Candidates } from './candidates.ts';
import { EvidenceContext } from './evidence.ts';
import { scanTokens } from './fold-scan.ts';
import { defaultLexicon, type Lexicon } from './lexicon.ts';
import type { Matcher, PackedSink, TextBlock, TextSpan, TitleMatch, TitleSource } from './match-types.ts';
import { quotedSpan } from './quotes.ts';
import { ClueReader } from './shared-titles.ts';
import { SoleNames } from './sole-names.ts';
import { buildTitleIndex, CLUE, FORWARD, LEVEL_BITS, ROOT, TAILS, type TitleIndex } from './title-index.ts';
import { MIN_TYPO_LETTERS, type EvidenceLevel, type TitleName } from './title-name.ts';
import { STAR, TokenTable } from './token-table.ts';
import { gapAccepts } from './tokenize.ts';
import { CENSORED_STEPS_PER_BLOCK, Hits, NOT_LOOKED_UP, walkExact, walkOn, type TrieHit } from './trie-walk.ts';
import { buildTypoIndex, walkTypos, type TypoIndex } from './typo.ts';
import { nearBuffer, typoHints, typoPossible, type TypoHints } from './typo-possible.ts';
import type { WordLookup } from './vocabulary.ts';

export type { Matcher, TextBlock, TextSpan, TitleMatch, TitleSource } from './match-types.ts';

/**
 * What a matcher reuses from block to block, so that a block costs no allocation but its
 * matches: `find` runs to completion before the next.
 */
interface Scratch {
  readonly table: TokenTable;
  /** Exact walks' hits, three numbers each: trie node, first token, end token. */
  readonly exact: Hits;
  readonly typo: TrieHit[];
  readonly candidates: Candidates;
  readonly clues: ClueReader;
  readonly near: Int32Array;
  /** Per vocabulary id, what the per-word loop asks of it (see leadOf), 0 until learnt. */
  readonly leads: Uint16Array;
  readonly typoHints: TypoHints;
  readonly words: WordLookup;
  /** The only name of a chosen node, kept by node (see SoleNames). */
  readonly sole: SoleNames;
}

// A word's lead bits (leadOf): the evidence levels and TYPO_END of the name ending at the
// root's child for it, in the low 5 bits as TitleIndex.ends has them, then these. LEAD_KNOWN
// is set in every lead learnt, so 0 is a word not yet met.
const LEAD_ENDS = 0x1f;
const LEAD_ROOT = 0x20;
const LEAD_ON = 0x40;
const LEAD_CLUE = 0x80;
const LEAD_FORWARD = 0x100;
const LEAD_TAILS = 0x200;
const LEAD_KNOWN = 0x400;
// Long enough for a one-word title's typo (the per-word loop's `single`).
const LEAD_SINGLE = 0x800;

/**
 * What the per-word loop would read from `roles`, the root's child, its `ends` and its children
 * for vocabulary word `id`, in one number kept in `leads`: nearly every word of a page starts a
 * walk (each prose word is some title's first word), and most walks end at the root's child.
 * Learnt when the word is first met on a page, not for the whole vocabulary when the matcher is
 * made: that cost a woken worker's first find 2-4 ms (issue 28), for words most pages never use.
 */
function leadOf(index: TitleIndex, typos: TypoIndex, leads: Uint16Array, id: number): number {
  const role = index.roles[id]!;
  let lead =
    LEAD_KNOWN | (role & CLUE ? LEAD_CLUE : 0) | (role & FORWARD ? LEAD_FORWARD : 0) | (role & TAILS ? LEAD_TAILS : 0);
  if (singleLength(typos, index.vocabulary.words[id]!.length)) lead |= LEAD_SINGLE;
  if ((role & ROOT) !== 0) {
    const child = index.trie.rootChild(id);
    if (child >= 0)
      lead |= LEAD_ROOT | (index.ends[child]! & LEAD_ENDS) | (index.trie.hasChildren(child) ? LEAD_ON : 0);
  }
  leads[id] = lead;
  return lead;
}

/** May a word of `length` units be a typo of a one-word title (walkTypos's single names)? */
function singleLength(typos: TypoIndex, length: number): boolean {
  return typos.single.size > 0 && length >= MIN_TYPO_LETTERS - 1 && length <= typos.singleMaxLength + 1;
}

/** The matcher with the built-in word lists: the worker's (background/title-matcher.ts) and the CLI's. */
export function compileMatcher(films: readonly TitleSource[], lexicon: Lexicon = defaultLexicon()): Matcher {
  return compileMatcherWith(films, lexicon);
}

/**
 * The matcher with word lists given by the caller, for a bundle that must not carry the built-in
 * ones (common-words.ts), which compileMatcher's default brings in.
 */
export function compileMatcherWith(films: readonly TitleSource[], lexicon: Lexicon): Matcher {
  return matcherOf(compileTitles(films, lexicon));
}

/** What a matcher searches: plain data, which stored-index.ts keeps between worker lives. */
export interface CompiledTitles {
  readonly index: TitleIndex;
  readonly typos: TypoIndex;
}

export function compileTitles(films: readonly TitleSource[], lexicon: Lexicon = defaultLexicon()): CompiledTitles {
  const built = buildTitleIndex(films, lexicon);
  return { index: built.index, typos: buildTypoIndex(built) };
}

/** The matcher over compiled titles, built now or read back (stored-index.ts). */
export function matcherOf({ index, typos }: CompiledTitles): Matcher {
  const scratch: Scratch = {
    table: new TokenTable(),
    exact: new Hits(),
    typo: [],
    candidates: new Candidates(),
    clues: new ClueReader(),
    near: nearBuffer(),
    leads: new Uint16Array(index.roles.length),
    typoHints: typoHints(index),
    words: index.vocabulary.lookup(),
    sole: new SoleNames(index.trie),
  };
  return {
    size: index.nameCount,
    find(block: TextBlock): TitleMatch[] {
      const text = typeof block?.text === 'string' ? block.text : '';
      const out: TitleMatch[] = [];
      try {
        findTitles(index, typos, scratch, block, (filmIds, start, end) =>
          out.push({ filmIds, start, end, surface: text.slice(start, end) }),
        );
      } catch {
        // A matcher bug costs one block its matches, not the batch the worker answers for a
        // page, nor the rest of a CLI scan.
        return [];
      }
      return out;
    },
    findInto(block: TextBlock, into: PackedSink): void {
      const flat = into.block();
      try {
        findTitles(index, typos, scratch, block, (filmIds, start, end) => flat.push(start, end, into.listOf(filmIds)));
      } catch {
        flat.length = 0;
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

/** A chosen match: token spans made UTF-16 offsets, film list ordered. */
type Emit = (filmIds: string[], start: number, end: number) => void;

/** The block's matches, in text order, given to `emit`. */
function findTitles(index: TitleIndex, typos: TypoIndex, scratch: Scratch, block: TextBlock, emit: Emit): void {
  const text = typeof block?.text === 'string' ? block.text : '';
  if (text === '' || index.nameCount === 0) return;
  const { table: t, exact, typo, clues, near } = scratch;
  scanTokens(text, index.vocabulary, t, scratch.words);
  t.classes = index.wordClasses;
  const count = t.count;
  if (count === 0) return;

  const budget = { censored: CENSORED_STEPS_PER_BLOCK };
  exact.clear();
  if (typo.length > 0) typo.length = 0;
  clues.reset();
  const clueAt = clues.at;
  const ids = t.ids;
  const flags = t.flags;
  const leads = scratch.leads;
  const hints = scratch.typoHints;
  const trie = index.trie;
  const nodeEnds = index.ends;
  const anyStart = trie.censored.has(trie.root);
  // With no emphasis in the block, a one-word name in lower case is prose unless quoted or it
  // needs no evidence (EvidenceContext.accepts): such hits are not even listed.
  const marked = Array.isArray(block.marks) && block.marks.length > 0;
  // Word k + 1's id, flags and lead are read once, as the next word's and then as this one's.
  let id = ids[0]!;
  let flag = flags[0]!;
  let lead = id < 0 ? 0 : leads[id]! || leadOf(index, typos, leads, id);
  for (let k = 0; k < count; k++) {
    let next = -1;
    let nextFlag = 0;
    let nextLead = 0;
    if (k + 1 < count) {
      next = ids[k + 1]!;
      nextFlag = flags[k + 1]!;
      if (next >= 0) nextLead = leads[next]! || leadOf(index, typos, leads, next);
    }
    if ((lead & LEAD_CLUE) !== 0) clueAt.push(k);
    const star = (flag & STAR) !== 0;
    // The root child's child for word k + 1, if the exact walk looked it up: the typo check asks it too.
    let after = NOT_LOOKED_UP;
    if (anyStart || star) {
      walkExact(trie, nodeEnds, t, k, budget, exact, prose(text, t, k, marked) ? LEVEL_BITS.none : ALL_LEVELS);
    } else if ((lead & LEAD_ROOT) !== 0) {
      // walkExact's first step, from the lead: whether the word is prose is asked only of a
      // one-word name that needs evidence.
      const here = lead & LEAD_ENDS;
      if (here !== 0 && ((here & LEVEL_BITS.none) !== 0 || !prose(text, t, k, marked)))
        exact.push(trie.rootChild(id), k, k + 1);
      if ((lead & LEAD_ON) !== 0) after = walkOn(trie, nodeEnds, t, k, trie.rootChild(id), budget, exact);
    }
    const forward = (lead & LEAD_FORWARD) !== 0;
    // A word outside the vocabulary has no lead: its length is read.
    const single = id >= 0 ? (lead & LEAD_SINGLE) !== 0 : singleLength(typos, t.length(k));
    id = next;
    flag = nextFlag;
    lead = nextLead;
    // A typo walk needs an exact first word, an exact second word, or one long word.
    if (!star && (nextFlag & STAR) === 0) {
      const tails = (nextLead & LEAD_TAILS) !== 0;
      if (!(forward || tails || single)) continue;
      if (!typoPossible(index, typos, t, k, forward, tails, single, near, hints, after)) continue;
    }
    walkTypos(typos, t, k, budget, typo);
  }
  if (exact.size === 0 && typo.length === 0) return;

  let evidence: EvidenceContext | null = null;
  const evidenceOf = (): EvidenceContext =>
    (evidence ??= new EvidenceContext(text, t, null, cleanMarks(block.marks, text.length), index.lexicon));
  // Every name the page supports, with its span: several trie paths can spell one span (a
  // censored word, a title and an alias), and one match then carries all their films.
  const found = scratch.candidates;
  found.clear();
  /** `levels`: the evidence levels the page shows for this span, or -1 to ask per name. */
  const accept = (names: readonly TitleName[], start: number, end: number, levels: number, typo: boolean): void => {
    // Punctuation between the words is the only way a name's gaps can differ from the text's.
    const plain = plainSpan(t, start, end);
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (!plain && !gapsFit(name, t, start)) continue;
      if (levels !== ALL_LEVELS && name.evidence !== 'none') {
        if (levels >= 0 ? (levels & LEVEL_BITS[name.evidence]) === 0 : !evidenceOf().accepts(name.evidence, start, end))
          continue;
      }
      if (typo) found.add(name, start, end, true);
      else found.pick(name);
    }
  };
  const ends = index.ends;
  const sole = scratch.sole;
  const hits = exact.data;
  for (let h = 0; h < exact.size; h += 3) found.addNode(hits[h]!, hits[h + 1]!, hits[h + 2]!);
  for (const c of typo) accept(c.names, c.start, c.end, -1, true);
  if (found.size === 0) return;

  // An exact hit's names, asked for only when its span's turn comes (Candidates): the page is
  // asked once per level found at the node, not once per name; none shown, no name visited.
  const resolve = (node: number, start: number, end: number): void => {
    const here = ends[node]! & ALL_LEVELS;
    let shown = LEVEL_BITS.none;
    for (let bit = LEVEL_BITS.name; bit <= LEVEL_BITS.marked; bit <<= 1) {
      if ((here & bit) !== 0 && evidenceOf().accepts(LEVEL_NAMES[bit]!, start, end)) shown |= bit;
    }
    if ((shown & here) === 0) return;
    const levels = (here & ~shown) === 0 ? ALL_LEVELS : shown;
    // Every level shown and no punctuation between the words: a node's only name is taken as it
    // is (accept would check nothing of it), from the matcher's table, not from its object.
    if (levels === ALL_LEVELS && plainSpan(t, start, end) && sole.pick(node, found)) return;
    accept(trie.namesAt(node)!, start, end, levels, false);
  };
  const cluesOf = (): ReadonlyMap<number, string[]> => index.clues;
  found.chooseLongest(count, resolve, (filmIds, ordered, from, to, article): void => {
    const first = article && evidenceOf().lowerCaseArticle(from, to) ? from + 1 : from;
    const start = t.starts[first]!;
    const end = t.ends[to - 1]!;
    if (!ordered && filmIds.length > 1) {
      filmIds.sort((a, b) => (index.filmOrder.get(a) ?? 0) - (index.filmOrder.get(b) ?? 0));
    }
    emit(clues.order(cluesOf, filmIds, t.ids, count, from, to), start, end);
  });
}

/** No punctuation between the words of tokens [start, end), only spaces and dashes? */
function plainSpan(t: TokenTable, start: number, end: number): boolean {
  for (let k = start + 1; k < end; k++) if (!t.plainGap(k)) return false;
  return true;
}

/** Is word `k` prose: in lower case, not quoted, in a block without emphasis? */
function prose(text: string, t: TokenTable, k: number, marked: boolean): boolean {
  if (marked) return false;
  const at = t.starts[k]!;
  const c = text.charCodeAt(at);
  return c >= 0x61 && c <= 0x7a && !quotedSpan(text, at, t.ends[k]!);
}

const LEVEL_NAMES: Record<number, EvidenceLevel> = { 2: 'name', 4: 'word', 8: 'marked' };
/** Every level shown: each name passes, none need be read. */
const ALL_LEVELS = LEVEL_BITS.none | LEVEL_BITS.name | LEVEL_BITS.word | LEVEL_BITS.marked;

function gapsFit(name: TitleName, t: TokenTable, start: number): boolean {
  for (let k = 1; k < name.words.length; k++) {
    if (t.plainGap(start + k)) continue;
    if (!gapAccepts(name.gaps[k - 1] ?? '', t.gap(start + k))) return false;
  }
  return true;
}
