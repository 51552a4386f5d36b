// One-typo matching for long titles ("In the Vallery of Elah"). One typo leaves every other
// word exact, so the exact words drive trie walks and only one word per title is compared
// with a bounded edit distance: the cost stays near that of exact matching.

import { COMMON_WORDS } from './common-words.ts';
import { insertPath, newTrieNode, type TitleName, type TrieNode } from './title-index.ts';
import { isCensored } from './tokenize.ts';
import { childrenFor, gapOpen, type Budget, type TrieHit } from './trie-walk.ts';

export interface TypoIndex {
  /** Eligible names of two or more words: the typo is in a later word. */
  readonly forward: TrieNode;
  /** The same names without their first word: the typo is in the first word. */
  readonly tails: TrieNode;
  /** One-word names, by the word and each of its one-letter deletions. */
  readonly single: Map<string, TitleName[]>;
  readonly singleMaxLength: number;
}

// Shorter titles are too close to other words and titles for a typo to be trusted.
const MIN_LETTERS = 12;
const MIN_WORDS = 3;
// Below this, the children of a trie node are compared one by one.
const SCAN_LIMIT = 24;

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** Damerau (optimal string alignment) distance of at most one. */
export function withinOneEdit(a: string, b: string): boolean {
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
function typoOf(word: string, typed: string): boolean {
  return (
    typed !== word &&
    typoTarget(word) &&
    !isCensored(typed) &&
    !COMMON_WORDS.has(typed) &&
    withinOneEdit(word, typed)
  );
}

export function buildTypoIndex(names: readonly TitleName[]): TypoIndex {
  const forward = newTrieNode();
  const tails = newTrieNode();
  const single = new Map<string, TitleName[]>();
  let singleMaxLength = 0;
  for (const name of names) {
    // Ordinary words and bare numbers are too easy to hit by accident with a typo allowed.
    if (name.censored || name.evidence === 'word' || name.evidence === 'marked') continue;
    const letters = name.words.reduce((sum, w) => sum + w.length, 0);
    if (name.words.length < MIN_WORDS && letters < MIN_LETTERS) continue;
    const [first = '', ...rest] = name.words;
    if (rest.length > 0) {
      insertPath(forward, name.words, name.gaps, name);
      if (typoTarget(first)) insertPath(tails, rest, name.gaps.slice(1), name);
    } else if (typoTarget(first)) {
      for (const key of [first, ...deletions(first)]) {
        const list = single.get(key);
        if (!list) single.set(key, [name]);
        else if (!list.includes(name)) list.push(name);
      }
      singleMaxLength = Math.max(singleMaxLength, first.length);
    }
  }
  return { forward, tails, single, singleMaxLength };
}

// For nodes with many children: each key of 4+ letters under itself and its deletions.
const variantCache = new WeakMap<TrieNode, Map<string, Array<[string, TrieNode]>>>();

function variantsOf(node: TrieNode): Map<string, Array<[string, TrieNode]>> {
  let variants = variantCache.get(node);
  if (!variants) {
    variants = new Map();
    for (const entry of node.next) {
      if (!typoTarget(entry[0])) continue;
      for (const key of [entry[0], ...deletions(entry[0])]) {
        const list = variants.get(key);
        if (list) list.push(entry);
        else variants.set(key, [entry]);
      }
    }
    variantCache.set(node, variants);
  }
  return variants;
}

/** Children whose word is one typo away from the text word. */
function typoChildren(node: TrieNode, typed: string): TrieNode[] {
  // An everyday word is never taken for a typo (see typoOf): most words of a page stop here.
  if (typed.length < 3 || isCensored(typed) || COMMON_WORDS.has(typed)) return [];
  const out: TrieNode[] = [];
  if (node.next.size <= SCAN_LIMIT) {
    for (const [key, child] of node.next) if (typoOf(key, typed)) out.push(child);
    return out;
  }
  const variants = variantsOf(node);
  for (const key of [typed, ...deletions(typed)]) {
    for (const [word, child] of variants.get(key) ?? []) {
      if (!out.includes(child) && typoOf(word, typed)) out.push(child);
    }
  }
  return out;
}

/** Can a walk from `node` go on with `word` at all? A cheap test before any allocation. */
function mayEnter(node: TrieNode, word: string): boolean {
  return node.censoredNext !== null || word.includes('*') || node.next.has(word);
}

/** Names spelt from `start` on with exactly one typo, in a word after the first. */
function walkForward(index: TypoIndex, words: readonly string[], gaps: readonly string[], start: number, budget: Budget, out: TrieHit[]): void {
  if (!mayEnter(index.forward, words[start] ?? '')) return;
  const stack: Array<[TrieNode, number, boolean]> = [[index.forward, start, false]];
  while (stack.length > 0) {
    const [node, at, typo] = stack.pop() as [TrieNode, number, boolean];
    if (at >= words.length) continue;
    if (at > start && !gapOpen(node, gaps[at] ?? '')) continue;
    const word = words[at] ?? '';
    const steps: Array<[TrieNode, boolean]> = childrenFor(node, word, budget).map((c) => [c, typo]);
    if (!typo && at > start) for (const child of typoChildren(node, word)) steps.push([child, true]);
    for (const [child, typed] of steps) {
      if (typed && child.names) out.push({ names: child.names, start, end: at + 1 });
      if (child.next.size > 0) stack.push([child, at + 1, typed]);
    }
  }
}

// For tails shared by many names ("… Night"): the names under each first word and each of
// its one-letter deletions, so a typed word is compared with a handful, not hundreds.
const firstWordCache = new WeakMap<TitleName[], Map<string, TitleName[]>>();

function namesWithFirstWordTypo(names: TitleName[], typed: string): TitleName[] {
  if (names.length <= SCAN_LIMIT) return names.filter((n) => typoOf(n.words[0] ?? '', typed));
  let byVariant = firstWordCache.get(names);
  if (!byVariant) {
    byVariant = new Map();
    for (const name of names) {
      const first = name.words[0] ?? '';
      for (const key of [first, ...deletions(first)]) {
        const list = byVariant.get(key);
        if (!list) byVariant.set(key, [name]);
        else if (list[list.length - 1] !== name) list.push(name);
      }
    }
    firstWordCache.set(names, byVariant);
  }
  const out: TitleName[] = [];
  for (const key of [typed, ...deletions(typed)]) {
    for (const name of byVariant.get(key) ?? []) {
      if (!out.includes(name) && typoOf(name.words[0] ?? '', typed)) out.push(name);
    }
  }
  // Keep the order of `names`, as the plain filter would.
  return out.length > 1 ? names.filter((n) => out.includes(n)) : out;
}

/** Names whose first word is mistyped as `words[start]` and whose other words follow exactly. */
function walkTails(index: TypoIndex, words: readonly string[], gaps: readonly string[], start: number, budget: Budget, out: TrieHit[]): void {
  const typed = words[start] ?? '';
  if (typed.length < 3 || isCensored(typed) || COMMON_WORDS.has(typed)) return;
  if (!mayEnter(index.tails, words[start + 1] ?? '')) return;
  const stack: Array<[TrieNode, number]> = [[index.tails, start + 1]];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [TrieNode, number];
    if (at >= words.length) continue;
    if (at > start + 1 && !gapOpen(node, gaps[at] ?? '')) continue;
    for (const child of childrenFor(node, words[at] ?? '', budget)) {
      const names = child.names && namesWithFirstWordTypo(child.names, typed);
      if (names && names.length > 0) out.push({ names, start, end: at + 1 });
      if (child.next.size > 0) stack.push([child, at + 1]);
    }
  }
}

/** Candidate one-typo matches starting at `start`; the caller checks gaps and evidence. */
export function walkTypos(index: TypoIndex, words: readonly string[], gaps: readonly string[], start: number, budget: Budget, out: TrieHit[]): void {
  walkForward(index, words, gaps, start, budget, out);
  walkTails(index, words, gaps, start, budget, out);
  const word = words[start] ?? '';
  if (index.single.size === 0 || word.length < MIN_LETTERS - 1 || word.length > index.singleMaxLength + 1) return;
  const names: TitleName[] = [];
  for (const key of [word, ...deletions(word)]) {
    for (const name of index.single.get(key) ?? []) {
      if (!names.includes(name) && typoOf(name.words[0] ?? '', word)) names.push(name);
    }
  }
  if (names.length > 0) out.push({ names, start, end: start + 1 });
}
