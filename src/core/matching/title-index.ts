// Compiles titles and aliases into a trie over folded word tokens, so that finding every
// title in a text costs a lookup or two per word, whatever the size of the catalog. Words
// are interned in a vocabulary and the trie is typed arrays (word-trie.ts): 10,000 titles
// compile in a few milliseconds into a few megabytes.

import type { Lexicon } from './lexicon.ts';
import type { TitleSource } from './match-types.ts';
import { cluesFor } from './shared-titles.ts';
import { spelledName, type EvidenceLevel, type TitleName } from './title-name.ts';
import { nameVariants, NO_GAPS, type Spelling } from './title-spelling.ts';
import { TokenTable } from './token-table.ts';
import { Vocabulary } from './vocabulary.ts';
import { CENSORED, WordFacts } from './word-facts.ts';
import { CLASSED_WORDS, wordClassOf } from './word-classes.ts';
import { WordTrieBuilder, type WordTrie } from './word-trie.ts';

export interface TitleIndex {
  readonly vocabulary: Vocabulary;
  readonly trie: WordTrie<TitleName>;
  readonly names: TitleName[];
  /** names.length, read without making the names of an index read back (stored-index.ts). */
  readonly nameCount: number;
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
  /** Per vocabulary id, the word's classes (word-classes.ts); every classed word is in the vocabulary. */
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

/**
 * The index, and each name's word ids by name id (none for the short names added last, which
 * are never typo-eligible): buildTypoIndex reads them so that it need not look the words up again.
 */
export interface BuiltTitleIndex {
  readonly index: TitleIndex;
  readonly nameIds: readonly (readonly number[])[];
}

/**
 * A longer title's censored words alone: a page that has printed "Young People F***ing" calls
 * the film "'F***ing'" for short, with quotes or emphasis. Added once every title is in, and
 * only for a word no title starts with: its node then holds short names only, and is left out
 * of the root's censored children, so it is found only where the page censors the word too
 * (spelt alike, or a pattern that fits it) and costs plain page words nothing.
 */
function addShortNames(
  trie: WordTrieBuilder<TitleName>,
  names: TitleName[],
  shorts: ReadonlyArray<[string, number]>,
): void {
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
  readonly trie: WordTrieBuilder<TitleName>;
  readonly names: TitleName[];
  readonly nameIds: number[][];
  readonly shorts: Array<[string, number]>;
  readonly facts: WordFacts;
  /** The scan's token table, reused from title to title and build to build. */
  readonly tokens: TokenTable;
}

// One of each for every build, reset as it begins, so that the code reading them is not thrown
// away with each build's garbage. Measured in bench/index-heap.ts (a full collection before
// each build): with a new pair per build, 105-160 ms of CPU a build against 45-75 ms. The trie
// builder likewise (see WordTrieBuilder): it lets go of the build's tables in `finish`.
const wordFacts = new WordFacts();
const scratch = new TokenTable();
const trieBuilder = new WordTrieBuilder<TitleName>();

export function buildTitleIndex(films: readonly TitleSource[], lexicon: Lexicon): BuiltTitleIndex {
  const vocabulary = new Vocabulary();
  const list = Array.isArray(films) ? films : [];
  const facts = wordFacts;
  facts.begin(vocabulary, lexicon);
  const b: Building = {
    vocabulary,
    // About two edges a film (1.9 on the bench catalog); the table grows if more are needed.
    trie: trieBuilder.begin(vocabulary, list.length * 2),
    names: [],
    nameIds: [],
    shorts: [],
    facts,
    tokens: scratch,
  };
  const { names, nameIds } = b;
  const filmOrder = new Map<string, number>();
  // Backwards, so that one `set` a film leaves each id with its first position.
  for (let i = list.length - 1; i >= 0; i--) placeFilm(filmOrder, list[i], i);
  for (let i = 0; i < list.length; i++) addFilm(b, list[i]);
  facts.end();
  addShortNames(b.trie, names, b.shorts);
  // Frozen before anything is kept by node: its nodes are numbered anew (word-trie.ts).
  const trie = b.trie.finish();
  // Each name's films in catalog order, so that a match of one name need not sort them.
  for (let i = 0; i < names.length; i++) if (names[i]!.filmIds.length > 1) sortByOrder(names[i]!.filmIds, filmOrder);
  const clues = cluesFor(films, vocabulary, lexicon, filmOrder);
  // The words the evidence looks for get ids too, so that a page word's class is one lookup.
  for (let i = 0; i < CLASSED_WORDS.length; i++) vocabulary.intern(CLASSED_WORDS[i]!);
  for (const word of lexicon.minor) vocabulary.intern(word);
  const wordClasses = new Uint8Array(vocabulary.size);
  for (let id = 0; id < vocabulary.size; id++) wordClasses[id] = wordClassOf(vocabulary.words[id]!, lexicon.minor);
  const typoPath = new Uint8Array(trie.nodeCount);
  for (let i = 0; i < names.length; i++) markTypoPath(trie, typoPath, names[i]!, nameIds[i]);
  const roles = new Uint8Array(vocabulary.size);
  for (let c = trie.firstChild[trie.root]!; c < trie.firstChild[trie.root + 1]!; c++) {
    roles[trie.edgeWord[c]!]! |= ROOT | (typoPath[c] ? FORWARD : 0);
  }
  for (const id of clues.keys()) roles[id]! |= CLUE;
  const ends = new Uint8Array(trie.nodeCount);
  for (let node = 0; node < trie.nodeCount; node++) ends[node] = endLevels(trie.namesAt(node));
  trie.indexRoot(vocabulary.size);
  const index: TitleIndex = {
    vocabulary,
    trie,
    names,
    nameCount: names.length,
    roles,
    typoPath,
    ends,
    filmOrder,
    clues,
    lexicon,
    wordClasses,
  };
  return { index, nameIds };
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
    const variants = nameVariants(title, b.vocabulary, b.tokens);
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
  const same = sameSpelling(b.trie.namesAt(node), spelling);
  if (same) {
    if (!same.filmIds.includes(filmId)) same.filmIds.push(filmId);
    return;
  }
  const name = spelledName(b.names.length, filmId, ids, gaps, b.vocabulary, b.facts);
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
