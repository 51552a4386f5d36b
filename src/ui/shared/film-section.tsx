import type { ComponentChildren } from 'preact';
import type { ZoneChoice } from '../../core/settings.ts';
import type { EventRow, Listing } from '../../core/rows.ts';
import type { SaveStatus } from '../../core/rows.ts';
import { EventDetails } from './event-details.tsx';
import { t } from '../../browser/i18n.ts';
import type { OnSave } from './save-buttons.tsx';

export interface FilmSectionProps {
  listing: Listing;
  zoneOf: (event: EventRow) => string;
  zoneChoice: ZoneChoice;
  saved?: ReadonlyMap<string, SaveStatus>;
  onSave?: OnSave;
  headingLevel?: 2 | 3;
  /**
   * Per-film actions (the card's "Not this film" and "Add an event"): after the events, in a
   * menu folded behind one button, since the events are what the reader came for.
   */
  actions?: ComponentChildren;
  /**
   * The form of the title the page used ("Young People F***ing"): when it differs, it heads
   * the section, with the full title beneath.
   */
  pageTitle?: string;
  /** The time now (the card): cancelled and past events are shown without their actions. */
  now?: number;
  /** Under each event that can still be acted on: the card's clash line. */
  eventNote?: (event: EventRow) => ComponentChildren;
}

function credits(listing: Listing): string {
  const directors = listing.film.directors.length > 0 ? t('ui_directedBy', listing.film.directors.join(', ')) : '';
  return [listing.film.year?.toString(), directors].filter(Boolean).join(' · ');
}

/**
 * A film with its events in the order given: the body of the card and of the popup's "This page",
 * whose listings come in schedule order from the worker (`inScheduleOrder`, core/plan).
 */
export function FilmSection({
  listing,
  zoneOf,
  zoneChoice,
  saved,
  onSave,
  headingLevel = 2,
  actions,
  pageTitle,
  now,
  eventNote,
}: FilmSectionProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const asOnPage = pageTitle && pageTitle !== listing.film.title ? pageTitle : null;
  return (
    <section class="ap-film" aria-label={listing.film.title}>
      <header>
        <Heading class="ap-film-title">{asOnPage ?? listing.film.title}</Heading>
        {asOnPage && <p class="ap-credits ap-full-title">{t('ui_alsoTitled', listing.film.title)}</p>}
        {credits(listing) && <p class="ap-credits">{credits(listing)}</p>}
      </header>
      {listing.events.length === 0 ? (
        <p class="ap-empty">{t('ui_noEventsForFilm')}</p>
      ) : (
        <ul class="ap-events">
          {listing.events.map((event) => (
            <li key={event.key}>
              <EventDetails
                event={event}
                timeZone={zoneOf(event)}
                zoneChoice={zoneChoice}
                status={saved?.get(event.key) ?? null}
                onSave={onSave}
                now={now}
              >
                {eventNote?.(event)}
              </EventDetails>
            </li>
          ))}
        </ul>
      )}
      {actions && (
        <details class="ap-film-menu">
          <summary>
            {t('ui_filmActions')}
            <span class="ap-sr">{` ${listing.film.title}`}</span>
          </summary>
          <div class="ap-film-actions">{actions}</div>
        </details>
      )}
    </section>
  );
}
