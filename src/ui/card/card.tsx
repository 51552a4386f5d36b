import type { ComponentChildren } from 'preact';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings.ts';
import type { EventRow, FestivalRow, FilmRow, Listing } from '../../core/rows.ts';
import type { SaveStatus } from '../../core/rows.ts';
import type { CardClashes } from '../../messages/index.ts';
import { FilmSection } from '../shared/film-section.tsx';
import { t } from '../../browser/i18n.ts';
import type { OnSave } from '../shared/save-buttons.tsx';
import { RemindersContext, type RemindersValue } from '../shared/reminder-toggle.tsx';
import { timeZoneResolver } from '../../core/time/index.ts';
import { cardHeading, clashLine } from './card-words.ts';

export interface CardProps {
  /** One listing per film the hovered title may be (two films can share a title). */
  listings: Listing[];
  festivals: FestivalRow[];
  /** Text of the hovered title, shown while listings are missing. */
  surface: string;
  error: string | null;
  settings?: Settings;
  /** The user's plan, by event key; with onSave each event gets save toggles. */
  saved?: ReadonlyMap<string, SaveStatus>;
  onSave?: OnSave;
  /** "Remind me" on saved events. */
  reminders?: RemindersValue;
  /** The shown events that overlap an event the user is going to. */
  clashes?: ReadonlyMap<string, CardClashes>;
  /** The card's keyboard shortcut as the browser has it, shown at the card's foot. */
  shortcut?: string | null;
  /** The time the card is drawn at: cancelled and past events are shown without their actions. */
  now?: number;
  onClose?: () => void;
  /** Per-film actions under the film's credits: the content script's "Not this film" and "Add an event". */
  filmActions?: (film: FilmRow) => ComponentChildren;
}

const CARD_TITLE_ID = 'ap-card-title';

/**
 * The card: its header (what it is about, and ×) and foot (the shortcut) stay in place while
 * its body, the films and their events, scrolls between them.
 */
export function Card({
  listings,
  festivals,
  surface,
  error,
  settings = DEFAULT_SETTINGS,
  saved,
  onSave,
  reminders,
  clashes,
  shortcut,
  now,
  onClose,
  filmActions,
}: CardProps) {
  const zoneOf = timeZoneResolver(festivals);
  const clashNote = (event: EventRow) => {
    const line = clashLine(clashes?.get(event.key));
    return line && <p class="ap-clash">{line}</p>;
  };
  return (
    <RemindersContext.Provider value={reminders ?? null}>
      <div class="ap-card" role="dialog" aria-labelledby={CARD_TITLE_ID} tabIndex={-1}>
        <div class="ap-card-bar">
          <span class="ap-brand" id={CARD_TITLE_ID}>
            {cardHeading(listings, surface)}
          </span>
          {onClose && (
            <button type="button" class="ap-close" onClick={onClose} aria-label={t('ui_close')}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div class="ap-card-body" tabIndex={-1}>
          {error && (
            <p class="ap-error" role="alert">
              {error}
            </p>
          )}
          {!error && listings.length === 0 && <p class="ap-empty">{t('ui_loadingFor', surface)}</p>}
          {listings.map((listing) => (
            <FilmSection
              key={listing.film.key}
              listing={listing}
              zoneOf={zoneOf}
              zoneChoice={settings.timeZoneShown}
              saved={saved}
              onSave={onSave}
              now={now}
              eventNote={clashNote}
              actions={filmActions?.(listing.film)}
            />
          ))}
        </div>
        {shortcut && <p class="ap-shortcut">{t('card_shortcut', shortcut)}</p>}
      </div>
    </RemindersContext.Provider>
  );
}
