// The listings as readers see them: feed rows from each feed's live slot only (readLive in
// feed-slots.ts), with the user's own events beside them.
import { mergeListings } from '../core/feed/index.ts';
import type { EventRow, FestivalRow, FilmRow, Listing } from '../core/rows.ts';
import { festivalKeyOf, USER_FEED_ID } from '../core/rows.ts';
import { inScheduleOrder } from '../core/plan/index.ts';
import { timeZoneResolver } from '../core/time/index.ts';
import type { AfterpartyDb } from './database.ts';
import { liveByKey, liveSlots, readLive, slotTables } from './feed-slots.ts';
import type { Slot } from './feed-sync-state.ts';
import { userEventsForFilms } from './user-events.ts';

export async function liveFilms(db: AfterpartyDb): Promise<FilmRow[]> {
  return readLive(db, 'films', (t) => t.toArray());
}

/**
 * The live films of `keys` (the user's own included), each read by its key: what a list naming a
 * few films needs, where `liveFilms` reads every film (100,000 at issue 28's scale).
 */
export async function liveFilmsOf(db: AfterpartyDb, keys: string[]): Promise<FilmRow[]> {
  return keys.length > 0 ? filmsOfLiveSlots(db, [...new Set(keys)], await liveSlots(db)) : [];
}

/** One film by key, or undefined when no enabled feed lists it. */
export async function liveFilm(db: AfterpartyDb, key: string): Promise<FilmRow | undefined> {
  return (await liveByKey(db, 'films', [key])).get(key);
}

/**
 * The films of `keys`, each read from its own feed's live slot only: a film's key starts with its
 * feed's id (`rowKey`), so the other slot and the user's films need not be asked. A page's
 * listings prefetch names some 2,300 films of a 100,000-film catalog, and each key is one
 * IndexedDB request: read from both slots and the user's films that was 7,000 requests, which a
 * card opened meanwhile waited for (issue 28). A key of no live feed is read as before, and every
 * row is still kept only if its feed's live slot is the one it came from.
 */
async function filmsOfLiveSlots(db: AfterpartyDb, keys: string[], slots: Map<string, Slot>): Promise<FilmRow[]> {
  const wanted: Record<Slot, string[]> = { a: [], b: [] };
  const own: string[] = [];
  const other: string[] = [];
  for (const key of keys) {
    const feedId = key.slice(0, Math.max(0, key.indexOf('/')));
    const slot = slots.get(feedId);
    if (slot) wanted[slot].push(key);
    else if (feedId === USER_FEED_ID) own.push(key);
    else other.push(key);
  }
  const [a, b, user, rest] = await Promise.all([
    wanted.a.length > 0 ? slotTables(db, 'a').films.bulkGet(wanted.a) : [],
    wanted.b.length > 0 ? slotTables(db, 'b').films.bulkGet(wanted.b) : [],
    own.length > 0 ? db.userFilms.bulkGet(own) : [],
    other.length > 0 ? readLive(db, 'films', (t) => t.bulkGet(other), slots) : [],
  ]);
  const out: FilmRow[] = [];
  for (const row of a) if (row && slots.get(row.feedId) === 'a') out.push(row);
  for (const row of b) if (row && slots.get(row.feedId) === 'b') out.push(row);
  for (const row of user) if (row) out.push(row);
  out.push(...rest);
  return out;
}

export async function listingsFor(
  db: AfterpartyDb,
  filmKeys: string[],
): Promise<{ listings: Listing[]; festivals: FestivalRow[] }> {
  const unique = [...new Set(filmKeys)];
  const slots = await liveSlots(db);
  const [films, events] = await Promise.all([
    filmsOfLiveSlots(db, unique, slots),
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
  const festivals = await readLive(db, 'festivals', (t) => t.bulkGet(festivalKeys), slots);
  // In schedule order here, once, so the card and the popup show them as they come.
  return { listings: inScheduleOrder(listings, timeZoneResolver(festivals)), festivals };
}

export async function schedule(
  db: AfterpartyDb,
): Promise<{ events: EventRow[]; films: FilmRow[]; festivals: FestivalRow[] }> {
  const slots = await liveSlots(db);
  const [events, films, festivals] = await Promise.all([
    readLive(db, 'events', (t) => t.toArray(), slots),
    readLive(db, 'films', (t) => t.toArray(), slots),
    readLive(db, 'festivals', (t) => t.toArray(), slots),
  ]);
  events.push(...(await db.userEvents.toArray()));
  return { events, films, festivals };
}
