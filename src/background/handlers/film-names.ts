// What the previews (page events, an invitation) need of the catalog: the matcher as it is now and
// the names of the films they tie. Not the whole catalog's titles: at issue 28's scale that is
// 100,000 films read for the few a preview names, and a worker stopped during that read makes the
// next page's wake wait behind it.
import type { Matcher } from '../../core/matching/index.ts';
import { liveFilmsOf, type AfterpartyDb } from '../../db/index.ts';
import type { TitleMatcherCache } from '../title-matcher.ts';

/** The matcher rechecked first, as `latest()` gives it, without reading every title. */
export async function latestMatcher(titles: TitleMatcherCache): Promise<Matcher> {
  await titles.recheck();
  return titles.get();
}

/** Each live film's title by key, for the keys named (read by key, each once). */
export async function filmNames(db: AfterpartyDb, keys: string[]): Promise<Map<string, string>> {
  const films = await liveFilmsOf(db, [...new Set(keys)]);
  return new Map(films.map((film) => [film.key, film.title]));
}
