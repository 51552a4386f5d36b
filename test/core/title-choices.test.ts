import { describe, expect, it } from 'vitest';
import { titleChoices, titleList, TYPED_CHOICES } from '../../src/core/title-choices.ts';

const film = (i: number, title: string) => ({ key: `f/${i}`, title });

describe("the own-event form's film choices for what is typed", () => {
  const films = Array.from({ length: 1300 }, (_, i) => film(i, `Film number ${i}`));
  films.push(film(-1, 'Le Café de Flore'), film(-2, 'Café Society'), film(-3, 'Another CAFE story'));
  const list = titleList(films);

  it('gives titles that start with it, then titles that contain it, accents and case ignored, a few at most', () => {
    expect(titleChoices(list, 'cafe').map((f) => f.title)).toEqual([
      'Café Society',
      'Le Café de Flore',
      'Another CAFE story',
    ]);
    expect(titleChoices(list, 'CAFÉ ').map((f) => f.key)).toEqual(['f/-2', 'f/-1', 'f/-3']);
    expect(titleChoices(list, 'Film number')).toHaveLength(TYPED_CHOICES);
  });

  it('gives nothing for one letter, or for what no title holds', () => {
    expect(titleChoices(list, 'c')).toEqual([]);
    expect(titleChoices(list, 'no such title')).toEqual([]);
    // Positive control for the empty answers: the same list answers a title's first words.
    expect(titleChoices(list, 'Le ca').map((f) => f.key)).toEqual(['f/-1']);
  });

  it('fills up with titles that contain the text when too few start with it', () => {
    const some = titleList([film(1, 'Number 9'), ...films.slice(0, 60)]);
    const found = titleChoices(some, 'number');
    expect(found[0]).toEqual(film(1, 'Number 9'));
    expect(found).toHaveLength(TYPED_CHOICES);
  });
});
