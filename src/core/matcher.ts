// Finds film titles in a block of text. The text is folded (normalize.ts), split into word
// tokens (tokenize.ts) and walked through a trie of every title and alias (title-index.ts):
// the cost grows with the length of the text, not with the size of the catalog.

import { EvidenceContext } from './evidence.ts';
import type { Matcher, TextBlock, TextSpan, TitleMatch, TitleSource } from './match-types.ts';
import { normalizeWithMap } from './normalize.ts';
import { buildTitleIndex, type TitleIndex, type TitleName } from './title-index.ts';
import { gapAccepts, gapKey, tokenize } from './tokenize.ts';
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

export function compileMatcher(films: readonly TitleSource[]): Matcher {
  const index = buildTitleIndex(films);
  const typos = buildTypoIndex(index.names);
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
  const folded = normalizeWithMap(text);
  const tokens = tokenize(folded.text);
  if (tokens.words.length === 0) return [];
  const gaps = tokens.words.map((_, k) => {
    const from = tokens.ends[k - 1] ?? 0;
    const to = tokens.starts[k] ?? 0;
    // Nearly every gap is one space: no slice for it.
    if (k === 0 || (to - from === 1 && folded.text.charCodeAt(from) === 0x20)) return '';
    return gapKey(folded.text.slice(from, to));
  });
  const evidence = new EvidenceContext(text, folded, tokens, cleanMarks(block.marks, text.length));

  const budget = { censored: CENSORED_STEPS_PER_BLOCK };
  const exact: TrieHit[] = [];
  const typo: TrieHit[] = [];
  for (let start = 0; start < tokens.words.length; start++) {
    walkExact(index.root, tokens.words, gaps, start, budget, exact);
    walkTypos(typos, tokens.words, gaps, start, budget, typo);
  }
  // Several trie paths can spell the same span (a censored word, a title and an alias):
  // one match carries all their films.
  const accepted = new Map<string, Accepted>();
  const accept = (c: TrieHit, isTypo: boolean): void => {
    for (const name of c.names) {
      if (!gapsFit(name, gaps, c.start) || !evidence.accepts(name.evidence, c.start, c.end)) continue;
      const key = `${c.start}:${c.end}:${isTypo}`;
      let match = accepted.get(key);
      if (!match) accepted.set(key, (match = { filmIds: [], start: c.start, end: c.end, typo: isTypo, article: false }));
      match.article ||= name.article;
      for (const id of name.filmIds) if (!match.filmIds.includes(id)) match.filmIds.push(id);
    }
  };
  for (const c of exact) accept(c, false);
  for (const c of typo) accept(c, true);

  return chooseLongest([...accepted.values()], tokens.words.length).map((m) => {
    const first = m.article && evidence.lowerCaseArticle(m.start, m.end) ? m.start + 1 : m.start;
    const start = evidence.startOf(first);
    const end = evidence.endOf(m.end - 1);
    const filmIds = m.filmIds.sort((a, b) => (index.filmOrder.get(a) ?? 0) - (index.filmOrder.get(b) ?? 0));
    return { filmIds: orderByClues(index, filmIds, tokens.words, m), start, end, surface: text.slice(start, end) };
  });
}

/**
 * Films sharing a title, the one whose year or director is named nearest first; the others
 * keep catalog order.
 */
function orderByClues(index: TitleIndex, filmIds: string[], words: readonly string[], m: Accepted): string[] {
  if (filmIds.length < 2) return filmIds;
  const distance = new Map<string, number>();
  const from = Math.max(0, m.start - CLUE_WINDOW);
  const to = Math.min(words.length, m.end + CLUE_WINDOW);
  for (let k = from; k < to; k++) {
    if (k >= m.start && k < m.end) continue;
    const pointed = index.clues.get(words[k] ?? '');
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

function gapsFit(name: TitleName, gaps: string[], start: number): boolean {
  for (let k = 1; k < name.words.length; k++) {
    if (!gapAccepts(name.gaps[k - 1] ?? '', gaps[start + k] ?? '')) return false;
  }
  return true;
}

/** Longest matches first (then exact before typo, then leftmost); no two overlap. */
function chooseLongest(accepted: Accepted[], tokenCount: number): Accepted[] {
  const order = [...accepted].sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) || Number(a.typo) - Number(b.typo) || a.start - b.start,
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
