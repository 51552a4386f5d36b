import { addUserFilm, listUserEvents, listUserFilms, removeUserFilm, type AfterpartyDb } from '../../db/index.ts';
import type { UserFilmMessages } from '../../messages/index.ts';
import type { HandlersFor } from './types.ts';

export function userFilmHandlers({ db }: { db: AfterpartyDb }): HandlersFor<UserFilmMessages> {
  return {
    async getUserFilms() {
      const [films, events] = await Promise.all([listUserFilms(db), listUserEvents(db)]);
      return {
        films: films
          .sort((a, b) => a.title.localeCompare(b.title))
          .map((film) => ({
            film,
            events: events.filter((event) => event.filmKeys.includes(film.key)).map((event) => event.title),
          })),
      };
    },
    async addUserFilm({ film }) {
      return addUserFilm(db, film);
    },
    async removeUserFilm({ key, untie }) {
      return removeUserFilm(db, key, { untie });
    },
  };
}
