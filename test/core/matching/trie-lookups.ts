// Counts the matcher's work instead of timing it: every step of every trie walk (exact, censored,
// typo) and every word a title adds at compile time asks WordTrie.child once, so the number of
// calls grows with the work done. A hang or a quadratic case shows up as a count, not as a time
// that depends on how busy the machine is.
import { WordTrie } from '../../../src/core/matching/word-trie.ts';

/** Runs `work` and returns its value with the number of trie lookups it made. */
export function countTrieLookups<T>(work: () => T): { value: T; lookups: number } {
  const proto = WordTrie.prototype;
  const child = proto.child;
  let lookups = 0;
  proto.child = function (this: WordTrie<unknown>, node: number, word: number): number {
    lookups++;
    return child.call(this, node, word);
  };
  try {
    const value = work();
    return { value, lookups };
  } finally {
    proto.child = child;
  }
}
