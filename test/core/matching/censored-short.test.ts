// A longer title's censored word alone, quoted, stands for the title ("'F***ing'"); the fast
// matcher and the reference agree on it, and it costs plain page words nothing.
import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../../src/core/matching/matcher.ts';
import { referenceMatch } from './reference-matcher.ts';
import { film } from './title-source.ts';

const films = [
  film('ypf', 'Young People Fucking', ['Young People F***ing']),
  film('crash', 'Crash'),
  film('amal', 'Fucking Åmål', ['Show Me Love']),
];
const matcher = compileMatcher(films);

const found = (text: string): string[] => matcher.find({ text }).map((m) => `${m.filmIds.join('+')}=${m.surface}`);

describe("a title's censored word alone", () => {
  it.each<[string, string, string[]]>([
    ['quoted, as the page censors it', "everyone called it 'F***ing' by then", ['ypf=F***ing']],
    ['in italics-free prose, unquoted', 'everyone was F***ing tired by then', []],
    ['quoted, another censoring of the word', 'everyone called it "F*****g" by then', ['ypf=F*****g']],
    ['quoted but spelt out', "everyone called it 'Fucking' by then", []],
    ['the whole title still wins', 'at the Young People F***ing party', ['ypf=Young People F***ing']],
    ['a title that starts with the word is left alone', 'we saw Fucking Åmål', ['amal=Fucking Åmål']],
  ])('%s', (_label, text, expected) => {
    expect(found(text)).toEqual(expected);
    expect(matcher.find({ text })).toEqual(referenceMatch(films, { text }));
  });

  it('is not made for a word some title starts with', () => {
    const withStart = [...films, film('f', 'F***ing Åmål')];
    const text = "everyone called it 'F***ing' by then";
    expect(compileMatcher(withStart).find({ text })).toEqual(referenceMatch(withStart, { text }));
    expect(
      compileMatcher(withStart)
        .find({ text })
        .map((m) => m.filmIds),
    ).toEqual([]);
  });
});
