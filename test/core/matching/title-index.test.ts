// buildTitleIndex hands each name's word ids to the typo index as a value of its own
// (`nameIds`), not through state kept beside the index, so two builds never see each other's.
import { describe, expect, it } from 'vitest';
import { defaultLexicon } from '../../../src/core/matching/lexicon.ts';
import { buildTitleIndex } from '../../../src/core/matching/title-index.ts';
import { buildTypoIndex } from '../../../src/core/matching/typo.ts';
import { film } from './title-source.ts';

const films = [
  film('elah', 'In the Valley of Elah'),
  film('poor-boy', "Poor Boy's Game"),
  film('ypf', 'Young People Fucking', ['Young People F***ing']),
  film('crash', 'Crash'),
];

describe('buildTitleIndex', () => {
  it("gives every spelt name its words' vocabulary ids, by name id", () => {
    const { index, nameIds } = buildTitleIndex(films, defaultLexicon());
    const spelt = index.names.filter((name) => nameIds[name.id] !== undefined);
    // "Poor Boy's Game" is spelt twice (with and without the apostrophe), the censored alias once more.
    expect(spelt.map((name) => name.words.join(' '))).toEqual([
      'in the valley of elah',
      'poor boy s game',
      'poor boys game',
      'young people fucking',
      'young people f***ing',
      'crash',
    ]);
    for (const name of spelt) {
      expect(nameIds[name.id]!.map((id) => index.vocabulary.words[id])).toEqual(name.words);
    }
  });

  it('gives the short names added last (a censored word alone) no ids, and none of them a typo', () => {
    const { index, nameIds } = buildTitleIndex(films, defaultLexicon());
    const shorts = index.names.filter((name) => nameIds[name.id] === undefined);
    expect(shorts.map((name) => [name.words, name.filmIds, name.typo])).toEqual([[['f***ing'], ['ypf'], false]]);
    expect(nameIds.length).toBe(index.names.length - shorts.length);
  });

  it('keeps two builds apart: each typo index reads its own ids', () => {
    const first = buildTitleIndex(films, defaultLexicon());
    const second = buildTitleIndex([film('night', 'Night on Earth Again')], defaultLexicon());
    expect(first.nameIds).not.toBe(second.nameIds);
    // Built after the second index, the first typo index still finds its own long title's words.
    const typos = buildTypoIndex(first);
    const third = buildTypoIndex(second);
    expect(typos.filter).not.toBe(third.filter);
    const eligible = first.index.names.filter((name) => name.typo).map((name) => name.words.join(' '));
    expect(eligible).toContain('poor boys game');
    // "Poor Boys Game" with its first word mistyped: the tails trie goes on from its second word.
    const boys = first.index.vocabulary.idOf('boys');
    expect(typos.tails.child(typos.tails.root, boys)).toBeGreaterThanOrEqual(0);
    expect(second.index.vocabulary.idOf('boys')).toBe(-1);
  });

  it("keeps each film's clues once: its year and its directors' surnames, a film listed twice counted once", () => {
    const crash96 = { ...film('crash-96', 'Crash'), year: 1996, directors: ['David Cronenberg'] };
    const crash04 = { ...film('crash-04', 'Crash'), year: 2004, directors: ['Paul Haggis', 'Bobby 2004 Moresco'] };
    const { index } = buildTitleIndex([crash96, crash04, crash96], defaultLexicon());
    const cluesOf = (word: string) => index.clues.get(index.vocabulary.idOf(word));
    expect(cluesOf('1996')).toEqual(['crash-96']);
    expect(cluesOf('cronenberg')).toEqual(['crash-96']);
    // Named as the year and in a director's name, 2004 still points to its film once.
    expect(cluesOf('2004')).toEqual(['crash-04']);
    expect(cluesOf('haggis')).toEqual(['crash-04']);
    expect(cluesOf('moresco')).toEqual(['crash-04']);
    // First names tell no film apart.
    expect(cluesOf('paul')).toBeUndefined();
    expect(index.names.find((name) => name.words.join(' ') === 'crash')?.filmIds).toEqual(['crash-96', 'crash-04']);
  });
});
