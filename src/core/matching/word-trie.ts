// A trie over vocabulary ids, in typed arrays: nodes are numbers, an edge is one slot of an
// open-addressing table keyed by (node, word id). Ten thousand titles make some 30,000 nodes;
// as objects with a Map each they held over 10 MB, here well under one.

import type { ListsByIndex } from './stored-graph.ts';
import { isCensored } from './tokenize.ts';
import type { Vocabulary } from './vocabulary.ts';

/** What ends at a node; the index's TitleName, kept generic to avoid an import cycle. */
export class WordTrie<Name> {
  readonly root = 0;
  nodeCount = 1;
  /** Children (latest first): first, next sibling, and the word id on the edge. */
  firstChild: Int32Array<ArrayBuffer>;
  nextSibling: Int32Array<ArrayBuffer>;
  edgeWord: Int32Array<ArrayBuffer>;
  /**
   * Children by node, saturated at 255: read only against typo.ts's SCAN_LIMIT (24), so one
   * byte a node (0.6 MB less to read on a wake at 100,000 films than 32 bits).
   */
  childCount: Uint8Array<ArrayBuffer>;
  /**
   * Names ending at a node, by node (most nodes have none): an array as built; read back from a
   * stored index, lists made when their node is first asked for. Read through namesAt.
   */
  readonly names: Array<Name[] | undefined> | ListsByIndex<Name> = [];
  /** Non-empty gap keys used by names continuing from a node: other punctuation ends a walk. */
  readonly gapKeys = new Map<number, Set<string>>();
  /** Children whose catalog word is censored ("f***ing"), matched by pattern, not by id. */
  readonly censored = new Map<number, Array<[string, number]>>();
  // Edge table: parent + 1 and word id per slot, side by side, and the child apart (read only on
  // a hit), so that a probe, most often a miss, reads 8 bytes a slot; up to two thirds full.
  // 0 marks an empty slot, so a new table needs no filling.
  private slots: Int32Array<ArrayBuffer>;
  private slotChild: Int32Array<ArrayBuffer>;
  private mask: number;
  private edges = 0;
  /** The root's children by word id (see indexRoot): most walks start there, so no hashing. */
  private rootChildren: Int32Array<ArrayBuffer> = new Int32Array(0);
  /**
   * By word id (see indexRoot): 1 for a word on some edge below the root. Most page words are
   * on none, and a lookup in the edge table is a cache miss: they are turned away here.
   */
  private inner: Uint8Array<ArrayBuffer> = new Uint8Array(0);

  /** `expected`: about how many edges to hold, so the tables are sized once. */
  constructor(
    private readonly vocabulary: Vocabulary,
    expected = 1024,
  ) {
    let size = 2048;
    while (size * 2 < expected * 3) size *= 2;
    this.slots = new Int32Array(2 * size);
    this.slotChild = new Int32Array(size);
    this.mask = size - 1;
    const nodes = Math.max(1024, expected + 1);
    this.firstChild = new Int32Array(nodes).fill(-1);
    this.nextSibling = new Int32Array(nodes);
    this.edgeWord = new Int32Array(nodes);
    this.childCount = new Uint8Array(nodes);
  }

  child(node: number, word: number): number {
    if (word < 0 || (word < this.inner.length && this.inner[word] === 0 && node !== this.root)) return -1;
    const slots = this.slots;
    const mask = this.mask;
    for (let s = (Math.imul(node, 0x9e3779b1) ^ Math.imul(word, 0x85ebca77)) & mask; ; s = (s + 1) & mask) {
      const parent = slots[2 * s] as number;
      if (parent === 0) return -1;
      if (parent === node + 1 && slots[2 * s + 1] === word) {
        // One unsigned compare on a hit keeps a node of a damaged stored table from reaching the
        // callers (storedProblem no longer reads every slot on a wake): -1 and past the end alike.
        const child = this.slotChild[s] as number;
        return child >>> 0 < this.nodeCount ? child : -1;
      }
    }
  }

  /** The root's child for `word`, once indexRoot has run (-1 for none). */
  rootChild(word: number): number {
    return word >= 0 && word < this.rootChildren.length
      ? (this.rootChildren[word] as number)
      : this.child(this.root, word);
  }

  /**
   * Indexes by word id the root's children (for `rootChild`) and the words below the root (for
   * `child`); call once every word is inserted.
   */
  indexRoot(vocabularySize: number): void {
    const children = new Int32Array(vocabularySize).fill(-1);
    for (let c = this.firstChild[this.root] as number; c >= 0; c = this.nextSibling[c] as number) {
      children[this.edgeWord[c] as number] = c;
    }
    this.rootChildren = children;
    const inner = new Uint8Array(vocabularySize);
    for (let node = 1; node < this.nodeCount; node++) {
      const word = this.edgeWord[node] as number;
      if (children[word] !== node) inner[word] = 1;
    }
    this.inner = inner;
  }

  /** The word on the edge into `node`. */
  words(node: number): string {
    return this.vocabulary.words[this.edgeWord[node] as number] as string;
  }

  /**
   * Why this trie, read back from a stored index, could not be walked safely, or null: every
   * node number in range, children after their parent and siblings before each other (so that
   * no walk can loop), a free slot in the edge table (so that a probe ends). The edge table's
   * slots are not read one by one: a probe ends at any free slot (linear probing wraps round),
   * so one free slot suffices, found from slot 0 in a few reads (the table is at most two
   * thirds full), and the child a slot gives is checked where child() returns it.
   */
  storedProblem(vocabularySize: number): string | null {
    const n = this.nodeCount;
    const { firstChild, nextSibling, edgeWord, childCount, slots, slotChild, rootChildren, inner } = this;
    if (
      !Number.isInteger(n) ||
      n < 1 ||
      [firstChild, nextSibling, edgeWord].some((a) => !(a instanceof Int32Array) || a.length < n) ||
      !(childCount instanceof Uint8Array) ||
      childCount.length < n
    )
      return 'trie nodes out of step';
    // One pass over the nodes and one over the edge table, every array in a local: in a woken
    // worker this code runs cold, where each property read in a loop of 158,000 costs.
    if (firstChild[0]! !== -1 && (firstChild[0]! <= 0 || firstChild[0]! >= n)) return 'a trie child out of place';
    for (let node = 1; node < n; node++) {
      const first = firstChild[node]!;
      const next = nextSibling[node]!;
      const word = edgeWord[node]!;
      if (first !== -1 && (first <= node || first >= n)) return 'a trie child out of place';
      if (next < -1 || next >= node) return 'a trie sibling out of place';
      if (word < 0 || word >= vocabularySize) return 'a trie word unknown';
    }
    const size = this.mask + 1;
    if (!(slots instanceof Int32Array) || !(slotChild instanceof Int32Array) || (size & this.mask) !== 0)
      return 'no edge table';
    if (slots.length !== 2 * size || slotChild.length !== size) return 'edge table out of step';
    let free = 0;
    while (free < size && slots[2 * free] !== 0) free++;
    if (free === size) return 'an edge table without room';
    if (!(rootChildren instanceof Int32Array) || !(inner instanceof Uint8Array)) return 'no root index';
    for (let w = 0; w < rootChildren.length; w++)
      if (rootChildren[w]! < -1 || rootChildren[w]! >= n) return 'a root child out of place';
    for (const list of this.censored.values())
      for (const [, child] of list) if (!(child > 0 && child < n)) return 'a censored child out of place';
    return null;
  }

  /**
   * Drops the spare room of the node tables and of the edge table once the trie is built,
   * before it is stored. The edge table is stored as it is and read back as a view on the
   * file's bytes: made again from the nodes when read, it cost most of the decoding (a 6 MB
   * table zeroed and 210,000 edges placed, in a worker's code not yet compiled).
   */
  compact(): void {
    const n = this.nodeCount;
    if (this.firstChild.length !== n) {
      this.firstChild = this.firstChild.slice(0, n);
      this.nextSibling = this.nextSibling.slice(0, n);
      this.edgeWord = this.edgeWord.slice(0, n);
      this.childCount = this.childCount.slice(0, n);
    }
    // The smallest table the growth rule allows (at most two thirds full), as addChild would have grown it.
    let size = 2;
    while ((this.edges + 1) * 3 > size * 2) size *= 2;
    if (size < this.mask + 1) this.rehash(size);
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

  hasChildren(node: number): boolean {
    return (this.firstChild[node] as number) >= 0;
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
      const word = words[i] as number;
      let next = this.child(node, word);
      if (next < 0) next = this.addChild(node, word);
      node = next;
    }
    return node;
  }

  addName(node: number, name: Name): void {
    if (!Array.isArray(this.names)) throw new Error('a trie read back from a stored index takes no names');
    const names = this.names as Array<Name[] | undefined>;
    const list = names[node];
    if (list) list.push(name);
    else names[node] = [name];
  }

  private addChild(parent: number, word: number): number {
    const node = this.nodeCount++;
    if (node === this.firstChild.length) this.growNodes();
    this.edgeWord[node] = word;
    this.nextSibling[node] = this.firstChild[parent] as number;
    this.firstChild[parent] = node;
    const count = this.childCount[parent] as number;
    if (count < 255) this.childCount[parent] = count + 1;
    if (parent !== this.root && word < this.inner.length) this.inner[word] = 1;
    if ((this.edges + 1) * 3 > (this.mask + 1) * 2) this.growEdges();
    this.placeEdge(parent, word, node);
    this.edges++;
    const text = this.vocabulary.words[word] as string;
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
    const size = this.firstChild.length * 2;
    const grow = (a: Int32Array<ArrayBuffer>, fill: number): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size).fill(fill);
      b.set(a);
      return b;
    };
    this.firstChild = grow(this.firstChild, -1);
    this.nextSibling = grow(this.nextSibling, 0);
    this.edgeWord = grow(this.edgeWord, 0);
    const counts = new Uint8Array(size);
    counts.set(this.childCount);
    this.childCount = counts;
  }

  private growEdges(): void {
    this.rehash(this.slotChild.length * 2);
  }

  private rehash(size: number): void {
    const old = this.slots;
    const oldChild = this.slotChild;
    this.slots = new Int32Array(2 * size);
    this.slotChild = new Int32Array(size);
    this.mask = size - 1;
    for (let s = 0; s < oldChild.length; s++) {
      if (old[2 * s] !== 0) this.placeEdge((old[2 * s] as number) - 1, old[2 * s + 1] as number, oldChild[s] as number);
    }
  }
}
