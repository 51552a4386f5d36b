// The compiled title index in a form IndexedDB keeps and gives back in one structured clone
// (stored-graph.ts: typed arrays, one text of strings, the names as columns), so a worker woken
// by a page reads its matcher instead of reading every film and compiling again. Read back, a
// name is an object only once a page's match reaches it (stored-graph.ts's StoredLists), and
// the film order, the clues and the list of names are decoded when first read.
//
// What is not stored: the built-in word lists (the reader supplies them, and a change to them
// is told by their print) and the typo index's caches of words met on pages (WeakMaps, filled
// again as pages are read).

import { HASH_SEED } from '../hash.ts';
import type { Lexicon } from './lexicon.ts';
import type { CompiledTitles } from './matcher.ts';
import { ClueReader } from './shared-titles.ts';
import {
  DamagedGraph,
  decodeGraph,
  encodeGraphSteps,
  kindOf,
  StoredLists,
  type OnDamage,
  type EncodedGraph,
  type GraphKinds,
} from './stored-graph.ts';
import { TokenTable } from './token-table.ts';
import { isCensored } from './tokenize.ts';
import { TypoFilter } from './typo-filter.ts';
import { Vocabulary } from './vocabulary.ts';
import { WordTrie } from './word-trie.ts';
import { runSteps } from './run-steps.ts';

/** Bumped whenever what a stored index means changes without its shape saying so: an older one is rebuilt. */
export const STORED_INDEX_FORMAT = 9;

export interface StoredIndex {
  format: number;
  /** The word lists' print: an index built with other lists is rebuilt. */
  lexicon: string;
  graph: EncodedGraph;
  /** Text of a few of the index's names and what the matcher found in it, compared when read back. */
  probe: { text: string; found: string };
}

// Every class an index holds, by a name of its own; an instance of another class refuses to be stored.
const CLASSES = { Vocabulary, WordTrie, TypoFilter, ClueReader, TokenTable } as const satisfies GraphKinds['classes'];

const lexiconPrints = new WeakMap<Lexicon, string>();

/**
 * The word lists' print: their sizes and a hash of their words, in their sets' order (the
 * order of the built-in lists' text; the same lists in another order only cost a rebuild).
 * Made on every wake, in code not yet compiled: the words' UTF-8 bytes hashed four at a time
 * (60 KB at 8,000 words; a loop over the string's characters, after sorting it, was 8-15 ms).
 */
export function lexiconPrint(lexicon: Lexicon): string {
  let print = lexiconPrints.get(lexicon);
  if (print === undefined) {
    print = `${lexicon.common.size}.${lexicon.minor.size}.${wordsHash(lexicon.common)}.${wordsHash(lexicon.minor)}`;
    lexiconPrints.set(lexicon, print);
  }
  return print;
}

/** FNV-1a over the words' UTF-8 bytes, joined by spaces, taken as 32-bit words (zeros after the last). */
function wordsHash(words: ReadonlySet<string>): number {
  const bytes = new TextEncoder().encode([...words].join(' '));
  const padded = new Uint8Array((bytes.length + 3) & ~3);
  padded.set(bytes);
  const units = new Int32Array(padded.buffer);
  let h = HASH_SEED ^ bytes.length;
  for (let i = 0; i < units.length; i++) h = Math.imul(h ^ units[i]!, 0x01000193);
  return h;
}

const externalsOf = (lexicon: Lexicon) =>
  new Map<object, string>([
    [lexicon, 'lexicon'],
    [lexicon.common, 'common'],
    [lexicon.minor, 'minor'],
  ]);

/**
 * A block naming a few of the index's names, spread over it, quoted so that every evidence
 * level counts: a damaged index that still decodes finds something else in it. Names with a
 * censored word ("F***ing", in the built-in listings' last film) are passed over for the next:
 * the probe runs on every wake, before the first batch, and such a word sends the find down the
 * censored path, which first indexes every child of the root by letter (1-2.5 ms of cold code
 * at 100,000 films), to check a decoding that plain names check as well.
 */
function probeText({ index }: CompiledTitles): string {
  const names = index.names;
  const plain = (i: number) => !names[i]!.words.some(isCensored);
  const parts: string[] = [];
  const quote = (i: number) => parts.push(`“${names[i]!.words.join(' ')}”`);
  const step = Math.max(1, Math.floor(names.length / 8));
  for (let i = 0; i < names.length && parts.length < 8; i += step) {
    const end = Math.min(names.length, i + step);
    let j = i;
    while (j < end && !plain(j)) j++;
    if (j < end) quote(j);
  }
  let last = names.length - 1;
  while (last >= 0 && !plain(last)) last--;
  if (last >= 0) quote(last);
  // A catalog of censored names alone: they are what there is to check.
  if (parts.length === 0 && names.length > 0) quote(0);
  return `We saw ${parts.join(', then ')}.`;
}

/** The matches of `text`, as the probe compares them. */
type Find = (text: string) => unknown;

export function storeIndex(compiled: CompiledTitles, lexicon: Lexicon, find: Find): StoredIndex {
  return runSteps(storeIndexSteps(compiled, lexicon, find, Infinity));
}

/**
 * storeIndex in steps of about `sliceMs` each (the last returns the stored form), so that the
 * worker stores 100,000 films between pages' requests instead of stopping for seconds.
 */
export function* storeIndexSteps(
  compiled: CompiledTitles,
  lexicon: Lexicon,
  find: Find,
  sliceMs = 8,
): Generator<void, StoredIndex, void> {
  const { index, typos } = compiled;
  const graph = yield* encodeGraphSteps(
    { index, typos },
    index.names,
    // The films' keys numbered in the film order: its keys are then stored as a rule (0.38 MB less at 100,000 films).
    { classes: CLASSES, externals: externalsOf(lexicon), stringsFirst: index.filmOrder.keys() },
    sliceMs,
  );
  const text = probeText(compiled);
  return {
    format: STORED_INDEX_FORMAT,
    lexicon: lexiconPrint(lexicon),
    graph,
    probe: { text, found: JSON.stringify(find(text)) },
  };
}

export type ReadIndex =
  | { ok: true; compiled: CompiledTitles; check: (find: Find) => boolean }
  | { ok: false; reason: 'format' | 'lexicon' | 'damaged'; detail?: string };

/**
 * The compiled index a StoredIndex holds, or why it cannot be used. `check` runs the probe with
 * the matcher made from it: false means the index decoded into something else, and is rebuilt.
 * `onDamage` is told (once) of damage found later, in a name or list first made by a page's
 * match (stored-graph.ts): the matcher goes on with it left out, and the caller drops the store.
 */
export function readIndex(stored: unknown, lexicon: Lexicon, onDamage?: OnDamage): ReadIndex {
  if (typeof stored !== 'object' || stored === null) return { ok: false, reason: 'damaged', detail: 'not an object' };
  const s = stored as Partial<StoredIndex>;
  if (s.format !== STORED_INDEX_FORMAT) return { ok: false, reason: 'format' };
  if (s.lexicon !== lexiconPrint(lexicon)) return { ok: false, reason: 'lexicon' };
  const probe = s.probe;
  if (typeof probe?.text !== 'string' || typeof probe.found !== 'string')
    return { ok: false, reason: 'damaged', detail: 'no probe' };
  try {
    const externals = new Map<string, object>([
      ['lexicon', lexicon],
      ['common', lexicon.common],
      ['minor', lexicon.minor],
    ]);
    const { root, recordCount } = decodeGraph(s.graph as EncodedGraph, { classes: CLASSES, externals }, onDamage);
    const compiled = root as CompiledTitles;
    const problem = shapeProblem(compiled, recordCount);
    if (problem) return { ok: false, reason: 'damaged', detail: problem };
    return { ok: true, compiled, check: (find) => JSON.stringify(find(probe.text)) === probe.found };
  } catch (error) {
    if (error instanceof DamagedGraph || error instanceof TypeError || error instanceof RangeError)
      return { ok: false, reason: 'damaged', detail: error.message };
    throw error;
  }
}

/** What a matcher reads without checking, checked once: the parts are there and agree in size. */
function shapeProblem(compiled: CompiledTitles | undefined, recordCount: number): string | null {
  const index = compiled?.index;
  const typos = compiled?.typos;
  if (!index || !typos) return 'no index';
  const { vocabulary, trie } = index;
  if (!(vocabulary instanceof Vocabulary) || !(trie instanceof WordTrie)) return 'no vocabulary or trie';
  if (!(typos.tails instanceof WordTrie) || !(typos.filter instanceof TypoFilter)) return 'no typo index';
  // Read without decoding the deferred fields (stored-graph.ts's kindOf).
  if (kindOf(index, 'names') !== 'array' || kindOf(index, 'filmOrder') !== 'map' || kindOf(index, 'clues') !== 'map')
    return 'no names';
  if (index.nameCount !== recordCount) return 'a count of names out of step';
  for (const t of [trie, typos.tails]) {
    const names = t.names;
    if (!(names instanceof StoredLists || Array.isArray(names)) || names.length > t.nodeCount)
      return 'a trie without its names';
  }
  const size = vocabulary.words.length;
  for (const a of [index.roles, index.wordClasses, typos.typable])
    if (!(a instanceof Uint8Array) || a.length !== size) return 'tables by word out of step with the vocabulary';
  for (const a of [index.ends, index.typoPath])
    if (!(a instanceof Uint8Array) || a.length !== trie.nodeCount) return 'tables by node out of step with the trie';
  for (const t of [trie, typos.tails])
    if (!(t.firstChild instanceof Int32Array) || t.firstChild.length !== t.nodeCount + 1)
      return 'a trie without its nodes';
  if (typos.trie !== trie) return 'a typo index of another trie';
  return (
    vocabulary.storedProblem() ??
    trie.storedProblem(size) ??
    typos.tails.storedProblem(size) ??
    typos.filter.storedProblem(size)
  );
}

/** The stored form's size: its typed arrays' bytes and two a string character (what the disk and clone carry). */
export function storedIndexBytes(stored: StoredIndex): number {
  let bytes = 0;
  const seen = new Set<object>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') bytes += 2 * v.length;
    else if (typeof v === 'number') bytes += 8;
    else if (typeof v === 'object' && v !== null && !seen.has(v)) {
      seen.add(v);
      if (ArrayBuffer.isView(v)) bytes += v.byteLength;
      else if (Array.isArray(v)) for (const x of v) walk(x);
      else for (const x of Object.values(v)) walk(x);
    }
  };
  walk(stored);
  return bytes;
}
