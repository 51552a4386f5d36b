// The catalog's titles without its films, from the title index (schema v8): what the own-event
// form and the film picker need. A film's row holds its aliases, directors and more; at issue
// 28's scale, 100,000 of them read in one go hold the database for seconds, and a worker stopped
// in the middle leaves the read running for the next wake to wait on (docs/performance.md).
import { capTitles } from '../core/matching/index.ts';
import type { FilmTitle } from '../core/title-choices.ts';
import type { AfterpartyDb } from './database.ts';
import { feedIdOfKey, liveSlots, slotTables } from './feed-slots.ts';

const SLOTS = ['a', 'b'] as const;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** How many live films there are, the user's own included: counted by the feed index, no row read. */
export async function liveFilmCount(db: AfterpartyDb): Promise<number> {
  const live = await liveSlots(db);
  // One plain range per feed: IndexedDB counts it itself, where a count of several ranges
  // (Dexie's anyOf) walks a cursor over every key.
  const counts = await Promise.all([
    ...[...live].map(([feedId, slot]) => slotTables(db, slot).films.where('feedId').equals(feedId).count()),
    db.userFilms.count(),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Every live film's key and title, read from the title index alone (its keys are the titles, its
 * values the films' keys), in title order: the user's own films, a handful, are read whole and
 * put in their place.
 */
export async function liveTitles(db: AfterpartyDb): Promise<FilmTitle[]> {
  const live = await liveSlots(db);
  const out: FilmTitle[] = [];
  const slots = new Set(live.values());
  await Promise.all(
    SLOTS.filter((slot) => slots.has(slot)).map((slot) =>
      slotTables(db, slot)
        .films.orderBy('title')
        .eachKey((title, { primaryKey }) => {
          if (live.get(feedIdOfKey(primaryKey)) === slot) out.push({ key: primaryKey, title: title as string });
        }),
    ),
  );
  for (const { key, title } of await db.userFilms.toArray()) out.push({ key, title });
  // Two slots walked at once: a title two films share is put in key order, whichever came first.
  return out.sort((a, b) => compare(a.title, b.title) || compare(a.key, b.key));
}

/**
 * The live films whose title is `title` as `toLowerCase` compares them, in the order the
 * matcher's sources are in (capTitles: the user's own first, then feed by feed): read from the
 * title index's keys, no film's row.
 */
export async function liveFilmsTitled(db: AfterpartyDb, title: string): Promise<FilmTitle[]> {
  const live = await liveSlots(db);
  const wanted = title.toLowerCase();
  const found: Array<FilmTitle & { feedId: string; aliases: readonly string[] }> = [];
  const keep = (key: string, named: string) =>
    named.toLowerCase() === wanted && found.push({ key, title: named, feedId: feedIdOfKey(key), aliases: [] });
  await Promise.all(
    SLOTS.map((slot) =>
      slotTables(db, slot)
        .films.where('title')
        .equalsIgnoreCase(title)
        .eachKey((named, { primaryKey }) => {
          if (live.get(feedIdOfKey(primaryKey)) === slot) keep(primaryKey, named as string);
        }),
    ),
  );
  for (const own of await db.userFilms.toArray()) keep(own.key, own.title);
  // The budget is no object here: only the order is taken.
  return capTitles(found, { bytes: Infinity }).kept.map(({ key, title: named }) => ({ key, title: named }));
}
