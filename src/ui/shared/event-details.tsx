import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import type { ZoneChoice } from '../../core/settings.ts';
import type { EventRow } from '../../core/rows.ts';
import type { SaveStatus } from '../../core/rows.ts';
import { isUserEvent } from '../../core/rows.ts';
import { eventState } from '../../core/event-state.ts';
import { CalendarLink, WebCalendarsContext } from './calendar-link.tsx';
import { EventDescription } from './event-description.tsx';
import { t } from '../../browser/i18n.ts';
import { accessLabel, kindLabel } from './labels.ts';
import { ReminderToggle } from './reminder-toggle.tsx';
import { StateBadge } from './state-badge.tsx';
import { SaveButtons, type OnSave } from './save-buttons.tsx';
import { shownAddress } from './venue-text.ts';
import { whenLines } from './when-text.ts';

export interface EventDetailsProps {
  event: EventRow;
  timeZone: string;
  showWhen?: boolean;
  zoneChoice?: ZoneChoice;
  /** The description in two lines that unfold (the card), in full (the schedule), or not at all. */
  description?: 'clamped' | 'full' | 'none';
  /** With onSave: the save toggles and "Add to calendar" are shown. */
  status?: SaveStatus | null;
  onSave?: OnSave;
  /** Shown under the event: the "Saved" view's clash warning. */
  children?: ComponentChildren;
  /**
   * The time now (the card and the popup): a cancelled or past event is then shown as such,
   * without Going, Remind me or Add to calendar, since none of them can help any more.
   */
  now?: number;
}

function mapLink(venue: { name: string; address: string | null }): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent([venue.name, venue.address].filter(Boolean).join(', '))}`;
}

/**
 * One event as the card and the popup show it. Every field is rendered as text by Preact:
 * a feed can never inject markup.
 */
export function EventDetails({
  event,
  timeZone,
  showWhen = true,
  zoneChoice = 'both',
  description = 'clamped',
  status = null,
  onSave,
  children,
  now,
}: EventDetailsProps) {
  const state = now === undefined ? 'open' : eventState(event, timeZone, now);
  const WebCalendars = useContext(WebCalendarsContext);
  const moved = (event as { moved?: boolean }).moved === true;
  const address = event.venue ? shownAddress(event.venue) : null;
  return (
    <div class={`ap-event${event.cancelled ? ' ap-cancelled' : ''}`} data-event-key={event.key}>
      <div class="ap-event-head">
        <span class={`ap-kind ap-kind-${event.kind}`}>{kindLabel(event.kind)}</span>
        <span class="ap-event-title">{event.title}</span>
        <StateBadge state={event.cancelled ? 'cancelled' : state} />
        {moved && <span class="ap-badge ap-badge-moved">{t('ui_moved')}</span>}
        {isUserEvent(event) && (
          <span class="ap-badge ap-badge-own" style={{ background: 'var(--ap-accent)', color: 'var(--ap-on-accent)' }}>
            {t('events_own')}
          </span>
        )}
      </div>
      {showWhen &&
        whenLines(event.start, event.end, timeZone, zoneChoice, undefined, event.timeNote ?? null).map((line, i) => (
          <div class={i === 0 ? 'ap-when' : 'ap-when ap-when-mine'} key={i}>
            {line}
          </div>
        ))}
      <dl class="ap-facts">
        {event.venue && (
          <>
            <dt>{t('ui_venue')}</dt>
            <dd>
              {event.venue.name}
              {address && <span class="ap-address"> — {address}</span>}{' '}
              <a
                href={mapLink(event.venue)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('ui_mapOf', event.venue.name)}
              >
                {t('ui_map')}
              </a>
            </dd>
          </>
        )}
        {event.host && (
          <>
            <dt>{t('ui_host')}</dt>
            <dd>{event.host}</dd>
          </>
        )}
        <dt>{t('ui_access')}</dt>
        <dd class={`ap-access ap-access-${event.access}`}>{accessLabel(event.access)}</dd>
        {(event.source || event.url) && (
          <>
            <dt>{t('ui_source')}</dt>
            <dd>
              {event.source?.url ? (
                <a href={event.source.url} target="_blank" rel="noopener noreferrer">
                  {event.source.name}
                </a>
              ) : (
                event.source?.name
              )}
              {event.url && (
                <>
                  {event.source && ' · '}
                  <a
                    href={event.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('ui_detailsOf', event.title)}
                  >
                    {t('ui_details')}
                  </a>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      {event.description && description !== 'none' && (
        <EventDescription text={event.description} clamped={description === 'clamped'} />
      )}
      {state === 'open' && children}
      {onSave && state === 'open' && (
        <div class="ap-actions">
          <SaveButtons eventKey={event.key} title={event.title} status={status} onSave={onSave} />
          {event.start && (
            <CalendarLink eventKeys={() => [event.key]} name={event.title}>
              <span aria-hidden="true">+ </span>
              {t('ui_addToCalendar')}
              <span class="ap-sr">{` — ${event.title}`}</span>
            </CalendarLink>
          )}
          {event.start && WebCalendars && <WebCalendars event={event} timeZone={timeZone} />}
          {status && <ReminderToggle eventKey={event.key} title={event.title} />}
        </div>
      )}
    </div>
  );
}
