// The user's own films in the `userFilms` table: films a page named that no feed lists. Only
// these functions write it, each called from a privileged message (an extension page), a restore
// or device sync; feed loading never opens the table. Readers see them through readLive
// (feed-slots.ts), beside the feeds' films.
import { normalizeTitle } from '../core/matching/index.ts';
import { USER_FEED_ID, type UserEventRow, type UserFilmRow } from '../core/rows.ts';
import type { UserFilmInput } from '../core/user-film-input.ts';
import type { AfterpartyDb } from './database.ts';

export interface UserFilmDeps {
  now?: () => Date;
  newId?: () => string;
}

/** The stored row: key and feed are always the user's. */
export function userFilmRow(id: string, input: UserFilmInput, createdAt: string, updatedAt: string): UserFilmRow {
  return {
    id,
    title: input.title,
    aliases: input.aliases,
    year: input.year,
    directors: input.directors,
    key: `${USER_FEED_ID}/${id}`,
    feedId: USER_FEED_ID,
    createdAt,
    updatedAt,
  };
}

const sameFilm = (a: UserFilmInput, b: UserFilmInput) =>
  normalizeTitle(a.title) === normalizeTitle(b.title) && (a.year === null || b.year === null || a.year === b.year);

/**
 * Adds a film, or hands back the one the user already added under that title (and year, when
 * both say one): two clicks on "Add" for the same film make one film, not two that the
 * matcher would then report as a shared title.
 */
export async function addUserFilm(
  db: AfterpartyDb,
  input: UserFilmInput,
  deps: UserFilmDeps = {},
): Promise<{ film: UserFilmRow; added: boolean }> {
  return db.transaction('rw', db.userFilms, async () => {
    const existing = (await db.userFilms.toArray()).find((film) => sameFilm(film, input));
    if (existing) return { film: existing, added: false };
    const now = (deps.now?.() ?? new Date()).toISOString();
    const film = userFilmRow(deps.newId?.() ?? crypto.randomUUID(), input, now, now);
    await db.userFilms.add(film);
    return { film, added: true };
  });
}

export async function listUserFilms(db: AfterpartyDb): Promise<UserFilmRow[]> {
  return db.userFilms.toArray();
}

/** The user's own events that name this film. */
export async function userEventsNaming(db: AfterpartyDb, filmKey: string): Promise<UserEventRow[]> {
  return (await db.userEvents.where('filmKeys').equals(filmKey).toArray()) as UserEventRow[];
}

export class FilmInUseError extends Error {}

/**
 * Removes a film. While own events name it, it is removed only with `untie`, which takes it out
 * of those events too (they stay, without this film), in the same transaction: an event is
 * never left pointing at a film that is gone without the user having been told.
 */
export async function removeUserFilm(
  db: AfterpartyDb,
  key: string,
  options: { untie: boolean },
  deps: UserFilmDeps = {},
): Promise<{ removed: boolean; untied: number }> {
  return db.transaction('rw', db.userFilms, db.userEvents, async () => {
    const film = await db.userFilms.get(key);
    if (!film) return { removed: false, untied: 0 };
    const naming = await userEventsNaming(db, key);
    if (naming.length > 0 && !options.untie) {
      const titles = naming.map((event) => `“${event.title}”`).join(', ');
      throw new FilmInUseError(
        `${naming.length === 1 ? 'One of your events names' : `${naming.length} of your events name`} “${film.title}” (${titles}); ` +
          'remove it from them too, or keep the film.',
      );
    }
    const updatedAt = (deps.now?.() ?? new Date()).toISOString();
    await db.userEvents.bulkPut(
      naming.map((event) => {
        const films = event.films.filter((k) => k !== key);
        return { ...event, films, filmKeys: films, updatedAt };
      }),
    );
    await db.userFilms.delete(key);
    return { removed: true, untied: naming.length };
  });
}
