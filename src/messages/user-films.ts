// The user's own films: added from the popup's "Events on this page" when the page names a film
// no feed lists, listed and removed in the options page. Stored beside feed films, shaped like
// them, under the feed id "user" (src/db/user-films.ts).
import { bool, fromResult, guard, optional } from '../core/check.ts';
import { USER_FEED_ID, type UserFilmRow } from '../core/rows.ts';
import { checkUserFilmInput, type UserFilmInput } from '../core/user-film-input.ts';
import { noParams, objectParams, type SpecsFor } from './spec.ts';

export interface UserFilmMessages {
  /** Each own film with the titles of the own events that name it, so removing one can say so first. */
  getUserFilms: { params: Record<string, never>; result: { films: Array<{ film: UserFilmRow; events: string[] }> } };
  /** Adds a film, or hands back the own film already added under that title (`added` false). */
  addUserFilm: { params: { film: UserFilmInput }; result: { film: UserFilmRow; added: boolean } };
  /**
   * Removes a film. While own events name it, only with `untie`, which takes it out of them
   * (they stay); without, the reply is an error that names them.
   */
  removeUserFilm: { params: { key: string; untie: boolean }; result: { removed: boolean; untied: number } };
}

const OWN_FILM_KEY = guard(
  (v): v is string => typeof v === 'string' && v.startsWith(`${USER_FEED_ID}/`) && v.length <= 400,
  'must be one of your own films ("user/…")',
);

export const userFilmSpecs: SpecsFor<UserFilmMessages> = {
  getUserFilms: { privileged: true, validate: noParams('getUserFilms') },
  addUserFilm: {
    privileged: true,
    changes: true,
    validate: objectParams('addUserFilm', 'needs {film}', (get) => ({
      film: get('film', fromResult(checkUserFilmInput)),
    })),
  },
  removeUserFilm: {
    privileged: true,
    changes: true,
    validate: objectParams('removeUserFilm', 'needs {key, untie}', (get) => ({
      key: get('key', OWN_FILM_KEY),
      untie: get('untie', optional(bool)) === true,
    })),
  },
};
