import { describe, expect, it } from 'vitest';
import {
  compileMatcher,
  compileTitles,
  defaultLexicon,
  findPacked,
  matcherOf,
  MatchPacker,
  pack,
  packMatches,
  readIndex,
  storeIndex,
  unpack,
  unpackMatches,
  type StoredIndex,
  type TextBlock,
} from '../../../src/core/matching/index.ts';

const films = [
  { id: 'a', title: 'Fugitive Pieces', aliases: [], year: 2007, directors: ['Jeremy Podeswa'] },
  { id: 'b', title: 'Burn After Reading', aliases: [], year: 2008, directors: ['Joel Coen'] },
  { id: 'c', title: 'Burn After Reading', aliases: [], year: 1999, directors: ['Nobody Else'] },
];
const blocks: TextBlock[] = [
  { text: 'After Fugitive Pieces we saw Burn After Reading, then Fugitive Pieces again.' },
  { text: 'Nothing here.' },
  { text: 'Joel Coen’s Burn After Reading (2008).' },
];

describe('packed matches: what the worker sends a page for a batch', () => {
  it('reads back as the matcher’s own matches, block by block', () => {
    const matcher = compileMatcher(films);
    const found = blocks.map((b) => matcher.find(b));
    expect(found.flat().length).toBeGreaterThan(3); // positive control: there is something to pack
    expect(unpackMatches(JSON.parse(JSON.stringify(packMatches(found))), blocks)).toEqual(found);
  });

  it('sends each list of films once, and no surface: the page has the text', () => {
    const matcher = compileMatcher(films);
    const packed = packMatches(blocks.map((b) => matcher.find(b)));
    expect(packed.films).toHaveLength(new Set(packed.films.map((f) => f.join())).size);
    expect(packed.films.flat().sort()).toEqual(['a', 'b', 'c']);
    expect(JSON.stringify(packed)).not.toContain('Fugitive');
  });

  it('drops a span that does not fit its block or names no film list, and keeps the rest', () => {
    const text = 'Fugitive Pieces';
    const packed = { films: [['a']], spans: [[0, 15, 0, 0, 99, 0, 3, 2, 0, 0, 15, 7, 0, 15]] };
    expect(unpackMatches(packed, [{ text }])).toEqual([[{ filmIds: ['a'], start: 0, end: 15, surface: text }]]);
    expect(unpackMatches({ films: [], spans: [] }, [{ text }])).toEqual([[]]);
  });

  it('packed by the matcher itself as by packMatches over its matches, to the same numbers', () => {
    const matcher = compileMatcher([
      ...films,
      { id: 'd', title: 'Crash', aliases: ['Fugitive'], year: 1996, directors: ['David Cronenberg'] },
      { id: 'e', title: 'Crash', aliases: [], year: 2004, directors: ['Paul Haggis'] },
    ]);
    const batch: TextBlock[] = [
      ...blocks,
      { text: 'Cronenberg’s Crash, then Haggis’s Crash (2004), and “Fugitive”.', marks: [{ start: 13, end: 18 }] },
      { text: '' },
      { text: 'Burn After Reading, Burn After Reading and Fugitive Pieces.' },
    ];
    const packer = new MatchPacker();
    for (const block of batch) findPacked(matcher, block, packer);
    const expected = packMatches(batch.map((b) => matcher.find(b)));
    expect(expected.spans.flat().length).toBeGreaterThan(20); // positive control: many matches
    expect(packer.packed()).toEqual(expected);
    expect(unpackMatches(packer.packed(), batch)).toEqual(batch.map((b) => matcher.find(b)));
  });

  it('numbers a list by its ids, first seen first, however many arrays carry them', () => {
    const packer = new MatchPacker();
    const lists = [
      ['a', 'b'],
      ['a', 'b', 'c'],
      ['a'],
      ['a', 'c'],
      [],
      ['b', 'a'],
      ['a', 'b'],
      ['a', 'b', 'c'],
      [],
      ['a'],
    ];
    // Fresh arrays each time, as a match of several names or ordered by clues gets.
    const numbers = lists.map((ids) => packer.listOf([...ids]));
    expect(numbers).toEqual([0, 1, 2, 3, 4, 5, 0, 1, 4, 2]);
    expect(packer.packed().films).toEqual([['a', 'b'], ['a', 'b', 'c'], ['a'], ['a', 'c'], [], ['b', 'a']]);
    const kept = lists[0]!;
    expect(packer.listOf(kept)).toBe(0);
    expect(packer.listOf(kept)).toBe(0); // the same array again, known by itself
  });

  it('packs what find returns for a matcher that cannot pack itself', () => {
    const matcher = compileMatcher(films);
    const plain = { size: matcher.size, find: (b: TextBlock) => matcher.find(b) };
    const packer = new MatchPacker();
    for (const block of blocks) findPacked(plain, block, packer);
    expect(packer.packed()).toEqual(packMatches(blocks.map((b) => matcher.find(b))));
    expect(packer.packed().spans.flat().length).toBeGreaterThan(0);
  });

  it('packed by a matcher read back from its stored index as by the one built', () => {
    const lexicon = defaultLexicon();
    const compiled = compileTitles(films, lexicon);
    const built = matcherOf(compiled);
    const stored = unpack(pack(storeIndex(compiled, lexicon, (text) => built.find({ text })))) as StoredIndex;
    const read = readIndex(stored, lexicon);
    if (!read.ok) throw new Error(`not read back: ${read.reason}`);
    const back = matcherOf(read.compiled);
    const packed = (matcher: typeof built) => {
      const packer = new MatchPacker();
      for (const block of blocks) findPacked(matcher, block, packer);
      return packer.packed();
    };
    expect(packed(back).spans.flat().length).toBeGreaterThan(0); // positive control
    expect(packed(back)).toEqual(packed(built));
    expect(packed(back)).toEqual(packMatches(blocks.map((b) => back.find(b))));
  });
});
