// Titles made of everyday words, in any language the festival pages use, and of any length,
// need the page's evidence; each case beside its control.
import { describe, expect, it } from 'vitest';
import { compileMatcher, type TitleSource } from '../../../src/core/matching/matcher.ts';

const film = (id: string, title: string): TitleSource => ({ id, title, aliases: [], year: null, directors: [] });

const matcher = compileMatcher([
  film('quiet', 'A Quiet Place'),
  film('leaves', 'Fallen Leaves'),
  film('gomorra', 'Gomorra'),
  film('rush', 'Rush'),
  film('elle', 'Elle'),
  film('right', 'Let the Right One In'),
]);

const found = (text: string): string[] => matcher.find({ text }).map((m) => `${m.filmIds.join('+')}=${m.surface}`);

describe('everyday titles', () => {
  it.each<[string, string, string[]]>([
    ['three everyday words in lower case', 'we never found a quiet place to talk', []],
    ['the same words in title case', 'we saw A Quiet Place twice', ['quiet=A Quiet Place']],
    ['inflected everyday words in lower case', 'the fallen leaves blew across the steps', []],
    ['inflected everyday words in title case', 'the jury loved Fallen Leaves this year', ['leaves=Fallen Leaves']],
    ['an Italian sentence opening before a title', 'Dopo Gomorra il regista cambia strada.', ['gomorra=Gomorra']],
    ['an English name before an ordinary word', 'Geoffrey Rush sat behind us.', []],
    ['a French pronoun opening a sentence', 'Elle ment peut-être.', []],
    ['the same word as a title mid-sentence', 'On pense à Elle de Paul Verhoeven.', ['elle=Elle']],
    ['a typo in a long everyday title in title case', 'We saw Let the Rihgt One In.', ['right=Let the Rihgt One In']],
    ['the same typo in lower case', 'we saw let the rihgt one in', []],
  ])('%s', (_label, text, expected) => {
    expect(found(text)).toEqual(expected);
  });
});
