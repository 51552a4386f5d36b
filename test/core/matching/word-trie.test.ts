// The trie over vocabulary ids (word-trie.ts): what its stored form keeps narrow.
import { describe, expect, it } from 'vitest';
import { Vocabulary } from '../../../src/core/matching/vocabulary.ts';
import { WordTrie } from '../../../src/core/matching/word-trie.ts';

describe('the word trie', () => {
  it('counts a node’s children in one byte, saturated at 255 (read only against a scan limit of 24)', () => {
    const vocabulary = new Vocabulary();
    const trie = new WordTrie<string>(vocabulary, 16);
    const wide = trie.insert([vocabulary.intern('wide')], []);
    const narrow = trie.insert([vocabulary.intern('narrow')], []);
    for (let i = 0; i < 300; i++) trie.insert([vocabulary.intern('wide'), vocabulary.intern(`w${i}`)], ['']);
    for (let i = 0; i < 3; i++) trie.insert([vocabulary.intern('narrow'), vocabulary.intern(`w${i}`)], ['']);
    trie.compact();
    expect(trie.childCount).toBeInstanceOf(Uint8Array);
    expect(trie.childCount[wide]).toBe(255);
    expect(trie.childCount[narrow]).toBe(3);
    expect(trie.childCount[trie.root]).toBe(2);
    // Every child is still there past the count's limit.
    let children = 0;
    for (let c = trie.firstChild[wide]!; c >= 0; c = trie.nextSibling[c]!) children++;
    expect(children).toBe(300);
    expect(trie.child(wide, vocabulary.idOf('w299'))).toBeGreaterThan(0);
  });
});
