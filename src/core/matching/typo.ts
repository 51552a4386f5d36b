// One-typo matching for long titles ("In the Vallery of Elah"). One typo leaves every other
// word exact, so the exact words drive trie walks and only one word per title is compared
// with a bounded edit distance: the cost stays near that of exact matching.

import { TAILS, type BuiltTitleIndex } from './title-index.ts';
import type { TitleName } from './title-name.ts';
import { isCensored } from './tokenize.ts';
import { childrenFor, gapOpen, type Budget, type TrieHit, type WordSeq } from './trie-walk.ts';
import { MAX_NEIGHBOURS, TypoFilter } from './typo-filter.ts';
import { WordTrieBuilder, type WordTrie } from './word-trie.ts';

export interface TypoIndex {
  /**
   * Eligible names of two or more words, the typo in a later word: the main trie, walked only
   * through the nodes `forward` flags.
   */
  readonly trie: WordTrie<TitleName>;
  readonly forward: Uint8Array;
  /** Everyday words: a typo that spells one is prose, not a title. */
  readonly common: ReadonlySet<string>;
  /** The same names without their first word: the typo is in the first word. */
  readonly tails: WordTrie<TitleName>;
  /** One-word names, by the word and each of its one-letter deletions. */
  readonly single: Map<string, TitleName[]>;
  readonly singleMaxLength: number;
  /** Every title word a typo may hit, for a quick "no" (typo-filter.ts). */
  readonly filter: TypoFilter;
  /**
   * Per vocabulary id, filled as words are met: 0 not yet asked, 1 no, 2 yes to "may this page
   * word be a typo at all" (matcher.ts's mistypable), which depends on the word alone.
   */
  readonly typable: Uint8Array;
  /** Per vocabulary id, filled as words are met: the catalog words one edit from it (null: any word). */
  readonly nearby: Array<Int32Array | null | undefined>;
  /**
   * Per trie node with many children, filled as nodes are met: each eligible child word of 4+
   * letters under itself and its one-letter deletions (see variantsOf).
   */
  readonly variants: Map<number, Map<string, Array<[string, number]>>>;
  /**
   * Per list of tails-trie names shared by many names ("… Night"), filled as met: the names by
   * their first word, and for a typed word near too many words to list, also by each of its
   * one-letter deletions (see namesWithFirstWordTypo).
   */
  readonly byFirstWord: WeakMap<TitleName[], FirstWords>;
}

/** A shared list's names by first word (`exact`), and by its deletions too (`variants`) once needed. */
interface FirstWords {
  readonly exact: Map<string, TitleName[]>;
  variants: Map<string, TitleName[]> | null;
}

const MIN_LETTERS = 12;
// Below this, the children of a trie node are compared one by one.
const SCAN_LIMIT = 24;

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** Damerau (optimal string alignment) distance of at most one. */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la < lb ? a.slice(i) === b.slice(i + 1) : a.slice(i + 1) === b.slice(i);
}

/** Title words a typo may hit: not short words or numbers ("Part II" is not "Part III"). */
function typoTarget(word: string): boolean {
  return word.length >= 4 && /\p{L}/u.test(word) && !isCensored(word);
}

/**
 * May `typed` stand for the title word `word` with exactly one typo? Not when it is itself
 * an everyday word: "poor boys came" is prose, not "Poor Boys Game" mistyped.
 */
function typoOf(word: string, typed: string, common: ReadonlySet<string>): boolean {
  return typed !== word && typoTarget(word) && !isCensored(typed) && !common.has(typed) && withinOneEdit(word, typed);
}

/**
 * Could text word `k` be a typo of a title word? Short words, words no title word is one edit
 * from, and everyday words never are.
 */
function mayBeTypo(index: TypoIndex, seq: WordSeq, k: number): boolean {
  if (seq.length(k) < 3) return false;
  if (!index.filter.possible(seq.units, seq.foldStarts[k] as number, seq.foldEnds[k] as number, seq.ids[k] as number))
    return false;
  return !index.common.has(seq.word(k)) && !isCensored(seq.word(k));
}

/**
 * The typo tries and tables of a built index. Marks the index's roles with TAILS, since only
 * the tails trie knows which words a mistyped first word may precede.
 */
export function buildTypoIndex({ index, nameIds }: BuiltTitleIndex): TypoIndex {
  const { vocabulary, trie, typoPath, roles } = index;
  const building = new WordTrieBuilder<TitleName>(vocabulary, index.names.length);
  const single = new Map<string, TitleName[]>();
  const filter = new TypoFilter();
  let singleMaxLength = 0;
  // By vocabulary id: 0 not yet asked, 1 no, 2 yes to typoTarget.
  const targets = new Uint8Array(vocabulary.size);
  const target = (id: number, word: string): boolean => {
    if (id < 0 || id >= targets.length) return typoTarget(word);
    if (targets[id] === 0) targets[id] = typoTarget(word) ? 2 : 1;
    return targets[id] === 2;
  };
  for (const name of index.names) {
    if (!name.typo) continue;
    // Every typo-eligible name has its ids: only the short names, never eligible, have none.
    const ids = nameIds[name.id]!;
    const firstTarget = target(ids[0] as number, name.words[0] ?? '');
    for (let i = 0; i < name.words.length; i++) {
      const word = name.words[i] as string;
      // The first word of a longer title counts only when the tails trie holds it.
      if (target(ids[i] as number, word) && (i > 0 || name.words.length === 1 || firstTarget))
        filter.add(word, ids[i] as number);
    }
    const first = name.words[0] ?? '';
    if (name.words.length > 1) {
      if (firstTarget) {
        building.addName(building.insert(ids, name.gaps, 1), name);
      }
    } else if (firstTarget) {
      for (const key of [first, ...deletions(first)]) {
        const list = single.get(key);
        if (!list) single.set(key, [name]);
        else if (!list.includes(name)) list.push(name);
      }
      singleMaxLength = Math.max(singleMaxLength, first.length);
    }
  }
  const tails = building.finish();
  for (let c = tails.firstChild[tails.root]!; c < tails.firstChild[tails.root + 1]!; c++) {
    roles[tails.edgeWord[c] as number]! |= TAILS;
  }
  return {
    trie,
    forward: typoPath,
    tails,
    single,
    singleMaxLength,
    filter,
    common: index.lexicon.common,
    typable: new Uint8Array(vocabulary.size),
    nearby: new Array<Int32Array | null | undefined>(vocabulary.size),
    variants: new Map(),
    byFirstWord: new WeakMap(),
  };
}

/** For a node with many children: each eligible key of 4+ letters under itself and its deletions. */
function variantsOf(index: TypoIndex, node: number): Map<string, Array<[string, number]>> {
  const perIndex = index.variants;
  let variants = perIndex.get(node);
  if (!variants) {
    variants = new Map();
    const trie = index.trie;
    for (let c = trie.firstChild[node]!; c < trie.firstChild[node + 1]!; c++) {
      if (index.forward[c] === 0) continue;
      const word = trie.words(c);
      if (!typoTarget(word)) continue;
      for (const key of [word, ...deletions(word)]) {
        const list = variants.get(key);
        if (list) list.push([word, c]);
        else variants.set(key, [[word, c]]);
      }
    }
    perIndex.set(node, variants);
  }
  return variants;
}

/** Eligible children of `node` whose word is one typo away from text word `at`. */
function typoChildren(index: TypoIndex, node: number, seq: WordSeq, at: number): number[] {
  const out: number[] = [];
  const trie = index.trie;
  const typed = seq.word(at);
  if (trie.childCount(node) <= SCAN_LIMIT) {
    for (let c = trie.firstChild[node]!; c < trie.firstChild[node + 1]!; c++) {
      if (index.forward[c] !== 0 && typoOf(trie.words(c), typed, index.common)) out.push(c);
    }
    return out;
  }
  // A node with many children ("The …" at 100,000 films) is asked by the catalog words near the
  // typed one (typo-filter.ts), a handful, not by a map of its children's deletions: that map,
  // built per node on a fresh index, was the find's largest new cost at 100,000 films.
  const near = nearIds(index, seq, at);
  if (near === null) return typoChildrenByVariants(index, node, typed);
  for (let i = 0; i < near.length; i++) {
    const child = trie.child(node, near[i]!);
    if (
      child >= 0 &&
      index.forward[child] !== 0 &&
      !out.includes(child) &&
      typoOf(trie.words(child), typed, index.common)
    )
      out.push(child);
  }
  return out.length > 1 ? inVariantOrder(trie, out, typed) : out;
}

const nearScratch = new Int32Array(MAX_NEIGHBOURS);

/**
 * The filter's words that text word `at` may be one edit from (typo-possible.ts's, learnt per
 * vocabulary word, when it has them), or null for "any word". A superset: typoOf decides.
 */
function nearIds(index: TypoIndex, seq: WordSeq, at: number): Int32Array | null {
  const id = seq.ids[at]!;
  const known = id >= 0 ? index.nearby[id] : undefined;
  if (known !== undefined) return known;
  const n = index.filter.neighbours(seq.units, seq.foldStarts[at]!, seq.foldEnds[at]!, id, nearScratch);
  return n < 0 ? null : nearScratch.subarray(0, n);
}

/**
 * `children` as the variants map gives them: by the first of `typed` and its deletions that the
 * child's word or one of its deletions is, then by child.
 */
function inVariantOrder(trie: WordTrie<TitleName>, children: number[], typed: string): number[] {
  const keys = [typed, ...deletions(typed)];
  const rank = (child: number): number => {
    const word = trie.words(child);
    const own = new Set([word, ...deletions(word)]);
    return keys.findIndex((key) => own.has(key));
  };
  const ranked = children.map((child) => [rank(child), child] as const);
  return ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, child]) => child);
}

/** typoChildren for a typed word near too many words to list (or too long): by the node's variants map. */
function typoChildrenByVariants(index: TypoIndex, node: number, typed: string): number[] {
  const out: number[] = [];
  const variants = variantsOf(index, node);
  for (const key of [typed, ...deletions(typed)]) {
    for (const [word, child] of variants.get(key) ?? []) {
      if (!out.includes(child) && typoOf(word, typed, index.common)) out.push(child);
    }
  }
  return out;
}

/** Names spelt from `start` on with exactly one typo, in a word after the first. */
function walkForward(index: TypoIndex, seq: WordSeq, start: number, budget: Budget, out: TrieHit[]): void {
  const trie = index.trie;
  const only = index.forward;
  const entry = trie.child(trie.root, seq.ids[start] as number);
  if (!seq.star(start) && (entry < 0 || only[entry] === 0)) return;
  const stack: Array<[number, number, boolean]> = [[trie.root, start, false]];
  while (stack.length > 0) {
    const [node, at, typo] = stack.pop() as [number, number, boolean];
    if (at >= seq.count) continue;
    if (at > start && !gapOpen(trie, node, seq.gap(at))) continue;
    const steps: Array<[number, boolean]> = childrenFor(trie, node, seq, at, budget, only).map((c) => [c, typo]);
    if (!typo && at > start && mayBeTypo(index, seq, at))
      for (const child of typoChildren(index, node, seq, at)) steps.push([child, true]);
    for (const [child, typed] of steps) {
      if (typed) {
        const names = trie.namesAt(child);
        // Names ending at one node share their words, so they are all eligible or none is.
        if (names && names[0]?.typo === true) out.push({ names, start, end: at + 1 });
      }
      if (trie.hasChildren(child)) stack.push([child, at + 1, typed]);
    }
  }
}

/**
 * The names whose first word text word `at` mistypes. For tails shared by many names ("… Night"),
 * by index.byFirstWord, so the typed word is compared with a handful, not hundreds: the catalog
 * words near it (typo-filter.ts) that start a title, looked up by their string. A table of
 * every first word's deletions, built per list on a fresh index, cost more at 100,000 films
 * than the lookups it saved; it is built only for a typed word near too many words to list.
 */
function namesWithFirstWordTypo(index: TypoIndex, names: TitleName[], seq: WordSeq, at: number): TitleName[] {
  const common = index.common;
  const typed = seq.word(at);
  if (names.length <= SCAN_LIMIT) return names.filter((n) => typoOf(n.words[0] ?? '', typed, common));
  let firstWords = index.byFirstWord.get(names);
  if (!firstWords) {
    const exact = new Map<string, TitleName[]>();
    for (const name of names) {
      const first = name.words[0] ?? '';
      const list = exact.get(first);
      if (!list) exact.set(first, [name]);
      else list.push(name);
    }
    firstWords = { exact, variants: null };
    index.byFirstWord.set(names, firstWords);
  }
  const out: TitleName[] = [];
  const near = nearIds(index, seq, at);
  if (near === null) {
    const variants = (firstWords.variants ??= variantsOfFirstWords(names));
    for (const key of [typed, ...deletions(typed)]) {
      for (const name of variants.get(key) ?? []) {
        if (!out.includes(name) && typoOf(name.words[0] ?? '', typed, common)) out.push(name);
      }
    }
  } else {
    const trie = index.trie;
    for (let i = 0; i < near.length; i++) {
      // Every name's first word is a child of the main trie's root.
      const entry = trie.rootChild(near[i]!);
      if (entry < 0) continue;
      const word = trie.words(entry);
      for (const name of firstWords.exact.get(word) ?? []) {
        if (!out.includes(name) && typoOf(word, typed, common)) out.push(name);
      }
    }
  }
  // Keep the order of `names`, as the plain filter would.
  return out.length > 1 ? names.filter((n) => out.includes(n)) : out;
}

/** The names under each first word and each of its one-letter deletions. */
function variantsOfFirstWords(names: readonly TitleName[]): Map<string, TitleName[]> {
  const byVariant = new Map<string, TitleName[]>();
  for (const name of names) {
    const first = name.words[0] ?? '';
    for (const key of [first, ...deletions(first)]) {
      const list = byVariant.get(key);
      if (!list) byVariant.set(key, [name]);
      else if (list[list.length - 1] !== name) list.push(name);
    }
  }
  return byVariant;
}

/** Names whose first word is mistyped as word `start` and whose other words follow exactly. */
function walkTails(index: TypoIndex, seq: WordSeq, start: number, budget: Budget, out: TrieHit[]): void {
  const tails = index.tails;
  if (start + 1 >= seq.count) return;
  if (!seq.star(start + 1) && tails.child(tails.root, seq.ids[start + 1] as number) < 0) return;
  if (!mayBeTypo(index, seq, start)) return;
  const stack: Array<[number, number]> = [[tails.root, start + 1]];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [number, number];
    if (at >= seq.count) continue;
    if (at > start + 1 && !gapOpen(tails, node, seq.gap(at))) continue;
    for (const child of childrenFor(tails, node, seq, at, budget, null)) {
      const here = tails.namesAt(child);
      const names = here && namesWithFirstWordTypo(index, here, seq, start);
      if (names && names.length > 0) out.push({ names, start, end: at + 1 });
      if (tails.hasChildren(child)) stack.push([child, at + 1]);
    }
  }
}

/** Candidate one-typo matches starting at word `start`; the caller checks gaps and evidence. */
export function walkTypos(index: TypoIndex, seq: WordSeq, start: number, budget: Budget, out: TrieHit[]): void {
  walkForward(index, seq, start, budget, out);
  walkTails(index, seq, start, budget, out);
  const length = seq.length(start);
  if (index.single.size === 0 || length < MIN_LETTERS - 1 || length > index.singleMaxLength + 1) return;
  if (!mayBeTypo(index, seq, start)) return;
  const word = seq.word(start);
  const names: TitleName[] = [];
  for (const key of [word, ...deletions(word)]) {
    for (const name of index.single.get(key) ?? []) {
      if (!names.includes(name) && typoOf(name.words[0] ?? '', word, index.common)) names.push(name);
    }
  }
  if (names.length > 0) out.push({ names, start, end: start + 1 });
}
