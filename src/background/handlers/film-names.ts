// What the previews (page events, an invitation) need of the catalog besides the matcher: the
// names of the films they tie. Not the whole catalog's titles: at issue 28's scale that is
// 100,000 films read for the few a preview names, and a worker stopped during that read makes the
// next page's wake wait behind it.
import { liveFilmsOf, type AfterpartyDb } from '../../db/index.ts';

/** Each live film's title by key, for the keys named (each read once, by key). */
export async function filmNames(db: AfterpartyDb, keys: string[]): Promise<Map<string, string>> {
  const films = await liveFilmsOf(db, keys);
  return new Map(films.map((film) => [film.key, film.title]));
}
