// Walks the title trie along the words of a block. An exact word costs one table lookup by
// vocabulary id; a censored word ("F***ing") is compared with the siblings that share its
// first or last letter, under a per-block budget so a page full of asterisks stays cheap.

import type { TitleName } from './title-name.ts';
import { censoredMatches, isCensored } from './tokenize.ts';
import type { WordTrie } from './word-trie.ts';

/** The words of a block as the walks read them (token-table.ts's TokenTable). */
export interface WordSeq {
  readonly count: number;
  /** Vocabulary id per word, -1 for a word no title uses. */
  readonly ids: Int32Array;
  /** Folded text, and each word's span in it. */
  readonly units: Uint16Array;
  readonly foldStarts: Int32Array;
  readonly foldEnds: Int32Array;
  word(k: number): string;
  length(k: number): number;
  /** Does word `k` hold a `*`? */
  star(k: number): boolean;
  /** Gap key before word `k`. */
  gap(k: number): string;
  /** Is the gap before word `k` only spaces and dashes (its key '')? Cheaper than `gap`. */
  plainGap(k: number): boolean;
}

export interface TrieHit {
  names: TitleName[];
  /** Token range [start, end). */
  start: number;
  end: number;
}

/** Comparisons left for censored words in the current block. */
export interface Budget {
  censored: number;
}

export const CENSORED_STEPS_PER_BLOCK = 200_000;

/**
 * Exact hits, three numbers each (see walkExact), in a typed array kept from block to block:
 * an array cut to length 0 for each block lost its storage and grew again push by push.
 */
export class Hits {
  /** Numbers in use: three a hit. */
  size = 0;
  data = new Int32Array(768);

  clear(): void {
    this.size = 0;
  }

  push(node: number, start: number, end: number): void {
    const at = this.size;
    if (at + 3 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[at] = node;
    this.data[at + 1] = start;
    this.data[at + 2] = end;
    this.size = at + 3;
  }
}

type Trie = WordTrie<TitleName>;
type Entry = [string, number];
interface Buckets {
  all: Entry[];
  byFirst: Map<string, Entry[]>;
  byLast: Map<string, Entry[]>;
}

// Built on first use: most nodes never meet a censored word. Keyed by node, and by whether
// the walk keeps to the typo-eligible titles (`only`).
const bucketCache = new WeakMap<Trie, Map<number, Buckets>>();

function bucketsOf(trie: Trie, node: number, only: Uint8Array | null): Buckets {
  let perTrie = bucketCache.get(trie);
  if (!perTrie) bucketCache.set(trie, (perTrie = new Map()));
  const key = node * 2 + (only ? 1 : 0);
  let buckets = perTrie.get(key);
  if (!buckets) {
    buckets = { all: [], byFirst: new Map(), byLast: new Map() };
    for (let c = trie.firstChild[node]!; c < trie.firstChild[node + 1]!; c++) {
      if (only && only[c] === 0) continue;
      const word = trie.words(c);
      const entry: Entry = [word, c];
      buckets.all.push(entry);
      for (const [map, ch] of [
        [buckets.byFirst, word[0] ?? ''],
        [buckets.byLast, word[word.length - 1] ?? ''],
      ] as const) {
        const list = map.get(ch);
        if (list) list.push(entry);
        else map.set(ch, [entry]);
      }
    }
    perTrie.set(key, buckets);
  }
  return buckets;
}

/** Children whose word the censored text word could stand for. */
function censoredChildren(
  trie: Trie,
  node: number,
  pattern: string,
  budget: Budget,
  only: Uint8Array | null,
): number[] {
  const first = pattern[0] ?? '*';
  const last = pattern[pattern.length - 1] ?? '*';
  const buckets = bucketsOf(trie, node, only);
  let entries: Entry[];
  if (first !== '*') entries = buckets.byFirst.get(first) ?? [];
  else if (last !== '*') entries = buckets.byLast.get(last) ?? [];
  else entries = buckets.all;
  const out: number[] = [];
  for (const [key, child] of entries) {
    if (--budget.censored < 0) break;
    if (censoredMatches(pattern, key)) out.push(child);
  }
  return out;
}

/**
 * Children reachable from `node` with word `k`. With `only`, the walk keeps to nodes flagged
 * there (the typo-eligible titles, which hold no censored word).
 */
export function childrenFor(
  trie: Trie,
  node: number,
  seq: WordSeq,
  k: number,
  budget: Budget,
  only: Uint8Array | null,
): number[] {
  let exact = trie.child(node, seq.ids[k] as number);
  if (exact >= 0 && only && only[exact] === 0) exact = -1;
  const out: number[] = exact >= 0 ? [exact] : [];
  const word = seq.star(k) ? seq.word(k) : '';
  if (word !== '' && isCensored(word)) {
    if (budget.censored > 0) {
      for (const child of censoredChildren(trie, node, word, budget, only)) if (child !== exact) out.push(child);
    }
  } else if (!only && trie.censored.size > 0) {
    // "Fucking" in the text where the catalog only has "F***ing".
    const list = trie.censored.get(node);
    if (list) {
      const text = seq.word(k);
      for (const [key, child] of list) if (child !== exact && censoredMatches(key, text)) out.push(child);
    }
  }
  return out;
}

/** May the walk go on from `node` across the text's gap key `gap`? */
export function gapOpen(trie: Trie, node: number, gap: string): boolean {
  return gap === '' || trie.gapKeys.get(node)?.has(gap) === true;
}

/**
 * Every name spelt by the words from `start` on, pushed onto `out`: the trie node where the
 * names end, and the token range [start, end). `ends` is non-zero at the nodes
 * where names end. Exact hits are many (every "the" of a page when a film is called "The"):
 * no object for each. A one-word name is pushed only where `ends` shares a bit with `single`:
 * the caller knows the page turns down some levels there.
 */
export function walkExact(
  trie: Trie,
  ends: Uint8Array,
  seq: WordSeq,
  start: number,
  budget: Budget,
  out: Hits,
  single = 0xff,
): void {
  if ((trie.censored.size > 0 && trie.censored.has(trie.root)) || seq.star(start)) {
    walkBranching(trie, trie.root, seq, start, start, budget, out);
    return;
  }
  const child = trie.rootChild(seq.ids[start] as number);
  if (child < 0) return;
  const here = ends[child]!;
  if ((here & single) !== 0) out.push(child, start, start + 1);
  if (trie.hasChildren(child)) walkOn(trie, ends, seq, start, child, budget, out);
}

/** walkOn's answer when its first step did not look the next word up (see walkOn). */
export const NOT_LOOKED_UP = -2;

/**
 * walkExact past its first word: the names spelt by words `start` to `at` and on, the first
 * word having led to `node` (which has children), pushed as walkExact pushes them. The matcher
 * takes the first step itself, by its table of root children (see matcher.ts). Returns the
 * first step's lookup, `trie.child(node, word start + 1)` (-1 for none), which the typo
 * pre-check asks again (typo-possible.ts), or NOT_LOOKED_UP if the walk did not make it.
 */
export function walkOn(
  trie: Trie,
  ends: Uint8Array,
  seq: WordSeq,
  start: number,
  node: number,
  budget: Budget,
  out: Hits,
): number {
  // Most words of a page are not censored and most trie nodes have no censored child: then
  // there is one path at most, followed without allocating anything.
  const ids = seq.ids;
  const censored = trie.censored.size > 0;
  let first = NOT_LOOKED_UP;
  for (let at = start + 1; at < seq.count; at++) {
    if (!seq.plainGap(at) && !gapOpen(trie, node, seq.gap(at))) return first;
    if ((censored && trie.censored.has(node)) || seq.star(at)) {
      walkBranching(trie, node, seq, start, at, budget, out);
      return first;
    }
    const child = trie.child(node, ids[at] as number);
    if (at === start + 1) first = child;
    if (child < 0) return first;
    if (ends[child]! !== 0) out.push(child, start, at + 1);
    if (!trie.hasChildren(child)) return first;
    node = child;
  }
  return first;
}

/** The general walk from `node` at word `at0`, where a censored word may open several paths. */
function walkBranching(
  trie: Trie,
  from: number,
  seq: WordSeq,
  start: number,
  at0: number,
  budget: Budget,
  out: Hits,
): void {
  const stack: Array<[number, number]> = [[from, at0]];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [number, number];
    if (at >= seq.count) continue;
    if (at > at0 && !gapOpen(trie, node, seq.gap(at))) continue;
    for (const child of childrenFor(trie, node, seq, at, budget, null)) {
      if (trie.hasNames(child)) out.push(child, start, at + 1);
      if (trie.hasChildren(child)) stack.push([child, at + 1]);
    }
  }
}
