import { sortByStart } from '../core/schedule.ts';
import type { FestivalRow, Listing } from '../messages/index.ts';
import { EventDetails } from './event-details.tsx';
import { timeZoneResolver } from './time-zones.ts';

export interface CardProps {
  /** One listing per film the hovered title may be (two films can share a title). */
  listings: Listing[];
  festivals: FestivalRow[];
  /** Text of the hovered title, shown while listings are missing. */
  surface: string;
  error: string | null;
}

function credits(listing: Listing): string {
  const parts = [listing.film.year?.toString(), listing.film.directors.join(', ')].filter(Boolean);
  return parts.join(' · ');
}

export function Card({ listings, festivals, surface, error }: CardProps) {
  const zoneOf = timeZoneResolver(festivals);
  return (
    <div class="ap-card" role="dialog" aria-label={`Afterparty: events for ${listings[0]?.film.title ?? surface}`}>
      {error && <p class="ap-error">{error}</p>}
      {!error && listings.length === 0 && <p class="ap-empty">Loading events for “{surface}”…</p>}
      {listings.map((listing) => (
        <section class="ap-film" key={listing.film.key}>
          <header>
            <h2 class="ap-film-title">{listing.film.title}</h2>
            {credits(listing) && <p class="ap-credits">{credits(listing)}</p>}
          </header>
          {listing.events.length === 0 ? (
            <p class="ap-empty">No parties, dinners or receptions listed for this film yet.</p>
          ) : (
            <ul class="ap-events">
              {sortByStart(listing.events, zoneOf).map(({ event, timeZone }) => (
                <li key={event.key}>
                  <EventDetails event={event} timeZone={timeZone} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
