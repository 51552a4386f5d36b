import { describe, expect, it } from 'vitest';
import { filmChoices, TYPED_CHOICES, WHOLE_CATALOG_UP_TO } from '../../../src/ui/popup/film-choices.ts';

const film = (i: number, title: string) => ({ key: `f/${i}`, title });

describe("the own-event form's film choices", () => {
  it('offers a festival-sized catalog whole, whatever is typed (the browser filters it)', () => {
    const films = [film(1, 'Juno'), film(2, 'Persepolis')];
    expect(filmChoices(films)('')).toEqual(films);
    expect(filmChoices(films)('zz')).toEqual(films);
  });

  it('offers a large catalog by what is typed: starts first, then contains, accents and case ignored, a few at most', () => {
    const films = Array.from({ length: WHOLE_CATALOG_UP_TO + 1000 }, (_, i) => film(i, `Film number ${i}`));
    films.push(film(-1, 'Le Café de Flore'), film(-2, 'Café Society'), film(-3, 'Another CAFE story'));
    const choose = filmChoices(films);
    expect(choose('cafe').map((f) => f.title)).toEqual(['Café Society', 'Le Café de Flore', 'Another CAFE story']);
    expect(choose('Film number')).toHaveLength(TYPED_CHOICES);
    // One letter names thousands: nothing until a second one, and nothing for what no title holds.
    expect(choose('c')).toEqual([]);
    expect(choose('no such title')).toEqual([]);
    // Positive control for the empty answers: the same catalog answers a title's first words.
    expect(choose('Le ca').map((f) => f.key)).toEqual(['f/-1']);
  });
});
