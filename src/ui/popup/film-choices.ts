// The own-event form's film datalist. A festival's catalog is offered whole and the browser
// filters it as the user types; a catalog of 100,000 films (issue 28's scale) would be 100,000
// options drawn in the popup, so a large one is offered by what is typed, a few at a time.
import type { FilmRow } from '../../core/rows.ts';
import { fold } from '../shared/fold.ts';

type Choice = Pick<FilmRow, 'key' | 'title'>;

/** A catalog this size or smaller is offered whole. */
export const WHOLE_CATALOG_UP_TO = 300;
/** Of a larger one, at most this many titles for what is typed. */
export const TYPED_CHOICES = 50;
/** Fewer typed characters than this offer nothing of a large catalog: one letter names thousands. */
export const TYPED_AT_LEAST = 2;

/**
 * The choices for what is typed: every film of a small catalog; of a large one, titles that
 * start with the typed text (case and accents ignored), then titles that contain it, in
 * catalog order, at most TYPED_CHOICES.
 */
export function filmChoices(films: readonly Choice[]): (typed: string) => readonly Choice[] {
  if (films.length <= WHOLE_CATALOG_UP_TO) return () => films;
  let folded: string[] | null = null;
  return (typed) => {
    const wanted = fold(typed.trim());
    if (wanted.length < TYPED_AT_LEAST) return [];
    folded ??= films.map((film) => fold(film.title));
    const starting: Choice[] = [];
    const containing: Choice[] = [];
    for (let i = 0; i < films.length && starting.length < TYPED_CHOICES; i++) {
      const at = folded[i]!.indexOf(wanted);
      if (at === 0) starting.push(films[i]!);
      else if (at > 0 && containing.length < TYPED_CHOICES) containing.push(films[i]!);
    }
    return [...starting, ...containing].slice(0, TYPED_CHOICES);
  };
}
