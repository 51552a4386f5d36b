// The trie over vocabulary ids (word-trie.ts): built with an edge table, frozen into children
// side by side in word order.
import { describe, expect, it } from 'vitest';
import { Vocabulary } from '../../../src/core/matching/vocabulary.ts';
import { WordTrieBuilder } from '../../../src/core/matching/word-trie.ts';

describe('the word trie', () => {
  const build = (builder?: WordTrieBuilder<string>) => {
    const vocabulary = new Vocabulary();
    const id = (w: string) => vocabulary.intern(w);
    builder = builder ? builder.begin(vocabulary, 16) : new WordTrieBuilder<string>(vocabulary, 16);
    // Words interned out of order, so that word order is not the order of adding.
    for (const w of ['zeta', 'alpha', 'wide', 'narrow']) id(w);
    builder.addName(builder.insert([id('wide')], []), 'Wide');
    builder.addName(builder.insert([id('narrow')], []), 'Narrow');
    for (let i = 0; i < 300; i++) builder.insert([id('wide'), id(`w${299 - i}`)], ['']);
    for (const w of ['zeta', 'alpha', 'w1']) builder.insert([id('narrow'), id(w)], ['']);
    builder.addName(builder.insert([id('narrow'), id('alpha'), id('zeta')], ['', ':'], 0), 'Narrow Alpha: Zeta');
    builder.insert([id('narrow'), id('f***ing')], ['']);
    const trie = builder.finish();
    trie.indexRoot(vocabulary.size);
    return { vocabulary, id, trie, builder };
  };

  it('keeps each node’s children together, after it, in word order, and finds every one', () => {
    const { id, trie, vocabulary } = build();
    const wide = trie.rootChild(id('wide'));
    const narrow = trie.rootChild(id('narrow'));
    expect(trie.childCount(trie.root)).toBe(2);
    expect(trie.childCount(wide)).toBe(300);
    expect(trie.childCount(narrow)).toBe(4);
    expect(trie.storedProblem(vocabulary.size)).toBeNull();
    for (let node = 0; node < trie.nodeCount; node++) {
      const start = trie.firstChild[node]!;
      const end = trie.firstChild[node + 1]!;
      expect(start).toBeGreaterThan(node);
      for (let c = start; c < end; c++) {
        if (c > start) expect(trie.edgeWord[c]).toBeGreaterThan(trie.edgeWord[c - 1]!);
        // Found by the search (long ranges halved, short ones read in turn).
        expect(trie.child(node, trie.edgeWord[c]!)).toBe(c);
      }
    }
    for (let i = 0; i < 300; i++) expect(trie.words(trie.child(wide, id(`w${i}`)))).toBe(`w${i}`);
    // Absent: a word of the vocabulary under another node, a word in no edge, a word past the vocabulary.
    expect(trie.child(wide, id('zeta'))).toBe(-1);
    expect(trie.child(narrow, id('w2'))).toBe(-1);
    expect(trie.child(narrow, vocabulary.size + 5)).toBe(-1);
    expect(trie.child(narrow, -1)).toBe(-1);
    expect(trie.hasChildren(trie.child(wide, id('w7')))).toBe(false);
  });

  it('renumbers what it keeps by node: names, gap keys and censored children', () => {
    const { id, trie } = build();
    const narrow = trie.rootChild(id('narrow'));
    expect(trie.namesAt(narrow)).toEqual(['Narrow']);
    expect(trie.namesAt(trie.rootChild(id('wide')))).toEqual(['Wide']);
    const alpha = trie.child(narrow, id('alpha'));
    expect(trie.gapKeys.get(alpha)).toEqual(new Set([':']));
    expect(trie.namesAt(trie.child(alpha, id('zeta')))).toEqual(['Narrow Alpha: Zeta']);
    expect(trie.censored.get(narrow)).toEqual([['f***ing', trie.child(narrow, id('f***ing'))]]);
    // Positive control for the absences: a node with no names, no gap keys, no censored child.
    expect(trie.namesAt(alpha)).toBeUndefined();
    expect(trie.gapKeys.get(narrow)).toBeUndefined();
    expect(trie.censored.get(alpha)).toBeUndefined();
  });

  it('refuses a stored layout a walk could loop or leave the nodes in', () => {
    const { trie, vocabulary } = build();
    const size = vocabulary.size;
    const harmed = (harm: (first: Int32Array, words: Int32Array) => void): string | null => {
      const first = trie.firstChild;
      const words = trie.edgeWord;
      trie.firstChild = first.slice();
      trie.edgeWord = words.slice();
      harm(trie.firstChild, trie.edgeWord);
      const problem = trie.storedProblem(size);
      trie.firstChild = first;
      trie.edgeWord = words;
      return problem;
    };
    expect(harmed(() => {})).toBeNull();
    expect(harmed((f) => (f[3] = 3))).toMatch(/child/); // children not after their parent
    expect(harmed((f) => (f[2] = f[3]! + 1))).toMatch(/child/); // ranges going back
    expect(harmed((f) => (f[0] = 0))).toMatch(/child/); // the root its own child
    expect(harmed((f) => (f[f.length - 1] = 1e6))).toMatch(/child/); // past the nodes
    expect(harmed((f) => (f[f.length - 2] = f.length))).toMatch(/child/);
    expect(harmed((_, w) => (w[5] = size))).toMatch(/word/);
    expect(harmed((_, w) => (w[5] = -1))).toMatch(/word/);
    // Words out of order are not refused: a search then misses, and stays in its node's range.
    expect(
      harmed((f, w) => {
        w.subarray(f[1]!, f[2]!).reverse();
      }),
    ).toBeNull();
  });

  it('builds the same trie again in a builder kept from a build before, which keeps nothing of it', () => {
    const kept = new WordTrieBuilder<string>();
    const fresh = build().trie;
    const first = build(kept).trie;
    // Let go once finished: no names, gap keys or censored children of the build before.
    expect(kept.names).toEqual([]);
    expect(kept.gapKeys.size).toBe(0);
    expect(kept.censored.size).toBe(0);
    const again = build(kept).trie;
    for (const trie of [first, again]) {
      expect(trie.nodeCount).toBe(fresh.nodeCount);
      expect(trie.firstChild).toEqual(fresh.firstChild);
      expect(trie.edgeWord).toEqual(fresh.edgeWord);
      expect(trie.names).toEqual(fresh.names);
      expect(trie.gapKeys).toEqual(fresh.gapKeys);
      expect(trie.censored).toEqual(fresh.censored);
    }
    // Positive control: the build before's trie holds what the builder let go of.
    expect(first.gapKeys.size).toBeGreaterThan(0);
    expect(first.censored.size).toBeGreaterThan(0);
  });
});
