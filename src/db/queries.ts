// Every read of feed rows goes through here: each feed's rows are taken from its live slot
// only (feed-slots.ts), so a generation being staged, or a feed being removed, is never seen.
import type { Table } from 'dexie';
import { mergeListings } from '../core/feed/index.ts';
import type { EventRow, FestivalRow, FilmRow, Listing } from '../core/rows.ts';
import { festivalKeyOf } from '../core/rows.ts';
import type { AfterpartyDb } from './database.ts';
import { liveSlots, slotTables } from './feed-slots.ts';
import { userEventsForFilms } from './user-events.ts';
import type { Slot } from './feed-sync-state.ts';

type Named = 'festivals' | 'films' | 'events';
type RowOf<N extends Named> = N extends 'festivals' ? FestivalRow : N extends 'films' ? FilmRow : EventRow;

/** Runs `read` on both slots' table and keeps the rows of each feed's live slot. */
async function live<N extends Named>(
  db: AfterpartyDb,
  name: N,
  read: (table: Table<RowOf<N>, string>) => Promise<Array<RowOf<N> | undefined>>,
  slots?: Map<string, Slot>,
): Promise<Array<RowOf<N>>> {
  const live = slots ?? (await liveSlots(db));
  const out: Array<RowOf<N>> = [];
  for (const slot of ['a', 'b'] as Slot[]) {
    const rows = await read(slotTables(db, slot)[name] as unknown as Table<RowOf<N>, string>);
    for (const row of rows) if (row && live.get(row.feedId) === slot) out.push(row);
  }
  return out;
}

export async function liveFilms(db: AfterpartyDb): Promise<FilmRow[]> {
  return live(db, 'films', (t) => t.toArray());
}

export async function listingsFor(
  db: AfterpartyDb,
  filmKeys: string[],
): Promise<{ listings: Listing[]; festivals: FestivalRow[] }> {
  const unique = [...new Set(filmKeys)];
  const slots = await liveSlots(db);
  const [films, events] = await Promise.all([
    live(db, 'films', (t) => t.bulkGet(unique), slots),
    live(db, 'events', (t) => t.where('filmKeys').anyOf(unique).distinct().toArray(), slots),
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
  const festivals = await live(db, 'festivals', (t) => t.bulkGet(festivalKeys), slots);
  return { listings, festivals };
}

export async function schedule(
  db: AfterpartyDb,
): Promise<{ events: EventRow[]; films: FilmRow[]; festivals: FestivalRow[] }> {
  const slots = await liveSlots(db);
  const [events, films, festivals] = await Promise.all([
    live(db, 'events', (t) => t.toArray(), slots),
    live(db, 'films', (t) => t.toArray(), slots),
    live(db, 'festivals', (t) => t.toArray(), slots),
  ]);
  events.push(...(await db.userEvents.toArray()));
  return { events, films, festivals };
}
