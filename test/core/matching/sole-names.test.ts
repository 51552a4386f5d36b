// A chosen node's only name, kept by node (sole-names.ts): its films and article flag are read
// from the matcher's table once learnt, not through the node's list and the name object.
import { describe, expect, it, vi } from 'vitest';
import { Candidates } from '../../../src/core/matching/candidates.ts';
import { compileTitles, matcherOf } from '../../../src/core/matching/matcher.ts';
import { SoleNames } from '../../../src/core/matching/sole-names.ts';
import { film } from './title-source.ts';

const CATALOG = [
  film('burn', 'Burn After Reading'),
  film('party', 'The Party'),
  // Two names ending at one node: they differ only in the punctuation between their words.
  film('face-off', 'Face/Off'),
  film('face-off-tv', 'Face Off'),
];

/** What `found` takes after picking node `node` from `sole`, as "films:article". */
function picked(sole: SoleNames, node: number): string | null {
  const found = new Candidates();
  found.addNode(node, 0, 1);
  let out: string | null = null;
  found.chooseLongest(
    1,
    () => {
      if (!sole.pick(node, found)) out = 'several';
    },
    (filmIds, ordered, _start, _end, article) => (out = `${filmIds.join('+')}:${article}:${ordered}`),
  );
  return out;
}

describe('SoleNames', () => {
  const { index } = compileTitles(CATALOG);
  const nodeOf = (...words: string[]): number => {
    let node = index.trie.root;
    for (const w of words) node = index.trie.child(node, index.vocabulary.idOf(w));
    return node;
  };

  it("gives a one-name node's films and article flag, and declines a node of several names", () => {
    const sole = new SoleNames(index.trie);
    expect(picked(sole, nodeOf('burn', 'after', 'reading'))).toBe('burn:false:true');
    expect(picked(sole, nodeOf('the', 'party'))).toBe('party:true:true');
    expect(picked(sole, nodeOf('face', 'off'))).toBe('several');
  });

  it('keeps nodes of every page of its table apart (4,096 nodes a page)', () => {
    const many = compileTitles(Array.from({ length: 5000 }, (_, i) => film(`f${i}`, `Kalo${i} Miren${i}`))).index;
    const sole = new SoleNames(many.trie);
    const node = (i: number): number =>
      many.trie.child(many.trie.rootChild(many.vocabulary.idOf(`kalo${i}`)), many.vocabulary.idOf(`miren${i}`));
    // Two nodes a page apart: one table place each, on pages of their own.
    expect(node(4096) - node(0)).toBe(4096);
    // Far pages first, then near ones: each page made when first met.
    for (const i of [4999, 0, 4096, 1500, 1]) expect(picked(sole, node(i))).toBe(`f${i}:false:true`);
    for (const i of [0, 1, 1500, 4096, 4999]) expect(picked(sole, node(i))).toBe(`f${i}:false:true`);
  });

  it('reads a node’s names once, then only its own table', () => {
    const sole = new SoleNames(index.trie);
    const namesAt = vi.spyOn(index.trie, 'namesAt');
    const node = nodeOf('the', 'party');
    expect(picked(sole, node)).toBe('party:true:true');
    expect(picked(sole, node)).toBe('party:true:true');
    expect(namesAt).toHaveBeenCalledTimes(1);
    namesAt.mockRestore();
  });
});

describe('the matcher with SoleNames', () => {
  it("does not read a chosen one-name node's list again in later blocks", () => {
    const compiled = compileTitles(CATALOG);
    const matcher = matcherOf(compiled);
    const text = 'We saw Burn After Reading and The Party, then Burn After Reading again.';
    const first = matcher.find({ text });
    const namesAt = vi.spyOn(compiled.index.trie, 'namesAt');
    const second = matcher.find({ text });
    expect(second).toEqual(first);
    expect(second.map((m) => `${m.surface}:${m.filmIds.join('+')}`)).toEqual([
      'Burn After Reading:burn',
      'The Party:party',
      'Burn After Reading:burn',
    ]);
    expect(namesAt).not.toHaveBeenCalled();
    namesAt.mockRestore();
  });

  it('still reads every name of a node of several, and checks gaps across punctuation', () => {
    const matcher = matcherOf(compileTitles(CATALOG));
    const find = (text: string): string[] => matcher.find({ text }).map((m) => `${m.surface}:${m.filmIds.join('+')}`);
    for (let i = 0; i < 2; i++) {
      expect(find('Face Off and Face/Off')).toEqual(['Face Off:face-off+face-off-tv', 'Face/Off:face-off']);
      expect(find('Burn After Reading, Burn, After Reading.')).toEqual(['Burn After Reading:burn']);
    }
  });
});
