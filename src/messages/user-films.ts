// The user's own films: added from the popup's "Events on this page" when the page names a film
// no feed lists, listed and removed in the options page. Stored beside feed films, shaped like
// them, under the feed id "user" (src/db/user-films.ts).
import { isPlainObject } from '../core/guards.ts';
import { USER_FEED_ID, type UserFilmRow } from '../core/rows.ts';
import { checkUserFilmInput, type UserFilmInput } from '../core/user-film-input.ts';
import { noParams, type SpecsFor } from './spec.ts';

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

export const userFilmSpecs: SpecsFor<UserFilmMessages> = {
  getUserFilms: { privileged: true, validate: noParams('getUserFilms') },
  addUserFilm: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'addUserFilm needs {film}';
      const film = checkUserFilmInput(params.film);
      return typeof film === 'string' ? `addUserFilm: ${film}` : { film };
    },
  },
  removeUserFilm: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params)) return 'removeUserFilm needs {key, untie}';
      const { key, untie } = params;
      if (typeof key !== 'string' || !key.startsWith(`${USER_FEED_ID}/`) || key.length > 400)
        return 'removeUserFilm: key must be one of your own films ("user/…")';
      if (untie !== undefined && typeof untie !== 'boolean') return 'removeUserFilm: untie must be true or false';
      return { key, untie: untie === true };
    },
  },
};
