// Walks the title trie along the words of a text. Exact words cost one map lookup; a
// censored word ("F***ing") is compared with the siblings that share its first or last
// letter, under a per-block budget so a page full of asterisks stays cheap.

import type { TitleName, TrieNode } from './title-index.ts';
import { censoredMatches, isCensored } from './tokenize.ts';

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

type Entry = [string, TrieNode];
interface Buckets {
  byFirst: Map<string, Entry[]>;
  byLast: Map<string, Entry[]>;
}

// Built on first use: most nodes never meet a censored word.
const bucketCache = new WeakMap<TrieNode, Buckets>();

function bucketsOf(node: TrieNode): Buckets {
  let buckets = bucketCache.get(node);
  if (!buckets) {
    buckets = { byFirst: new Map(), byLast: new Map() };
    for (const entry of node.next) {
      const key = entry[0];
      for (const [map, ch] of [
        [buckets.byFirst, key[0] ?? ''],
        [buckets.byLast, key[key.length - 1] ?? ''],
      ] as const) {
        const list = map.get(ch);
        if (list) list.push(entry);
        else map.set(ch, [entry]);
      }
    }
    bucketCache.set(node, buckets);
  }
  return buckets;
}

/** Children whose word the censored text word could stand for. */
function censoredChildren(node: TrieNode, pattern: string, budget: Budget): TrieNode[] {
  const first = pattern[0] ?? '*';
  const last = pattern[pattern.length - 1] ?? '*';
  let entries: Iterable<Entry>;
  if (first !== '*') entries = bucketsOf(node).byFirst.get(first) ?? [];
  else if (last !== '*') entries = bucketsOf(node).byLast.get(last) ?? [];
  else entries = node.next;
  const out: TrieNode[] = [];
  for (const [key, child] of entries) {
    if (--budget.censored < 0) break;
    if (censoredMatches(pattern, key)) out.push(child);
  }
  return out;
}

/** Children reachable from `node` with the text word `word`. */
export function childrenFor(node: TrieNode, word: string, budget: Budget): TrieNode[] {
  const exact = node.next.get(word);
  const out: TrieNode[] = exact ? [exact] : [];
  if (isCensored(word)) {
    if (budget.censored > 0) {
      for (const child of censoredChildren(node, word, budget)) if (child !== exact) out.push(child);
    }
  } else if (node.censoredNext) {
    // "Fucking" in the text where the catalog only has "F***ing".
    for (const [key, child] of node.censoredNext) {
      if (child !== exact && censoredMatches(key, word)) out.push(child);
    }
  }
  return out;
}

/** May the walk go on from `node` across the text's gap key `gap`? */
export function gapOpen(node: TrieNode, gap: string): boolean {
  return gap === '' || node.gapKeys?.has(gap) === true;
}

/** Every name spelt by the words from `start` on; `gaps[k]` is the gap key before word k. */
export function walkExact(
  root: TrieNode,
  words: readonly string[],
  gaps: readonly string[],
  start: number,
  budget: Budget,
  out: TrieHit[],
): void {
  // Most words of a page are not censored and most trie nodes have no censored child: then
  // there is one path at most, followed without allocating anything.
  let node = root;
  let at = start;
  while (at < words.length) {
    if (at > start && !gapOpen(node, gaps[at] ?? '')) return;
    const word = words[at] ?? '';
    if (node.censoredNext !== null || word.includes('*')) {
      walkBranching(node, words, gaps, start, at, budget, out);
      return;
    }
    const child = node.next.get(word);
    if (!child) return;
    if (child.names) out.push({ names: child.names, start, end: at + 1 });
    if (child.next.size === 0) return;
    node = child;
    at++;
  }
}

/** The general walk from `node` at word `from`, where a censored word may open several paths. */
function walkBranching(
  from: TrieNode,
  words: readonly string[],
  gaps: readonly string[],
  start: number,
  at0: number,
  budget: Budget,
  out: TrieHit[],
): void {
  const stack: Array<[TrieNode, number]> = [[from, at0]];
  while (stack.length > 0) {
    const [node, at] = stack.pop() as [TrieNode, number];
    if (at >= words.length) continue;
    if (at > at0 && !gapOpen(node, gaps[at] ?? '')) continue;
    for (const child of childrenFor(node, words[at] ?? '', budget)) {
      if (child.names) out.push({ names: child.names, start, end: at + 1 });
      if (child.next.size > 0) stack.push([child, at + 1]);
    }
  }
}
