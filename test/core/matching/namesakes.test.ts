// namesake() and filmContext() read the words before a title by looking for the words a rule
// ends on first (an expression anchored at the end is slow to fail): the rules must read as
// their expressions do whatever stands between that word and the title.
import { describe, expect, it } from 'vitest';
import type { TextBlock, TitleMatch } from '../../../src/core/matching/index.ts';
import { filmContext, namesake } from '../../../src/core/matching/namesakes.ts';

/** `text` with the first `title` in it as a match. */
function at(text: string, title: string): [TextBlock, TitleMatch] {
  const start = text.indexOf(title);
  const m: TitleMatch = { filmIds: ['f'], start, end: start + title.length, surface: title };
  return [{ text, marks: [] }, m];
}

const read = (text: string, title: string) => {
  const [block, m] = at(text, title);
  return namesake(block, m, [m]);
};

describe('the words before a title', () => {
  it('reads a work named before the title through spaces, commas, colons and case', () => {
    expect(read('He joined the series: Fargo was its name.', 'Fargo')).toBe('strong');
    expect(read('He joined season 3 of\u00a0 Fargo last year.', 'Fargo')).toBe('strong');
    expect(read('He joined THE SERIES Fargo last year.', 'Fargo')).toBe('strong');
    expect(read('He loved the hit sitcom, Fargo.', 'Fargo')).toBe('strong');
    expect(read('She read the novel Fargo.', 'Fargo')).toBe('strong');
    // The case-insensitive expression folds the long s; so does the look for its last word.
    expect(read('He joined the ſeries Fargo last year.', 'Fargo')).toBe('strong');
    // Positive control: the same words not ending the text before the title.
    expect(read('The series was fine, and Fargo was better.', 'Fargo')).toBeNull();
  });

  it('reads roles, plays, places, partners and possessives by their last word', () => {
    expect(read('Ben Affleck as Batman was grim.', 'Batman')).toBe('strong');
    expect(read('Crowe portrays Noah well.', 'Noah')).toBe('strong');
    expect(read('Crowe played Noah well.', 'Noah')).toBe('weak');
    expect(read('She grew up in Chicago before acting.', 'Chicago')).toBe('weak');
    expect(read('We went downtown Chicago for it.', 'Chicago')).toBe('weak');
    expect(read('Fans of Batman & Robin', 'Robin')).toBe('weak');
    expect(read('He loved his Batman toys.', 'Batman')).toBe('weak');
    expect(read('They walked from Selma to Montgomery.', 'Selma')).toBe('strong');
    // Positive controls: the film, with the same words elsewhere in the sentence.
    expect(read('As Crowe said, Noah was hard to make.', 'Noah')).toBeNull();
    expect(read('In Chicago, the songs are better than in Cabaret.', 'Chicago')).toBeNull();
  });

  it('reads a word for a film before the title as naming it a film', () => {
    const [block, m] = at('We saw the documentary:  Selma at noon.', 'Selma');
    expect(filmContext(block, m)).toBe(true);
    const [other, n] = at('We saw Selma, the documentary, at noon.', 'Selma');
    expect(filmContext(other, n)).toBe(false);
  });

  it('reads each word for a film before the title, by its own words, not the rules’ other words', () => {
    const context = (text: string) => filmContext(...at(text, 'Selma'));
    for (const word of ['film', 'films', 'movie', 'movies', 'documentary', 'documentaire'])
      expect(context(`We saw the ${word},\u00a0Selma at noon.`)).toBe(true);
    // Controls: a word the namesake rules end on, a word for a film inside a longer one, and
    // one in capitals (the film rule reads lower case), none naming it a film.
    expect(context('We saw the series Selma at noon.')).toBe(false);
    expect(context('We saw the filmmaker Selma at noon.')).toBe(false);
    expect(context('We saw the FILM Selma at noon.')).toBe(false);
  });

  it('reads only the words within its span before the title, to the span’s first character', () => {
    const context = (text: string) => filmContext(...at(text, 'Selma'));
    // filmContext reads 40 characters: "film" ends 35 before the title, its space one more.
    expect(context(`We saw the film${' '.repeat(35)}Selma at noon.`)).toBe(true);
    expect(context(`We saw the film:${'\n'.repeat(34)}Selma at noon.`)).toBe(true);
    // "documentary" with its first letter outside the 40: no word for a film.
    expect(context(`We saw the documentary${' '.repeat(30)}Selma at noon.`)).toBe(false);
    // Control: one space fewer, the whole word inside.
    expect(context(`We saw the documentary${' '.repeat(29)}Selma at noon.`)).toBe(true);
    // namesake reads 60: "portrays" whole, then its last letters alone.
    expect(read(`Crowe portrays${' '.repeat(52)}Noah well.`, 'Noah')).toBe('strong');
    expect(read(`Crowe portrays${' '.repeat(53)}Noah well.`, 'Noah')).toBeNull();
  });

  it('reads a label from the links among the marks, not from the other marks', () => {
    const text = 'Read more in the Press Room today.';
    const m: TitleMatch = { filmIds: ['f'], start: 23, end: 27, surface: 'Room' };
    const span = { start: 17, end: 27 };
    // A link holding the title and other words is a label...
    expect(namesake({ text, marks: [{ ...span, link: true }] }, m, [m])).toBe('weak');
    // ...emphasis over the same words is not, nor a link elsewhere in the block.
    expect(namesake({ text, marks: [span] }, m, [m])).toBeNull();
    expect(namesake({ text, marks: [{ start: 0, end: 4, link: true }, span] }, m, [m])).toBeNull();
  });
});
