// Finds film titles in a block of text. One pass folds and splits the text into word tokens
// numbered by the catalog's vocabulary (fold-scan.ts); a trie walk starts only at a word
// some title starts with (title-index.ts, trie-walk.ts, typo.ts). The cost grows with the
// length of the text, not with the size of the catalog, and a page word that no title uses
// never becomes a string.

import { EvidenceContext } from './evidence.ts';
import { defaultLexicon, type Lexicon } from './lexicon.ts';
import { scanTokens, STAR, TokenTable } from './fold-scan.ts';
import type { Matcher, TextBlock, TextSpan, TitleMatch, TitleSource } from './match-types.ts';
import {
  buildTitleIndex,
  CLUE,
  FORWARD,
  MIN_TYPO_LETTERS,
  ROOT,
  TAILS,
  type TitleIndex,
  type TitleName,
} from './title-index.ts';
import { gapAccepts } from './tokenize.ts';
import { CENSORED_STEPS_PER_BLOCK, walkExact, type TrieHit } from './trie-walk.ts';
import { buildTypoIndex, walkTypos, type TypoIndex } from './typo.ts';

export type { Matcher, TextBlock, TextSpan, TitleMatch, TitleSource } from './match-types.ts';

interface Accepted {
  filmIds: string[];
  start: number;
  end: number;
  typo: boolean;
  article: boolean;
}

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

function findTitles(index: TitleIndex, typos: TypoIndex, block: TextBlock): TitleMatch[] {
  const text = typeof block?.text === 'string' ? block.text : '';
  if (text === '' || index.names.length === 0) return [];
  const t = table;
  scanTokens(text, index.vocabulary, t);
  const count = t.count;
  if (count === 0) return [];

  const budget = { censored: CENSORED_STEPS_PER_BLOCK };
  const exact: number[] = [];
  const typo: TrieHit[] = [];
  const ids = t.ids;
  const flags = t.flags;
  const roles = index.roles;
  const anyStart = index.trie.censored.has(index.trie.root);
  const singleFrom = typos.single.size > 0 ? MIN_TYPO_LETTERS - 1 : Infinity;
  const singleTo = typos.singleMaxLength + 1;
  for (let k = 0; k < count; k++) {
    const id = ids[k]!;
    const role = id >= 0 ? roles[id]! : 0;
    const star = (flags[k]! & STAR) !== 0;
    if (anyStart || star || (role & ROOT) !== 0) walkExact(index.trie, t, k, budget, exact);
    // A typo walk needs an exact first word, an exact second word, or one long word.
    const next = k + 1 < count ? ids[k + 1]! : -1;
    const length = t.length(k);
    if (
      star ||
      (role & FORWARD) !== 0 ||
      (k + 1 < count && ((flags[k + 1]! & STAR) !== 0 || (next >= 0 && (roles[next]! & TAILS) !== 0))) ||
      (length >= singleFrom && length <= singleTo)
    ) {
      walkTypos(typos, t, k, budget, typo);
    }
  }
  if (exact.length === 0 && typo.length === 0) return [];

  let evidence: EvidenceContext | null = null;
  const evidenceOf = (): EvidenceContext =>
    (evidence ??= new EvidenceContext(text, t, null, cleanMarks(block.marks, text.length), index.lexicon));
  // Several trie paths can spell the same span (a censored word, a title and an alias):
  // one match carries all their films.
  const accepted = new Map<number, Accepted>();
  const accept = (names: readonly TitleName[], start: number, end: number, isTypo: boolean): void => {
    for (const name of names) {
      if (!gapsFit(name, t, start)) continue;
      if (name.evidence !== 'none' && !evidenceOf().accepts(name.evidence, start, end)) continue;
      // A title is at most MAX_WORDS (40) words long.
      const key = start * 128 + (end - start) * 2 + (isTypo ? 1 : 0);
      let match = accepted.get(key);
      if (!match) accepted.set(key, (match = { filmIds: [], start, end, typo: isTypo, article: false }));
      match.article ||= name.article;
      for (const id of name.filmIds) if (!match.filmIds.includes(id)) match.filmIds.push(id);
    }
  };
  for (let h = 0; h < exact.length; h += 3) accept(index.trie.names[exact[h]!]!, exact[h + 1]!, exact[h + 2]!, false);
  for (const c of typo) accept(c.names, c.start, c.end, true);
  if (accepted.size === 0) return [];

  return chooseLongest([...accepted.values()], count).map((m) => {
    const first = m.article && evidenceOf().lowerCaseArticle(m.start, m.end) ? m.start + 1 : m.start;
    const start = t.starts[first]!;
    const end = t.ends[m.end - 1]!;
    const filmIds = m.filmIds.sort((a, b) => (index.filmOrder.get(a) ?? 0) - (index.filmOrder.get(b) ?? 0));
    return { filmIds: orderByClues(index, filmIds, t.ids, m), start, end, surface: text.slice(start, end) };
  });
}

/**
 * Films sharing a title, the one whose year or director is named nearest first; the others
 * keep catalog order.
 */
function orderByClues(index: TitleIndex, filmIds: string[], ids: Int32Array, m: Accepted): string[] {
  if (filmIds.length < 2) return filmIds;
  const distance = new Map<string, number>();
  const from = Math.max(0, m.start - CLUE_WINDOW);
  const to = Math.min(table.count, m.end + CLUE_WINDOW);
  for (let k = from; k < to; k++) {
    if (k >= m.start && k < m.end) continue;
    const id = ids[k]!;
    if (id < 0 || (index.roles[id]! & CLUE) === 0) continue;
    const pointed = index.clues.get(id);
    if (!pointed) continue;
    const gap = k < m.start ? m.start - k : k - m.end + 1;
    for (const id of pointed) {
      if (filmIds.includes(id) && gap < (distance.get(id) ?? Infinity)) distance.set(id, gap);
    }
  }
  if (distance.size === 0) return filmIds;
  const near = (id: string): number => distance.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...filmIds].sort((a, b) => near(a) - near(b));
}

function gapsFit(name: TitleName, t: TokenTable, start: number): boolean {
  for (let k = 1; k < name.words.length; k++) {
    if (!gapAccepts(name.gaps[k - 1] ?? '', t.gap(start + k))) return false;
  }
  return true;
}

/** Longest matches first (then exact before typo, then leftmost); no two overlap. */
function chooseLongest(accepted: Accepted[], tokenCount: number): Accepted[] {
  const order = [...accepted].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || Number(a.typo) - Number(b.typo) || a.start - b.start,
  );
  const taken = new Uint8Array(tokenCount);
  const chosen: Accepted[] = [];
  for (const m of order) {
    let free = true;
    for (let k = m.start; k < m.end && free; k++) free = taken[k] === 0;
    if (!free) continue;
    taken.fill(1, m.start, m.end);
    chosen.push(m);
  }
  return chosen.sort((a, b) => a.start - b.start);
}
