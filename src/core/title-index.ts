// Compiles titles and aliases into a trie over folded word tokens, so that finding every
// title in a text costs a few map lookups per word, whatever the size of the catalog.

import { COMMON_WORDS } from './common-words.ts';
import type { TitleSource } from './match-types.ts';
import { normalizeWithMap } from './normalize.ts';
import { gapKey, isCensored, tokenize } from './tokenize.ts';

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
  readonly gaps: string[];
  readonly evidence: EvidenceLevel;
  /** Some word holds a censoring `*` ("f***ing"). */
  readonly censored: boolean;
  /** Starts with "the", "a" or "an", which a sentence may take over ("the Wrestler party"). */
  readonly article: boolean;
}

export interface TrieNode {
  /** Shared empty map until the first child: most nodes are leaves. */
  next: Map<string, TrieNode>;
  /** Children whose word is censored in the catalog, matched by pattern not by key. */
  censoredNext: Array<[string, TrieNode]> | null;
  /** Names that end here. */
  names: TitleName[] | null;
  /** Non-empty gap keys used by names continuing from here: other punctuation ends a walk. */
  gapKeys: Set<string> | null;
}

export interface TitleIndex {
  readonly root: TrieNode;
  readonly names: TitleName[];
  /** Position of each film in the catalog, to report shared titles in a stable order. */
  readonly filmOrder: Map<string, number>;
  /**
   * For films sharing a title: the folded words (year, directors' surnames) that, found near
   * the title, say which film the page means.
   */
  readonly clues: Map<string, string[]>;
}

const ARTICLES = new Set(['the', 'a', 'an']);

// Never written to: insertPath swaps in a fresh map before adding a child.
const NO_CHILDREN = new Map<string, TrieNode>();

export const newTrieNode = (): TrieNode => ({ next: NO_CHILDREN, censoredNext: null, names: null, gapKeys: null });

// Catalog text comes from feeds: a pathological title must not cost unbounded memory.
const MAX_TITLE_LENGTH = 300;
const MAX_WORDS = 40;

function evidenceFor(words: string[]): EvidenceLevel {
  const letters = words.join('');
  if (letters.length <= 1 || words.every((w) => /^\p{N}+$/u.test(w))) return 'marked';
  if (words.length <= 2 && words.every((w) => COMMON_WORDS.has(w))) return 'word';
  return words.length === 1 ? 'name' : 'none';
}

/**
 * The ways a title is spelt in words: as written, and with an apostrophe's short suffix glued
 * on, since pages often drop the apostrophe ("Poor Boys Game" for "Poor Boy's Game").
 */
function nameVariants(title: string): Array<{ words: string[]; gaps: string[] }> {
  const parts = nameParts(title);
  if (!parts) return [];
  const { words, gaps } = parts;
  const joined = { words: [words[0] ?? ''], gaps: [] as string[] };
  let changed = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    if (gaps[i - 1] === "'" && word.length <= 2 && /^\p{L}+$/u.test(word)) {
      joined.words[joined.words.length - 1] += word;
      changed = true;
    } else {
      joined.words.push(word);
      joined.gaps.push(gaps[i - 1] ?? '');
    }
  }
  return changed ? [parts, joined] : [parts];
}

function nameParts(title: string): { words: string[]; gaps: string[] } | null {
  const folded = normalizeWithMap(title.slice(0, MAX_TITLE_LENGTH)).text;
  const tokens = tokenize(folded);
  const words = tokens.words;
  if (words.length === 0 || words.length > MAX_WORDS) return null;
  // A name that is nothing but asterisks would match any censored word.
  if (words.every((w) => /^\*+$/.test(w))) return null;
  const gaps: string[] = [];
  for (let i = 1; i < words.length; i++) {
    gaps.push(gapKey(folded.slice(tokens.ends[i - 1], tokens.starts[i])));
  }
  return { words, gaps };
}

/** Adds `words` (joined by `gaps`) to the trie, ending at `name`. */
export function insertPath(root: TrieNode, words: readonly string[], gaps: readonly string[], name: TitleName): void {
  let node = root;
  words.forEach((word, i) => {
    const gap = i > 0 ? (gaps[i - 1] ?? '') : '';
    if (gap !== '') (node.gapKeys ??= new Set()).add(gap);
    let child = node.next.get(word);
    if (!child) {
      child = newTrieNode();
      if (node.next === NO_CHILDREN) node.next = new Map();
      node.next.set(word, child);
      if (isCensored(word)) (node.censoredNext ??= []).push([word, child]);
    }
    node = child;
  });
  (node.names ??= []).push(name);
}

export function buildTitleIndex(films: readonly TitleSource[]): TitleIndex {
  const root = newTrieNode();
  const byKey = new Map<string, { filmIds: string[]; words: string[]; gaps: string[] }>();
  const filmOrder = new Map<string, number>();
  for (const film of Array.isArray(films) ? films : []) {
    if (!film || typeof film.id !== 'string') continue;
    if (!filmOrder.has(film.id)) filmOrder.set(film.id, filmOrder.size);
    const aliases = Array.isArray(film.aliases) ? film.aliases : [];
    for (const title of [film.title, ...aliases]) {
      if (typeof title !== 'string') continue;
      for (const parts of nameVariants(title)) {
        const key = `${parts.words.join(' ')}\u0000${parts.gaps.join('\u0000')}`;
        const entry = byKey.get(key);
        if (!entry) byKey.set(key, { filmIds: [film.id], ...parts });
        else if (!entry.filmIds.includes(film.id)) entry.filmIds.push(film.id);
      }
    }
  }
  const names: TitleName[] = [];
  for (const { filmIds, words, gaps } of byKey.values()) {
    const name: TitleName = {
      id: names.length,
      filmIds,
      words,
      gaps,
      evidence: evidenceFor(words),
      censored: words.some(isCensored),
      article: words.length > 1 && ARTICLES.has(words[0] ?? ''),
    };
    names.push(name);
    insertPath(root, words, gaps, name);
  }
  return { root, names, filmOrder, clues: cluesFor(films, names) };
}

/** Clue word -> the films (among those sharing a title) it points to. */
function cluesFor(films: readonly TitleSource[], names: readonly TitleName[]): Map<string, string[]> {
  const shared = new Set(names.filter((n) => n.filmIds.length > 1).flatMap((n) => n.filmIds));
  const clues = new Map<string, string[]>();
  const done = new Set<string>();
  for (const film of Array.isArray(films) ? films : []) {
    if (!film || !shared.has(film.id) || done.has(film.id)) continue;
    done.add(film.id);
    const words = new Set<string>();
    if (typeof film.year === 'number' && Number.isInteger(film.year)) words.add(String(film.year));
    for (const director of Array.isArray(film.directors) ? film.directors : []) {
      if (typeof director !== 'string') continue;
      // Surnames: a first name ("Paul") is shared by too many people to tell films apart.
      const parts = tokenize(normalizeWithMap(director.slice(0, MAX_TITLE_LENGTH)).text).words.slice(1);
      for (const part of parts) if (part.length >= 3 && !COMMON_WORDS.has(part)) words.add(part);
    }
    for (const word of words) {
      const list = clues.get(word);
      if (list) list.push(film.id);
      else clues.set(word, [film.id]);
    }
  }
  return clues;
}
