import { describeWhen } from '../core/event-time.ts';
import type { EventRow } from '../messages/index.ts';
import { ACCESS_LABELS, KIND_LABELS } from './labels.ts';

/**
 * One event as the card and the schedule show it. Every field is rendered as text by
 * Preact: a feed can never inject markup.
 */
export function EventDetails({ event, timeZone, showWhen = true }: { event: EventRow; timeZone: string; showWhen?: boolean }) {
  return (
    <div class={`ap-event${event.cancelled ? ' ap-cancelled' : ''}`} data-event-key={event.key}>
      <div class="ap-event-head">
        <span class={`ap-kind ap-kind-${event.kind}`}>{KIND_LABELS[event.kind]}</span>
        <span class="ap-event-title">{event.title}</span>
        {event.cancelled && <span class="ap-badge">Cancelled</span>}
      </div>
      {showWhen && <div class="ap-when">{describeWhen(event.start, event.end, timeZone)}</div>}
      <dl class="ap-facts">
        {event.venue && (
          <>
            <dt>Venue</dt>
            <dd>
              {event.venue.name}
              {event.venue.address && <span class="ap-address"> — {event.venue.address}</span>}
            </dd>
          </>
        )}
        {event.host && (
          <>
            <dt>Host</dt>
            <dd>{event.host}</dd>
          </>
        )}
        <dt>Access</dt>
        <dd class={`ap-access ap-access-${event.access}`}>{ACCESS_LABELS[event.access]}</dd>
        {event.source && (
          <>
            <dt>Source</dt>
            <dd>
              {event.source.url ? (
                <a href={event.source.url} target="_blank" rel="noopener noreferrer">
                  {event.source.name}
                </a>
              ) : (
                event.source.name
              )}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
