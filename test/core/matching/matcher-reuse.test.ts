import { describe, expect, it } from 'vitest';
import { compileMatcher, compileTitles, matcherOf, type TitleSource } from '../../../src/core/matching/matcher.ts';
import { film } from './title-source.ts';

const CATALOG: TitleSource[] = [
  film('burn', 'Burn After Reading'),
  film('heading', 'Heading South'),
  film('elah', 'In the Valley of Elah'),
  film('fugitive', 'Fugitive Pieces'),
  film('medicine', 'Medicine for Melancholy'),
  film('trans', 'Transamerica'),
  film('crash', 'Crash'),
  film('party', 'The Party'),
  // Each typo below spells a word of another title, so the typo checks meet it by its vocabulary id.
  film('lane', 'Vallery Lane'),
  film('eight', 'Peices of Eight'),
  film('blue', 'Transamerico Blue'),
  film('man', 'Medicime Man'),
];

const surfaces = (found: Array<{ surface: string }>): string[] => found.map((m) => m.surface);

// What a matcher learns of a word (its root child, what its near words allow for a typo) is kept
// for the matcher's life: asked first in one role, a word must give the same answer in another.
describe('a matcher kept from block to block', () => {
  // Each word below comes back in another role: "heading" after a title's first word, then as
  // a title's own first word; "reading" as prose, then in a title; "the" before prose, then
  // before a typo; a long word alone, then as a typo of a one-word title.
  const BLOCKS = [
    'the heading of the reading list',
    'Burn After Heading was the party of the year',
    'Heading South and heading north',
    'In the Vallery of Elah, then In the Valley of Elah',
    'the reading party for Fugitive Peices',
    'Burn After Readng, Transamercia and Transamerica',
    'the karaoke for Medicime for Melancholy',
    'the heading of the reading list',
    'Burn After Reading and Heading Suoth',
    'Vallery Lane, Peices of Eight, Medicime Man and Transamerico',
    'In the Vallery of Elah, the Fugitive Peices and Transamerico',
  ];

  it('finds in each block what a new matcher finds there', () => {
    const kept = compileMatcher(CATALOG);
    for (const text of BLOCKS) {
      expect(surfaces(kept.find({ text })), text).toEqual(surfaces(compileMatcher(CATALOG).find({ text })));
    }
  });

  it('still finds the typos after their words were first met as prose', () => {
    const kept = compileMatcher(CATALOG);
    for (const text of BLOCKS) kept.find({ text });
    expect(surfaces(kept.find({ text: 'In the Vallery of Elah' }))).toEqual(['In the Vallery of Elah']);
    expect(surfaces(kept.find({ text: 'the party for Fugitive Peices' }))).toEqual(['Fugitive Peices']);
    expect(surfaces(kept.find({ text: 'we saw Transamercia' }))).toEqual(['Transamercia']);
    expect(surfaces(kept.find({ text: 'we saw Transamerico' }))).toEqual(['Transamerico']);
    expect(surfaces(kept.find({ text: 'the karaoke for Medicime for Melancholy' }))).toEqual([
      'Medicime for Melancholy',
    ]);
    // The control: prose that looks like none of them.
    expect(surfaces(kept.find({ text: 'the heading of the reading list' }))).toEqual([]);
  });

  it('keeps every hit of a block with more than its buffers first held, and none into the next block', () => {
    const kept = compileMatcher(CATALOG);
    const long = Array.from({ length: 1500 }, () => 'We saw Crash again.').join(' ');
    expect(kept.find({ text: long })).toHaveLength(1500);
    expect(surfaces(kept.find({ text: 'and then Crash at dinner' }))).toEqual(['Crash']);
    expect(kept.find({ text: 'and then the party' })).toEqual([]);
  });

  it("learns a word's first step when a page first uses it, not when the matcher is made", () => {
    const compiled = compileTitles(CATALOG);
    const trie = compiled.index.trie;
    const asked: number[] = [];
    const rootChild = trie.rootChild.bind(trie);
    trie.rootChild = (word: number): number => {
      asked.push(word);
      return rootChild(word);
    };
    const matcher = matcherOf(compiled);
    expect(asked).toEqual([]);
    // The control: the page's words are learnt, and the matcher finds as a new one does.
    expect(surfaces(matcher.find({ text: 'we saw Crash and Heading South' }))).toEqual(['Crash', 'Heading South']);
    expect(asked.length).toBeGreaterThan(0);
    const learnt = asked.length;
    expect(surfaces(matcher.find({ text: 'we saw Crash and Heading South' }))).toEqual(['Crash', 'Heading South']);
    // Learnt once: the same words again ask the trie only for the walk's own steps.
    expect(asked.length - learnt).toBeLessThan(learnt);
  });
});
