// The same film listed by two feeds (same normalised title and year) is shown as one film
// with the events of both.
import type { EventRow, FilmRow, Listing } from '../rows.ts';
import { normalizeTitle } from '../matching/index.ts';

function filmIdentity(film: { title: string; year: number | null }): string {
  return `${normalizeTitle(film.title)}\u0000${film.year ?? ''}`;
}

/** Merges listings of the same film; the first film listed keeps its key and details. */
export function mergeListings(listings: Listing[]): Listing[] {
  const byIdentity = new Map<string, { film: FilmRow; events: Map<string, EventRow> }>();
  for (const { film, events } of listings) {
    const id = filmIdentity(film);
    let merged = byIdentity.get(id);
    if (!merged) {
      merged = { film, events: new Map() };
      byIdentity.set(id, merged);
    } else {
      const aliases = [...new Set([...merged.film.aliases, ...film.aliases])];
      const directors = [...new Set([...merged.film.directors, ...film.directors])];
      merged.film = { ...merged.film, aliases, directors };
    }
    for (const event of events) merged.events.set(event.key, event);
  }
  return [...byIdentity.values()].map(({ film, events }) => ({ film, events: [...events.values()] }));
}
