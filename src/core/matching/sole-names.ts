// The films and article flag of a trie node's only name, by node, for the matcher's choice
// (Candidates): most chosen spans end at a node with one name, and reading it went through the
// node's name list and the name object, each elsewhere in the heap and seldom in the cache (the
// profiles of issue 28). Learnt when a node is first chosen, in the matcher's own tables; the
// stored index is not changed.
import type { Candidates } from './candidates.ts';
import type { TitleName } from './title-name.ts';
import type { WordTrie } from './word-trie.ts';

// By node: 0 not yet learnt, SEVERAL for a node with more than one name (read the list), else
// the name's place in `films` + 1, times 2, plus 1 when it starts with an article.
const SEVERAL = -1;
// Nodes a page of the table covers. The table is made a page at a time as nodes are met: at
// 100,000 films (158,390 nodes) the whole of it, 634 KB zeroed, cost a woken worker's first find
// 0.1 ms (the matcher bench's storedIndexFirstFindMs100kNode, 0.59-0.77 against 0.48-0.54).
const PAGE_BITS = 12;
const PAGE = 1 << PAGE_BITS;

export class SoleNames {
  /** By node >> PAGE_BITS, made on first use: 4 bytes a node. */
  private readonly pages: Array<Int32Array | undefined> = [];
  private readonly films: string[][] = [];

  constructor(private readonly trie: WordTrie<TitleName>) {}

  /**
   * Picks the only name ending at `node` into `found` (Candidates.pickFilms) and says true, or
   * says false, picking nothing, when the node has several (or none).
   */
  pick(node: number, found: Candidates): boolean {
    const page = this.pages[node >> PAGE_BITS] ?? this.page(node);
    let held = page[node & (PAGE - 1)]!;
    if (held === 0) held = this.learn(page, node);
    if (held === SEVERAL) return false;
    found.pickFilms(this.films[(held >> 1) - 1]!, (held & 1) === 1);
    return true;
  }

  private page(node: number): Int32Array {
    const page = new Int32Array(PAGE);
    // Filled in order so that the array stays packed (a hole would make it a slower kind).
    while (this.pages.length <= node >> PAGE_BITS) this.pages.push(undefined);
    this.pages[node >> PAGE_BITS] = page;
    return page;
  }

  private learn(page: Int32Array, node: number): number {
    const names = this.trie.namesAt(node);
    let held = SEVERAL;
    if (names !== undefined && names.length === 1) {
      const name = names[0]!;
      this.films.push(name.filmIds);
      held = this.films.length * 2 + (name.article ? 1 : 0);
    }
    page[node & (PAGE - 1)] = held;
    return held;
  }
}
