// A trie over vocabulary ids, in typed arrays. Built in a WordTrieBuilder (nodes numbered as
// added, an edge table keyed by (node, word id)), then frozen into a WordTrie: nodes numbered
// breadth first, each node's children side by side and in word order, so that a child is a
// short search in one range of one array and the trie needs no edge table. At 100,000 films
// (158,000 nodes) that is about 4 MB less for a woken worker to read than nodes, siblings,
// counts and a 262,144-slot edge table, and the same layout checks in one pass.

import type { ListsByIndex } from './stored-graph.ts';
import { listOf } from './list-of-one.ts';
import { isCensored } from './tokenize.ts';
import type { Vocabulary } from './vocabulary.ts';

const NONE = new Int32Array(0);

// Below this many children left, a search goes on one by one: a few reads of one cache line.
const SCAN = 8;

/** What ends at a node; the index's TitleName, kept generic to avoid an import cycle. */
export class WordTrie<Name> {
  readonly root = 0;
  nodeCount: number;
  /**
   * Node i's children are the nodes firstChild[i] .. firstChild[i + 1] - 1, in ascending word
   * id (nodeCount + 1 entries; the last is nodeCount). Children come after their parent.
   */
  firstChild: Int32Array<ArrayBuffer>;
  /** The word id on the edge into each node. */
  edgeWord: Int32Array<ArrayBuffer>;
  /**
   * Names ending at a node, by node (most nodes have none): an array as built; read back from a
   * stored index, lists made when their node is first asked for. Read through namesAt.
   */
  readonly names: Array<Name[] | undefined> | ListsByIndex<Name>;
  /** Non-empty gap keys used by names continuing from a node: other punctuation ends a walk. */
  readonly gapKeys: Map<number, Set<string>>;
  /** Children whose catalog word is censored ("f***ing"), matched by pattern, not by id. */
  readonly censored: Map<number, Array<[string, number]>>;
  /** The root's children by word id (see indexRoot): most walks start there, so no search. */
  private rootChildren: Int32Array<ArrayBuffer> = new Int32Array(0);
  /**
   * By word id (see indexRoot): 1 for a word on some edge below the root. Most page words are
   * on none: they are turned away here, before reading the nodes.
   */
  private inner: Uint8Array<ArrayBuffer> = new Uint8Array(0);

  constructor(
    private readonly vocabulary: Vocabulary,
    nodeCount: number,
    firstChild: Int32Array<ArrayBuffer>,
    edgeWord: Int32Array<ArrayBuffer>,
    names: Array<Name[] | undefined>,
    gapKeys: Map<number, Set<string>>,
    censored: Map<number, Array<[string, number]>>,
  ) {
    this.nodeCount = nodeCount;
    this.firstChild = firstChild;
    this.edgeWord = edgeWord;
    this.names = names;
    this.gapKeys = gapKeys;
    this.censored = censored;
  }

  child(node: number, word: number): number {
    if (word < 0) return -1;
    if (node === 0) {
      if (word < this.rootChildren.length) return this.rootChildren[word]!;
    } else if (word < this.inner.length && this.inner[word] === 0) return -1;
    return this.search(node, word);
  }

  /** The root's child for `word` (-1 for none). */
  rootChild(word: number): number {
    return word >= 0 && word < this.rootChildren.length ? this.rootChildren[word]! : this.child(this.root, word);
  }

  /**
   * `node`'s child by `word` among its children, sorted by word id. In a damaged stored trie
   * (words out of order) it may miss a child but never leaves the node's range, which
   * storedProblem checks: the answer is -1 or a node after `node`.
   */
  private search(node: number, word: number): number {
    const words = this.edgeWord;
    let lo = this.firstChild[node]!;
    let hi = this.firstChild[node + 1]!;
    while (hi - lo > SCAN) {
      const mid = (lo + hi) >>> 1;
      const w = words[mid]!;
      if (w < word) lo = mid + 1;
      else if (w > word) hi = mid;
      else return mid;
    }
    for (; lo < hi; lo++) {
      const w = words[lo]!;
      if (w >= word) return w === word ? lo : -1;
    }
    return -1;
  }

  /**
   * Indexes by word id the root's children (for `rootChild`) and the words below the root (for
   * `child`); call once the vocabulary is whole.
   */
  indexRoot(vocabularySize: number): void {
    const children = new Int32Array(vocabularySize).fill(-1);
    const words = this.edgeWord;
    const end = this.firstChild[1] ?? 1;
    for (let c = 1; c < end; c++) children[words[c]!] = c;
    this.rootChildren = children;
    const inner = new Uint8Array(vocabularySize);
    for (let node = end; node < this.nodeCount; node++) inner[words[node]!] = 1;
    this.inner = inner;
  }

  /** The word on the edge into `node`. */
  words(node: number): string {
    return this.vocabulary.words[this.edgeWord[node]!]!;
  }

  /** Does `node` have children? */
  hasChildren(node: number): boolean {
    return this.firstChild[node + 1]! > this.firstChild[node]!;
  }

  /** How many children `node` has. */
  childCount(node: number): number {
    return this.firstChild[node + 1]! - this.firstChild[node]!;
  }

  /** The names ending at `node`, if any. */
  namesAt(node: number): Name[] | undefined {
    const names = this.names;
    return Array.isArray(names) ? (names as Array<Name[] | undefined>)[node] : (names as ListsByIndex<Name>).list(node);
  }

  /** Does some name end at `node`? Makes no list. */
  hasNames(node: number): boolean {
    const names = this.names;
    return Array.isArray(names)
      ? (names as Array<Name[] | undefined>)[node] !== undefined
      : (names as ListsByIndex<Name>).has(node);
  }

  /**
   * Why this trie, read back from a stored index, could not be walked safely, or null. One pass:
   * each node's children begin after it and where the node before's end (firstChild rises and
   * ends at nodeCount), so every child is a node, every walk goes to higher nodes and ends, and
   * every search stays in its node's range; every word is known.
   */
  storedProblem(vocabularySize: number): string | null {
    const n = this.nodeCount;
    const { firstChild, edgeWord, rootChildren, inner } = this;
    if (
      !Number.isInteger(n) ||
      n < 1 ||
      !(firstChild instanceof Int32Array) ||
      firstChild.length !== n + 1 ||
      !(edgeWord instanceof Int32Array) ||
      edgeWord.length !== n
    )
      return 'trie nodes out of step';
    // Every array in a local: in a woken worker this code runs cold, where each property read
    // in a loop of 158,000 costs.
    if (firstChild[n]! !== n) return 'a trie child out of place';
    let last = firstChild[0]!;
    if (last < 1) return 'a trie child out of place';
    for (let node = 1; node < n; node++) {
      const first = firstChild[node]!;
      const word = edgeWord[node]!;
      if (first <= node || first < last) return 'a trie child out of place';
      if (word < 0 || word >= vocabularySize) return 'a trie word unknown';
      last = first;
    }
    if (last > n) return 'a trie child out of place';
    if (!(rootChildren instanceof Int32Array) || !(inner instanceof Uint8Array)) return 'no root index';
    for (let w = 0; w < rootChildren.length; w++)
      if (rootChildren[w]! < -1 || rootChildren[w]! === 0 || rootChildren[w]! >= n) return 'a root child out of place';
    for (const list of this.censored.values())
      for (const [, child] of list) if (!(child > 0 && child < n)) return 'a censored child out of place';
    return null;
  }
}

/**
 * A trie as it is built: nodes numbered as added, each with its parent, and an
 * open-addressing edge table keyed by (node, word id). `finish` freezes it into a WordTrie.
 *
 * One builder may serve build after build (`begin` … `finish`): the optimised code of its
 * methods is tied to the builder's hidden class, which lives only as long as some builder does.
 * With every builder dropped after its build, each full collection between two builds threw
 * that code away, and the next build ran interpreted and compiled it again: 14-17 functions
 * compiled in a bench build, 75-135 ms against 40-45 ms for a build that compiled none.
 */
export class WordTrieBuilder<Name> {
  readonly root = 0;
  nodeCount = 1;
  /** The build's vocabulary; null between builds, so that a kept builder keeps no catalog. */
  private vocabulary: Vocabulary | null = null;
  /** By node: its parent and the word on the edge into it. */
  private parent: Int32Array<ArrayBuffer> = NONE;
  private edgeWord: Int32Array<ArrayBuffer> = NONE;
  /**
   * By node, an entry for each (addChild pushes one): written at scattered nodes, an array with
   * holes turned into a dictionary, a hash table insert a name.
   */
  names: Array<Name[] | undefined> = [];
  readonly gapKeys = new Map<number, Set<string>>();
  readonly censored = new Map<number, Array<[string, number]>>();
  // Edge table: parent + 1 and word id per slot, side by side, and the child apart (read only on
  // a hit); up to two thirds full. 0 marks an empty slot, so a new table needs no filling.
  private slots: Int32Array<ArrayBuffer> = NONE;
  private slotChild: Int32Array<ArrayBuffer> = NONE;
  private mask = 0;
  private edges = 0;

  /** `expected`: about how many edges to hold, so the tables are sized once. Without a vocabulary, `begin` first. */
  constructor(vocabulary?: Vocabulary, expected = 1024) {
    if (vocabulary) this.begin(vocabulary, expected);
  }

  /** Starts a trie over `vocabulary` with room for about `expected` edges. */
  begin(vocabulary: Vocabulary, expected = 1024): this {
    let size = 2048;
    while (size * 2 < expected * 3) size *= 2;
    this.vocabulary = vocabulary;
    this.nodeCount = 1;
    this.slots = new Int32Array(2 * size);
    this.slotChild = new Int32Array(size);
    this.mask = size - 1;
    this.edges = 0;
    const nodes = Math.max(1024, expected + 1);
    this.parent = new Int32Array(nodes);
    this.edgeWord = new Int32Array(nodes);
    this.names = [undefined];
    this.gapKeys.clear();
    this.censored.clear();
    return this;
  }

  child(node: number, word: number): number {
    if (word < 0) return -1;
    const slots = this.slots;
    const mask = this.mask;
    for (let s = (Math.imul(node, 0x9e3779b1) ^ Math.imul(word, 0x85ebca77)) & mask; ; s = (s + 1) & mask) {
      const parent = slots[2 * s]!;
      if (parent === 0) return -1;
      if (parent === node + 1 && slots[2 * s + 1] === word) return this.slotChild[s]!;
    }
  }

  /** The word on the edge into `node`. */
  words(node: number): string {
    return this.vocabulary!.words[this.edgeWord[node]!]!;
  }

  /** The names ending at `node`, if any. */
  namesAt(node: number): Name[] | undefined {
    return this.names[node];
  }

  /** Adds the path `words` from `from` on (joined by `gaps`); returns its last node. */
  insert(words: readonly number[], gaps: readonly string[], from = 0): number {
    let node = this.root;
    for (let i = from; i < words.length; i++) {
      const gap = i > from ? (gaps[i - 1] ?? '') : '';
      if (gap !== '') {
        let keys = this.gapKeys.get(node);
        if (!keys) this.gapKeys.set(node, (keys = new Set()));
        keys.add(gap);
      }
      const word = words[i]!;
      let next = this.child(node, word);
      if (next < 0) next = this.addChild(node, word);
      node = next;
    }
    return node;
  }

  addName(node: number, name: Name): void {
    const list = this.names[node];
    if (list) list.push(name);
    else this.names[node] = listOf(name);
  }

  /**
   * The trie frozen: nodes renumbered breadth first, each node's children together and sorted by
   * word id, and everything kept by node (names, gap keys, censored children) renumbered alike.
   * The builder lets go of them all, and is not to be used again before `begin`.
   */
  finish(): WordTrie<Name> {
    const n = this.nodeCount;
    const { parent, edgeWord: oldWord } = this;
    // Two counting sorts, no comparisons (a sort per node, with a comparator, cost 300-500 ms
    // of CPU at 100,000 films): the nodes by word, then, keeping that order, by parent; so
    // each parent's children lie together in word order, `grouped[start[p] .. start[p + 1])`.
    const start = new Int32Array(n + 1);
    let words = 0;
    for (let c = 1; c < n; c++) {
      start[parent[c]! + 1]!++;
      if (oldWord[c]! >= words) words = oldWord[c]! + 1;
    }
    for (let p = 0; p < n; p++) start[p + 1]! += start[p]!;
    const byWordAt = new Int32Array(words + 1);
    for (let c = 1; c < n; c++) byWordAt[oldWord[c]! + 1]!++;
    for (let w = 0; w < words; w++) byWordAt[w + 1]! += byWordAt[w]!;
    const byWord = new Int32Array(n);
    for (let c = 1; c < n; c++) byWord[byWordAt[oldWord[c]!]!++] = c;
    const grouped = new Int32Array(n);
    const at = start.slice();
    for (let i = 0; i < n - 1; i++) {
      const c = byWord[i]!;
      grouped[at[parent[c]!]!++] = c;
    }
    // Breadth first: node i's children are numbered next, together.
    const order = new Int32Array(n); // new number -> old
    const first = new Int32Array(n + 1);
    const edgeWord = new Int32Array(n);
    let next = 1;
    for (let i = 0; i < n; i++) {
      const old = order[i]!;
      first[i] = next;
      for (let j = start[old]!; j < start[old + 1]!; j++) {
        const c = grouped[j]!;
        order[next] = c;
        edgeWord[next++] = oldWord[c]!;
      }
    }
    first[n] = n;
    const renumber = new Int32Array(n); // old number -> new
    for (let i = 0; i < n; i++) renumber[order[i]!] = i;
    // Filled, then placed: writing a new array with holes cost 40-115 ms at 100,000 films.
    const names = new Array<Name[] | undefined>(n).fill(undefined);
    const built = this.names;
    for (let node = 0; node < n; node++) names[renumber[node]!] = built[node];
    const gapKeys = new Map<number, Set<string>>();
    for (const [node, keys] of this.gapKeys) gapKeys.set(renumber[node]!, keys);
    const censored = new Map<number, Array<[string, number]>>();
    for (const [node, list] of this.censored)
      censored.set(
        renumber[node]!,
        list.map(([text, child]) => [text, renumber[child]!]),
      );
    const trie = new WordTrie<Name>(this.vocabulary!, n, first, edgeWord, names, gapKeys, censored);
    this.release();
    return trie;
  }

  private release(): void {
    this.vocabulary = null;
    this.parent = this.edgeWord = this.slots = this.slotChild = NONE;
    this.names = [];
    this.gapKeys.clear();
    this.censored.clear();
  }

  private addChild(parent: number, word: number): number {
    const node = this.nodeCount++;
    if (node === this.parent.length) this.growNodes();
    this.edgeWord[node] = word;
    this.parent[node] = parent;
    this.names.push(undefined);
    if ((this.edges + 1) * 3 > (this.mask + 1) * 2) this.rehash(this.slotChild.length * 2);
    this.placeEdge(parent, word, node);
    this.edges++;
    const text = this.vocabulary!.words[word]!;
    if (isCensored(text)) {
      let list = this.censored.get(parent);
      if (!list) this.censored.set(parent, (list = []));
      list.push([text, node]);
    }
    return node;
  }

  private placeEdge(parent: number, word: number, node: number): void {
    const mask = this.mask;
    let s = (Math.imul(parent, 0x9e3779b1) ^ Math.imul(word, 0x85ebca77)) & mask;
    while (this.slots[2 * s] !== 0) s = (s + 1) & mask;
    this.slots[2 * s] = parent + 1;
    this.slots[2 * s + 1] = word;
    this.slotChild[s] = node;
  }

  private growNodes(): void {
    const size = this.parent.length * 2;
    const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.parent = grow(this.parent);
    this.edgeWord = grow(this.edgeWord);
  }

  private rehash(size: number): void {
    const old = this.slots;
    const oldChild = this.slotChild;
    this.slots = new Int32Array(2 * size);
    this.slotChild = new Int32Array(size);
    this.mask = size - 1;
    for (let s = 0; s < oldChild.length; s++) {
      if (old[2 * s] !== 0) this.placeEdge(old[2 * s]! - 1, old[2 * s + 1]!, oldChild[s]!);
    }
  }
}
