import type { EventRow, FestivalRow, FilmRow, Listing } from '../messages/index.ts';
import type { AfterpartyDb } from './database.ts';

export async function listingsFor(
  db: AfterpartyDb,
  filmKeys: string[],
): Promise<{ listings: Listing[]; festivals: FestivalRow[] }> {
  const unique = [...new Set(filmKeys)];
  const [films, events] = await Promise.all([
    db.films.bulkGet(unique),
    db.events.where('filmKeys').anyOf(unique).distinct().toArray(),
  ]);
  const byFilm = new Map<string, EventRow[]>();
  for (const event of events) {
    for (const key of event.filmKeys) byFilm.get(key)?.push(event) ?? byFilm.set(key, [event]);
  }
  const listings = films
    .filter((film): film is FilmRow => film !== undefined)
    .map((film) => ({ film, events: byFilm.get(film.key) ?? [] }));
  const festivalKeys = [...new Set(events.map((e) => e.festival && `${e.feedId}/${e.festival}`).filter((k): k is string => !!k))];
  const festivals = (await db.festivals.bulkGet(festivalKeys)).filter((f): f is FestivalRow => f !== undefined);
  return { listings, festivals };
}

export async function schedule(db: AfterpartyDb): Promise<{ events: EventRow[]; films: FilmRow[]; festivals: FestivalRow[] }> {
  const [events, films, festivals] = await Promise.all([db.events.toArray(), db.films.toArray(), db.festivals.toArray()]);
  return { events, films, festivals };
}
