// Which titles the own-event form offers for what is typed. The worker answers it (searchFilms):
// at issue 28's scale the catalog is 100,000 films, which the popup must not receive to draw 50.
import { fold } from './fold.ts';
import type { FilmRow } from './rows.ts';

export type FilmTitle = Pick<FilmRow, 'key' | 'title'>;

/** A catalog this size or smaller is sent to the form whole, and the browser's datalist filters it. */
export const WHOLE_CATALOG_UP_TO = 300;
/** Of a larger one, at most this many titles for what is typed. */
export const TYPED_CHOICES = 50;
/** Fewer typed characters than this offer nothing of a large catalog: one letter names thousands. */
export const TYPED_AT_LEAST = 2;

/** Titles folded once (case and accents gone), for every search of one catalog. */
export interface TitleList {
  films: readonly FilmTitle[];
  folded: readonly string[];
}

export function titleList(films: readonly FilmTitle[]): TitleList {
  return { films, folded: films.map((film) => fold(film.title)) };
}

/**
 * The titles for what is typed: those that start with it (case and accents ignored), then those
 * that contain it, each in the list's order, at most TYPED_CHOICES.
 */
export function titleChoices({ films, folded }: TitleList, typed: string): FilmTitle[] {
  const wanted = fold(typed.trim());
  if (wanted.length < TYPED_AT_LEAST) return [];
  const starting: FilmTitle[] = [];
  const containing: FilmTitle[] = [];
  for (let i = 0; i < films.length && starting.length < TYPED_CHOICES; i++) {
    const at = folded[i]!.indexOf(wanted);
    if (at === 0) starting.push(films[i]!);
    else if (at > 0 && containing.length < TYPED_CHOICES) containing.push(films[i]!);
  }
  return [...starting, ...containing].slice(0, TYPED_CHOICES);
}
