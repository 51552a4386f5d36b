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

export class SoleNames {
  /** Made on first use: 4 bytes a trie node. */
  private at: Int32Array | null = null;
  private readonly films: string[][] = [];

  constructor(private readonly trie: WordTrie<TitleName>) {}

  /**
   * Picks the only name ending at `node` into `found` (Candidates.pickFilms) and says true, or
   * says false, picking nothing, when the node has several (or none).
   */
  pick(node: number, found: Candidates): boolean {
    const at = (this.at ??= new Int32Array(this.trie.nodeCount));
    let held = at[node]!;
    if (held === 0) held = this.learn(at, node);
    if (held === SEVERAL) return false;
    found.pickFilms(this.films[(held >> 1) - 1]!, (held & 1) === 1);
    return true;
  }

  private learn(at: Int32Array, node: number): number {
    const names = this.trie.namesAt(node);
    let held = SEVERAL;
    if (names !== undefined && names.length === 1) {
      const name = names[0]!;
      this.films.push(name.filmIds);
      held = this.films.length * 2 + (name.article ? 1 : 0);
    }
    at[node] = held;
    return held;
  }
}
