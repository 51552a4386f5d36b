// The listings as readers see them: feed rows from each feed's live slot only (readLive in
// feed-slots.ts), with the user's own events beside them.
import { mergeListings } from '../core/feed/index.ts';
import type { EventRow, FestivalRow, FilmRow, Listing } from '../core/rows.ts';
import { festivalKeyOf } from '../core/rows.ts';
import { inScheduleOrder } from '../core/plan/index.ts';
import { timeZoneResolver } from '../core/time/index.ts';
import { WHOLE_CATALOG_UP_TO, type FilmTitle } from '../core/title-choices.ts';
import type { AfterpartyDb } from './database.ts';
import { liveFilmCount, liveTitles } from './film-titles.ts';
import { liveByKey, liveSlots, readLive } from './feed-slots.ts';
import { userEventsForFilms } from './user-events.ts';

export async function liveFilms(db: AfterpartyDb): Promise<FilmRow[]> {
  return readLive(db, 'films', (t) => t.toArray());
}

/**
 * The live films of `keys` (the user's own included), each read by its key: what a list naming a
 * few films needs, where `liveFilms` reads every film (100,000 at issue 28's scale).
 */
export async function liveFilmsOf(db: AfterpartyDb, keys: string[]): Promise<FilmRow[]> {
  return keys.length > 0 ? [...(await liveByKey(db, 'films', keys)).values()] : [];
}

/** One film by key, or undefined when no enabled feed lists it. */
export async function liveFilm(db: AfterpartyDb, key: string): Promise<FilmRow | undefined> {
  return (await liveByKey(db, 'films', [key])).get(key);
}

export async function listingsFor(
  db: AfterpartyDb,
  filmKeys: string[],
): Promise<{ listings: Listing[]; festivals: FestivalRow[] }> {
  const unique = [...new Set(filmKeys)];
  const slots = await liveSlots(db);
  const [films, events] = await Promise.all([
    liveByKey(db, 'films', unique, slots).then((byKey) => [...byKey.values()]),
    readLive(db, 'events', (t) => t.where('filmKeys').anyOf(unique).distinct().toArray(), slots),
  ]);
  // The user's own events (feedId "user") show beside the feeds' (src/db/user-events.ts).
  events.push(...(await userEventsForFilms(db, unique)));
  const byFilm = new Map<string, EventRow[]>();
  for (const event of events) {
    for (const key of event.filmKeys) byFilm.get(key)?.push(event) ?? byFilm.set(key, [event]);
  }
  const order = new Map(unique.map((key, i) => [key, i]));
  films.sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0));
  const listings = mergeListings(films.map((film) => ({ film, events: byFilm.get(film.key) ?? [] })));
  const festivalKeys = [...new Set(events.map(festivalKeyOf).filter((k): k is string => !!k))];
  const festivals = [...(await liveByKey(db, 'festivals', festivalKeys, slots)).values()];
  // In schedule order here, once, so the card and the popup show them as they come.
  return { listings: inScheduleOrder(listings, timeZoneResolver(festivals)), festivals };
}

/**
 * Every event, the user's own included, with the films they name and every festival: the popup's
 * schedule. Films are read by key (liveByKey), not all: at issue 28's scale the catalog holds
 * 100,000 films for a few hundred events, and a worker stopped during a read of all of them makes
 * the next page's wake wait behind it.
 */
export async function schedule(
  db: AfterpartyDb,
): Promise<{ events: EventRow[]; films: FilmRow[]; festivals: FestivalRow[] }> {
  const slots = await liveSlots(db);
  const [events, festivals, own] = await Promise.all([
    readLive(db, 'events', (t) => t.toArray(), slots),
    readLive(db, 'festivals', (t) => t.toArray(), slots),
    db.userEvents.toArray(),
  ]);
  events.push(...own);
  const named = [...new Set(events.flatMap((event) => event.filmKeys))];
  const films = named.length > 0 ? [...(await liveByKey(db, 'films', named, slots)).values()] : [];
  return { events, films, festivals };
}

/** Every live festival, for a time zone or a festival to join. */
export async function liveFestivals(db: AfterpartyDb): Promise<FestivalRow[]> {
  return readLive(db, 'festivals', (t) => t.toArray());
}

/**
 * What the form for the user's own event picks from: every festival, and every live film's key
 * and title (the user's own included) when there are at most WHOLE_CATALOG_UP_TO; null for a
 * larger catalog, which the form searches as the user types (film-titles.ts): at issue 28's
 * scale the form received 100,000 titles to draw 50. Read when the form opens.
 */
export async function eventCatalog(db: AfterpartyDb): Promise<{ films: FilmTitle[] | null; festivals: FestivalRow[] }> {
  const [count, festivals] = await Promise.all([liveFilmCount(db), liveFestivals(db)]);
  return { films: count <= WHOLE_CATALOG_UP_TO ? await liveTitles(db) : null, festivals };
}
