// Compiles titles and aliases into a trie over folded word tokens, so that finding every
// title in a text costs a lookup or two per word, whatever the size of the catalog. Words
// are interned in a vocabulary and the trie is typed arrays (word-trie.ts): 10,000 titles
// compile in a few milliseconds into a few megabytes.

import type { Lexicon } from './lexicon.ts';
import { scanTokens, TokenTable } from './fold-scan.ts';
import type { TitleSource } from './match-types.ts';
import { normalizeWithMap } from './normalize.ts';
import { isCensored, tokenize } from './tokenize.ts';
import { HASH_SEED, hashStep } from '../hash.ts';
import { CLASSED_WORDS, wordClassOf } from './title-cues.ts';
import { Vocabulary } from './vocabulary.ts';
import { WordTrie } from './word-trie.ts';

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
  readonly gaps: readonly string[];
  readonly evidence: EvidenceLevel;
  /** Some word holds a censoring `*` ("f***ing"). */
  readonly censored: boolean;
  /** Starts with "the", "a" or "an", which a sentence may take over ("the Wrestler party"). */
  readonly article: boolean;
  /** May match with one typo (see typoEligible); the same for every name ending at a trie node. */
  readonly typo: boolean;
}

export interface TitleIndex {
  readonly vocabulary: Vocabulary;
  readonly trie: WordTrie<TitleName>;
  readonly names: TitleName[];
  /** Per vocabulary id: ROOT, FORWARD and TAILS bits (see typo.ts), so most page words are passed over at once. */
  readonly roles: Uint8Array;
  /** Per trie node: some typo-eligible title of two or more words runs through it. */
  readonly typoPath: Uint8Array;
  /**
   * Per trie node: the evidence levels (LEVEL_BITS) of the names ending there and TYPO_END,
   * 0 where none does. Most candidates on a page are everyday words in lower case: the levels
   * alone turn them down, without visiting a name.
   */
  readonly ends: Uint8Array;
  /** Position of each film in the catalog, to report shared titles in a stable order. */
  readonly filmOrder: Map<string, number>;
  /**
   * For films sharing a title: the folded words (year, directors' surnames), by vocabulary id,
   * that, found near the title, say which film the page means.
   */
  readonly clues: Map<number, string[]>;
  readonly lexicon: Lexicon;
  /** Per vocabulary id, the word's classes (title-cues.ts); every classed word is in the vocabulary. */
  readonly wordClasses: Uint8Array;
}

/** Role bits of a vocabulary word. */
export const ROOT = 1; // some title starts with it
export const FORWARD = 2; // some typo-eligible title of 2+ words starts with it
export const TAILS = 4; // some typo-eligible title has it second
export const CLUE = 8; // a year or surname that tells films sharing a title apart

/** One bit per evidence level, for TitleIndex.ends. */
export const LEVEL_BITS: Readonly<Record<EvidenceLevel, number>> = { none: 1, name: 2, word: 4, marked: 8 };
/** In TitleIndex.ends: a name that may match with a typo ends here. */
export const TYPO_END = 16;

const ARTICLES = new Set(['the', 'a', 'an']);
const NO_GAPS: readonly string[] = Object.freeze([]) as readonly string[];

// Catalog text comes from feeds: a pathological title must not cost unbounded memory.
const MAX_TITLE_LENGTH = 300;
const MAX_WORDS = 40;
const NUMBER = /^\p{N}+$/u;
const LETTERS = /^\p{L}+$/u;

// What the index asks of a catalog word, learnt once per distinct word (WordFacts): titles
// share most of their words.
const KNOWN = 1;
const COMMON = 2;
const NUMERIC = 4;
const CENSORED = 8;

class WordFacts {
  private facts = new Uint8Array(1024);
  private vocabulary: Vocabulary | null = null;
  private lexicon: Lexicon | null = null;

  /** Starts a build; `end` lets go of its vocabulary. */
  begin(vocabulary: Vocabulary, lexicon: Lexicon): void {
    this.vocabulary = vocabulary;
    this.lexicon = lexicon;
    this.facts.fill(0);
  }

  end(): void {
    this.vocabulary = null;
    this.lexicon = null;
  }

  of(id: number): number {
    if (id >= this.facts.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.facts.length * 2));
      grown.set(this.facts);
      this.facts = grown;
    }
    let f = this.facts[id]!;
    if (f === 0) {
      const w = this.vocabulary!.words[id]!;
      f = KNOWN;
      if (this.lexicon!.common.has(w)) f |= COMMON;
      if (NUMBER.test(w)) f |= NUMERIC;
      if (isCensored(w)) f |= CENSORED;
      this.facts[id] = f;
    }
    return f;
  }
}

// One for every build, so that the code reading it is not thrown away with each build's garbage.
const wordFacts = new WordFacts();

function evidenceFor(ids: readonly number[], words: readonly string[], facts: WordFacts): EvidenceLevel {
  let letters = 0;
  let numbers = true;
  let common = true;
  for (let i = 0; i < ids.length; i++) {
    letters += words[i]!.length;
    const f = facts.of(ids[i]!);
    if ((f & NUMERIC) === 0) numbers = false;
    if ((f & COMMON) === 0) common = false;
  }
  if (letters <= 1 || numbers) return 'marked';
  // "the others arrived late": a title of everyday words, however long, is prose until the page shows otherwise.
  if (common) return 'word';
  return words.length === 1 ? 'name' : 'none';
}

/**
 * Each name's word ids (by name id; none for the short names added last), handed from
 * buildTitleIndex to buildTypoIndex so that it need not hash the words again; taken once.
 */
const handedIds = new WeakMap<TitleIndex, number[][]>();

export function takeNameIds(index: TitleIndex): number[][] | undefined {
  const ids = handedIds.get(index);
  handedIds.delete(index);
  return ids;
}

interface Spelling {
  ids: number[];
  gaps: readonly string[];
}

const scratch = new TokenTable();

/** A title's words (interned) and the gap keys between them, or null for an unusable title. */
function nameParts(title: string, vocabulary: Vocabulary): Spelling | null {
  const t = scratch;
  scanTokens(title.length > MAX_TITLE_LENGTH ? title.slice(0, MAX_TITLE_LENGTH) : title, vocabulary, t);
  const count = t.count;
  if (count === 0 || count > MAX_WORDS) return null;
  // A name that is nothing but asterisks would match any censored word.
  let allStars = true;
  for (let k = 0; k < count && allStars; k++) {
    for (let u = t.foldStarts[k]!; u < t.foldEnds[k]!; u++) if (t.units[u] !== 0x2a) allStars = false;
  }
  // Sized once: a title's words are counted already.
  const ids = new Array<number>(count);
  let gaps: string[] | null = null;
  for (let k = 0; k < count; k++) {
    let id = t.ids[k]!;
    if (id < 0) {
      const from = t.foldStarts[k]!;
      const to = t.foldEnds[k]!;
      let h = HASH_SEED;
      for (let u = from; u < to; u++) h = hashStep(h, t.units[u]!);
      id = vocabulary.internUnits(t.units, from, to, h);
    }
    ids[k] = id;
    if (k > 0) {
      const gap = t.gap(k);
      if (gap !== '' && !gaps) gaps = new Array<string>(k - 1).fill('');
      if (gaps) gaps.push(gap);
    }
  }
  if (allStars) return null;
  return { ids, gaps: gaps ?? NO_GAPS };
}

/**
 * The ways a title is spelt in words: as written, and with an apostrophe's short suffix glued
 * on, since pages often drop the apostrophe ("Poor Boys Game" for "Poor Boy's Game").
 */
function nameVariants(title: string, vocabulary: Vocabulary): Spelling[] {
  const parts = nameParts(title, vocabulary);
  if (!parts) return [];
  if (parts.gaps === NO_GAPS) return [parts];
  const words = vocabulary.words;
  let joinedIds: number[] | null = null;
  const joinedGaps: string[] = [];
  for (let i = 1; i < parts.ids.length; i++) {
    const word = words[parts.ids[i]!]!;
    if (parts.gaps[i - 1] === "'" && word.length <= 2 && LETTERS.test(word)) {
      joinedIds ??= parts.ids.slice(0, i);
      const last = joinedIds.length - 1;
      joinedIds[last] = vocabulary.intern(words[joinedIds[last]!]! + word);
    } else if (joinedIds) {
      joinedIds.push(parts.ids[i]!);
      joinedGaps.push(parts.gaps[i - 1] ?? '');
    } else {
      joinedGaps.push(parts.gaps[i - 1] ?? '');
    }
  }
  if (!joinedIds) return [parts];
  return [parts, { ids: joinedIds, gaps: joinedGaps.some((g) => g !== '') ? joinedGaps : NO_GAPS }];
}

/**
 * A longer title's censored words alone: a page that has printed "Young People F***ing" calls
 * the film "'F***ing'" for short, with quotes or emphasis. Added once every title is in, and
 * only for a word no title starts with: its node then holds short names only, and is left out
 * of the root's censored children, so it is found only where the page censors the word too
 * (spelt alike, or a pattern that fits it) and costs plain page words nothing.
 */
function addShortNames(trie: WordTrie<TitleName>, names: TitleName[], shorts: ReadonlyArray<[string, number]>): void {
  const own = new Map<number, TitleName>();
  for (const [filmId, id] of shorts) {
    let name = own.get(id);
    if (!name) {
      if (trie.child(trie.root, id) >= 0) continue;
      const node = trie.insert([id], NO_GAPS);
      const list = trie.censored.get(trie.root)?.filter(([, child]) => child !== node) ?? [];
      if (list.length === 0) trie.censored.delete(trie.root);
      else trie.censored.set(trie.root, list);
      const word = trie.words(node);
      name = {
        id: names.length,
        filmIds: [],
        words: [word],
        gaps: NO_GAPS,
        evidence: 'marked',
        censored: true,
        article: false,
        typo: false,
      };
      names.push(name);
      trie.addName(node, name);
      own.set(id, name);
    }
    if (!name.filmIds.includes(filmId)) name.filmIds.push(filmId);
  }
}

const sameGaps = (a: readonly string[], b: readonly string[], length: number): boolean => {
  for (let i = 0; i < length; i++) if ((a[i] ?? '') !== (b[i] ?? '')) return false;
  return true;
};

/**
 * What buildTitleIndex gathers film by film. The work per film and per name is in functions of
 * their own (addFilm, addSpelling, …) called many times, rather than in the loops of one long
 * function called once per build, whose optimised code (compiled on stack, per loop) did not
 * outlive a garbage collection.
 */
interface Building {
  readonly vocabulary: Vocabulary;
  readonly trie: WordTrie<TitleName>;
  readonly names: TitleName[];
  readonly nameIds: number[][];
  readonly shorts: Array<[string, number]>;
  readonly facts: WordFacts;
}

export function buildTitleIndex(films: readonly TitleSource[], lexicon: Lexicon): TitleIndex {
  const vocabulary = new Vocabulary();
  const list = Array.isArray(films) ? films : [];
  const facts = wordFacts;
  facts.begin(vocabulary, lexicon);
  const b: Building = {
    vocabulary,
    // About two edges a film (1.9 on the bench catalog); the table grows if more are needed.
    trie: new WordTrie<TitleName>(vocabulary, list.length * 2),
    names: [],
    nameIds: [],
    shorts: [],
    facts,
  };
  const { trie, names, nameIds } = b;
  const filmOrder = new Map<string, number>();
  // Backwards, so that one `set` a film leaves each id with its first position.
  for (let i = list.length - 1; i >= 0; i--) placeFilm(filmOrder, list[i], i);
  for (const film of list) addFilm(b, film);
  facts.end();
  addShortNames(trie, names, b.shorts);
  // Each name's films in catalog order, so that a match of one name need not sort them.
  for (const name of names) if (name.filmIds.length > 1) sortByOrder(name.filmIds, filmOrder);
  const clues = cluesFor(films, names, vocabulary, lexicon);
  // The words the evidence looks for get ids too, so that a page word's class is one lookup.
  for (const word of CLASSED_WORDS) vocabulary.intern(word);
  for (const word of lexicon.minor) vocabulary.intern(word);
  const wordClasses = new Uint8Array(vocabulary.size);
  for (let id = 0; id < vocabulary.size; id++) wordClasses[id] = wordClassOf(vocabulary.words[id]!, lexicon.minor);
  const typoPath = new Uint8Array(trie.nodeCount);
  for (let i = 0; i < names.length; i++) markTypoPath(trie, typoPath, names[i]!, nameIds[i]);
  const roles = new Uint8Array(vocabulary.size);
  for (let c = trie.firstChild[trie.root]!; c >= 0; c = trie.nextSibling[c]!) {
    roles[trie.edgeWord[c]!]! |= ROOT | (typoPath[c] ? FORWARD : 0);
  }
  for (const id of clues.keys()) roles[id]! |= CLUE;
  const ends = new Uint8Array(trie.nodeCount);
  for (let node = 0; node < trie.nodeCount; node++) ends[node] = endLevels(trie.names[node]);
  trie.indexRoot(vocabulary.size);
  const index: TitleIndex = { vocabulary, trie, names, roles, typoPath, ends, filmOrder, clues, lexicon, wordClasses };
  handedIds.set(index, nameIds);
  return index;
}

function placeFilm(filmOrder: Map<string, number>, film: TitleSource | undefined, at: number): void {
  if (film && typeof film.id === 'string') filmOrder.set(film.id, at);
}

/** Film ids by their first position in the catalog; stable, as Array.prototype.sort is. */
function sortByOrder(ids: string[], filmOrder: ReadonlyMap<string, number>): void {
  for (let i = 1; i < ids.length; i++) {
    const id = ids[i]!;
    const at = filmOrder.get(id)!;
    let j = i - 1;
    while (j >= 0 && filmOrder.get(ids[j]!)! > at) {
      ids[j + 1] = ids[j]!;
      j--;
    }
    ids[j + 1] = id;
  }
}

/** A film's title and aliases, each spelt as nameVariants reads it. */
function addFilm(b: Building, film: TitleSource | undefined): void {
  if (!film || typeof film.id !== 'string') return;
  const aliases = Array.isArray(film.aliases) ? film.aliases : [];
  for (let a = -1; a < aliases.length; a++) {
    const title = a < 0 ? film.title : aliases[a];
    if (typeof title !== 'string') continue;
    const variants = nameVariants(title, b.vocabulary);
    const spelt = variants[0]?.ids ?? [];
    if (spelt.length > 1) {
      for (const id of spelt) if ((b.facts.of(id) & CENSORED) !== 0) b.shorts.push([film.id, id]);
    }
    for (const spelling of variants) addSpelling(b, film.id, spelling);
  }
}

/** One spelling of a film's name: a new name, or the film added to the name spelt alike. */
function addSpelling(b: Building, filmId: string, spelling: Spelling): void {
  const { ids, gaps } = spelling;
  const node = b.trie.insert(ids, gaps);
  const same = sameSpelling(b.trie.names[node], spelling);
  if (same) {
    if (!same.filmIds.includes(filmId)) same.filmIds.push(filmId);
    return;
  }
  const words = new Array<string>(ids.length);
  let censored = false;
  for (let i = 0; i < ids.length; i++) {
    words[i] = b.vocabulary.words[ids[i]!]!;
    if ((b.facts.of(ids[i]!) & CENSORED) !== 0) censored = true;
  }
  const evidence = evidenceFor(ids, words, b.facts);
  const name: TitleName = {
    id: b.names.length,
    filmIds: [filmId],
    words,
    gaps,
    evidence,
    censored,
    article: words.length > 1 && ARTICLES.has(words[0] ?? ''),
    typo: typoEligible(words, evidence, censored),
  };
  b.names.push(name);
  b.nameIds.push(ids);
  b.trie.addName(node, name);
}

/** The name at a node spelt with the same gaps, if any. */
function sameSpelling(here: readonly TitleName[] | undefined, { ids, gaps }: Spelling): TitleName | undefined {
  if (!here) return undefined;
  for (const n of here) if (sameGaps(n.gaps, gaps, ids.length - 1)) return n;
  return undefined;
}

/** Flags the nodes along a typo-eligible name of two or more words. */
function markTypoPath(
  trie: WordTrie<TitleName>,
  typoPath: Uint8Array,
  name: TitleName,
  ids: number[] | undefined,
): void {
  if (!name.typo || name.words.length < 2 || !ids) return;
  let node = trie.root;
  for (const id of ids) typoPath[(node = trie.child(node, id))] = 1;
}

/** The evidence levels and TYPO_END of the names ending at a node. */
function endLevels(here: readonly TitleName[] | undefined): number {
  let bits = 0;
  if (here) for (const name of here) bits |= LEVEL_BITS[name.evidence] | (name.typo ? TYPO_END : 0);
  return bits;
}

// Shorter titles are too close to other words and titles for a typo to be trusted.
export const MIN_TYPO_LETTERS = 12;
const MIN_TYPO_WORDS = 3;

/** May this title match with one typo? Ordinary words and bare numbers are too easy to hit. */
function typoEligible(words: readonly string[], evidence: EvidenceLevel, censored: boolean): boolean {
  if (censored || evidence === 'marked' || (evidence === 'word' && words.length < MIN_TYPO_WORDS)) return false;
  if (words.length >= MIN_TYPO_WORDS) return true;
  let letters = 0;
  for (const w of words) letters += w.length;
  return letters >= MIN_TYPO_LETTERS;
}

/** Clue word -> the films (among those sharing a title) it points to. */
function cluesFor(
  films: readonly TitleSource[],
  names: readonly TitleName[],
  vocabulary: Vocabulary,
  lexicon: Lexicon,
): Map<number, string[]> {
  const shared = new Set(names.filter((n) => n.filmIds.length > 1).flatMap((n) => n.filmIds));
  const clues = new Map<number, string[]>();
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
      for (const part of parts) if (part.length >= 3 && !lexicon.common.has(part)) words.add(part);
    }
    for (const word of words) {
      const id = vocabulary.intern(word);
      const list = clues.get(id);
      if (list) list.push(film.id);
      else clues.set(id, [film.id]);
    }
  }
  return clues;
}
