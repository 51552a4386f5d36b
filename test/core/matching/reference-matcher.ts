// A slow, obviously-correct title matcher, the yardstick for the fast one (matcher.ts). It
// tries every title at every word position with plain loops and regular expressions: no
// trie, no buckets, no deletion indexes, no budgets. It shares with the fast matcher only
// what has its own tests and is not about searching: text folding (normalize.ts) and the
// reading of case, quotes and emphasis (evidence.ts).
import { defaultLexicon } from '../../../src/core/matching/lexicon.ts';
const COMMON_WORDS = defaultLexicon().common;
import { EvidenceContext } from '../../../src/core/matching/evidence.ts';
import type { TextBlock, TitleMatch, TitleSource } from '../../../src/core/matching/match-types.ts';
import { normalizeWithMap } from '../../../src/core/matching/normalize.ts';
import type { EvidenceLevel } from '../../../src/core/matching/title-name.ts';
import type { Tokens } from '../../../src/core/matching/tokenize.ts';

const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`;
const TOKEN = new RegExp(`[${UNSPACED}]|(?:(?![${UNSPACED}])[\\p{L}\\p{N}\\p{Mc}*])+`, 'gu');

function tokens(folded: string): Tokens {
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of folded.matchAll(TOKEN)) {
    words.push(m[0]);
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  return { words, starts, ends };
}

/** Punctuation between two words, spaces and dashes aside. */
const gapOf = (folded: string, t: Tokens, k: number): string =>
  folded.slice(t.ends[k - 1], t.starts[k]).replace(/[ -]/g, '');

interface Name {
  filmIds: string[];
  words: string[];
  gaps: string[];
  /** A longer title's censored word alone: found only censored on the page, and only quoted or emphasised. */
  short?: boolean;
}

type Spelling = Omit<Name, 'filmIds'>;

function spellings(title: string): Spelling[] {
  const folded = normalizeWithMap(title.slice(0, 300)).text;
  const t = tokens(folded);
  if (t.words.length === 0 || t.words.length > 40 || t.words.every((w) => /^\*+$/.test(w))) return [];
  const gaps = t.words.map((_, k) => (k === 0 ? '' : gapOf(folded, t, k)));
  const out: Spelling[] = [{ words: t.words, gaps }];
  // "Poor Boys Game" for "Poor Boy's Game": a short letter suffix after an apostrophe glued on.
  const words: string[] = [];
  const joinedGaps: string[] = [];
  t.words.forEach((w, k) => {
    if (k > 0 && gaps[k] === "'" && w.length <= 2 && /^\p{L}+$/u.test(w)) words[words.length - 1] += w;
    else {
      words.push(w);
      joinedGaps.push(gaps[k] ?? '');
    }
  });
  if (words.length < t.words.length) out.push({ words, gaps: joinedGaps });
  return out;
}

function level(words: string[]): EvidenceLevel {
  if (words.join('').length <= 1 || words.every((w) => /^\p{N}+$/u.test(w))) return 'marked';
  if (words.every((w) => COMMON_WORDS.has(w))) return 'word';
  return words.length === 1 ? 'name' : 'none';
}

/** A `*` run stands for one or more characters. */
function glob(pattern: string, word: string): boolean {
  if (pattern.length > 64 || word.length > 64) return false;
  const source = pattern
    .replace(/\*+/g, '\u0000')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\u0000/g, '.+');
  return new RegExp(`^${source}$`, 'su').test(word);
}

const censored = (w: string): boolean => w.includes('*') && /[^*]/.test(w);

function sameWord(title: string, text: string): boolean {
  return title === text || (censored(text) && glob(text, title)) || (censored(title) && glob(title, text));
}

/** Damerau-Levenshtein (optimal string alignment) distance, by the textbook table. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((d[i - 1]?.[j] ?? 0) + 1, (d[i]?.[j - 1] ?? 0) + 1, (d[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1);
      (d[i] as number[])[j] = best;
    }
  }
  return d[a.length]?.[b.length] ?? 0;
}

/** May the page's `typed` be the title word `word` with one typo? */
function typo(word: string, typed: string): boolean {
  return (
    word !== typed &&
    word.length >= 4 &&
    /\p{L}/u.test(word) &&
    !word.includes('*') &&
    typed.length >= 3 &&
    !typed.includes('*') &&
    !COMMON_WORDS.has(typed) &&
    distance(word, typed) === 1
  );
}

function typoAllowed(name: Name): boolean {
  const lvl = level(name.words);
  if ((lvl === 'word' && name.words.length < 3) || lvl === 'marked' || name.words.some(censored)) return false;
  return name.words.length >= 3 || name.words.join('').length >= 12;
}

interface Candidate {
  filmIds: string[];
  start: number;
  end: number;
  typo: boolean;
  article: boolean;
}

export function referenceMatch(films: readonly TitleSource[], block: TextBlock): TitleMatch[] {
  const names: Name[] = [];
  const order = new Map<string, number>();
  for (const film of films) {
    if (!order.has(film.id)) order.set(film.id, order.size);
    for (const title of [film.title, ...film.aliases]) {
      for (const s of spellings(title)) {
        const same = names.find(
          (n) => n.words.join(' ') === s.words.join(' ') && n.gaps.join(' ') === s.gaps.join(' '),
        );
        if (!same) names.push({ filmIds: [film.id], ...s });
        else if (!same.filmIds.includes(film.id)) same.filmIds.push(film.id);
      }
    }
  }
  // A longer title's censored word alone, once every title is in, if no title starts with it.
  const shorts: Name[] = [];
  for (const film of films) {
    for (const title of [film.title, ...film.aliases]) {
      const words = spellings(title)[0]?.words ?? [];
      if (words.length < 2) continue;
      for (const w of words.filter(censored)) {
        if (names.some((n) => n.words[0] === w)) continue;
        const same = shorts.find((n) => n.words[0] === w);
        if (!same) shorts.push({ filmIds: [film.id], words: [w], gaps: [''], short: true });
        else if (!same.filmIds.includes(film.id)) same.filmIds.push(film.id);
      }
    }
  }
  names.push(...shorts);
  const text = block.text;
  const folded = normalizeWithMap(text);
  const t = tokens(folded.text);
  const gaps = t.words.map((_, k) => (k === 0 ? '' : gapOf(folded.text, t, k)));
  const evidence = new EvidenceContext(text, folded, t, block.marks ?? [], defaultLexicon());

  const candidates: Candidate[] = [];
  for (let start = 0; start < t.words.length; start++) {
    for (const name of names) {
      const end = start + name.words.length;
      if (end > t.words.length) continue;
      let typos = 0;
      let fits = true;
      for (let k = 0; k < name.words.length && fits; k++) {
        const gapOk = k === 0 || gaps[start + k] === '' || gaps[start + k] === name.gaps[k];
        const word = name.words[k] ?? '';
        const typed = t.words[start + k] ?? '';
        if (!gapOk) fits = false;
        else if (name.short ? censored(typed) && glob(typed, word) : sameWord(word, typed)) continue;
        else if (typo(word, typed)) typos++;
        else fits = false;
      }
      if (!fits || typos > 1 || (typos === 1 && !typoAllowed(name))) continue;
      if (!evidence.accepts(name.short ? 'marked' : level(name.words), start, end)) continue;
      const isTypo = typos === 1;
      const article = name.words.length > 1 && ['the', 'a', 'an'].includes(name.words[0] ?? '');
      let c = candidates.find((x) => x.start === start && x.end === end && x.typo === isTypo);
      if (!c) candidates.push((c = { filmIds: [], start, end, typo: isTypo, article: false }));
      c.article ||= article;
      for (const id of name.filmIds) if (!c.filmIds.includes(id)) c.filmIds.push(id);
    }
  }

  // Longest first, exact before typo, leftmost first; a word belongs to one match at most.
  candidates.sort(
    (a, b) => b.end - b.start - (a.end - a.start) || Number(a.typo) - Number(b.typo) || a.start - b.start,
  );
  const chosen: Candidate[] = [];
  for (const c of candidates) {
    if (chosen.every((o) => c.end <= o.start || c.start >= o.end)) chosen.push(c);
  }
  chosen.sort((a, b) => a.start - b.start);
  return chosen.map((c) => {
    const first = c.article && evidence.lowerCaseArticle(c.start, c.end) ? c.start + 1 : c.start;
    const start = evidence.startOf(first);
    const end = evidence.endOf(c.end - 1);
    const ids = [...c.filmIds].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    return { filmIds: byClues(films, ids, t.words, c), start, end, surface: text.slice(start, end) };
  });
}

/** Films sharing a title: nearest year or director surname (within 40 words) first. */
function byClues(films: readonly TitleSource[], ids: string[], words: string[], c: Candidate): string[] {
  if (ids.length < 2) return ids;
  const near = (id: string): number => {
    const film = films.find((f) => f.id === id);
    if (!film) return Infinity;
    const clues = new Set<string>();
    if (film.year !== null) clues.add(String(film.year));
    for (const d of film.directors) {
      for (const part of tokens(normalizeWithMap(d).text).words.slice(1))
        if (part.length >= 3 && !COMMON_WORDS.has(part)) clues.add(part);
    }
    let best = Infinity;
    words.forEach((w, k) => {
      const gap = k < c.start ? c.start - k : k >= c.end ? k - c.end + 1 : Infinity;
      if (gap <= 40 && clues.has(w)) best = Math.min(best, gap);
    });
    return best;
  };
  const d = new Map(ids.map((id) => [id, near(id)]));
  if ([...d.values()].every((v) => v === Infinity)) return ids;
  return [...ids].sort((a, b) => {
    const x = d.get(a) ?? Infinity;
    const y = d.get(b) ?? Infinity;
    return x === y ? 0 : x < y ? -1 : 1;
  });
}
