// The user's own films as the popup or a backup hands them in: checked exactly like a feed's
// films (core/feed/items.ts readFilm), so nothing reaches the catalog that a feed could not put there.
import { readFilm } from './feed/index.ts';
import { isPlainObject } from './guards.ts';
import type { Film } from './model.ts';

/** A film as the user adds it: what the page (or the user) stated, nothing more. */
export type UserFilmInput = Omit<Film, 'id'>;

/**
 * Checks a film the way a feed's films are checked: the same limits, text cleaned the same way.
 * A feed's film with a bad year is kept without it; the user's is refused with the reason, so
 * what they see saved is what they asked for.
 */
export function checkUserFilmInput(raw: unknown): UserFilmInput | string {
  if (!isPlainObject(raw)) return 'the film must be an object';
  const problems: string[] = [];
  const film = readFilm({ ...raw, id: 'new' }, 'film', (path, message) => problems.push(`${path}: ${message}`));
  if (!film) return problems.join('; ') || 'the film could not be read';
  if (problems.length > 0) return problems.join('; ');
  const { id: _id, ...fields } = film;
  return fields;
}
