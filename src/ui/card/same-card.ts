import { eventState } from '../../core/event-state.ts';
import { timeZoneResolver } from '../../core/time/index.ts';
import type { CardProps } from './card.tsx';

/**
 * Whether drawing `next` would draw what `drawn` drew, so the card already drawn can be shown
 * as it is: every prop the same object (or the same text), the reminders' two parts alike, and
 * no event over or started between the two times (`now` is only read as each event's state).
 * A card prerendered during the hover delay is then only attached and placed on show.
 */
export function sameCard(drawn: CardProps, next: CardProps): boolean {
  const keys = new Set([...Object.keys(drawn), ...Object.keys(next)] as (keyof CardProps)[]);
  for (const key of keys) {
    if (key === 'now' || key === 'reminders' || drawn[key] === next[key]) continue;
    return false;
  }
  const [was, is] = [drawn.reminders, next.reminders];
  if (was !== is && (was?.views !== is?.views || was?.onRemind !== is?.onRemind)) return false;
  return sameStates(next, drawn.now, next.now);
}

function sameStates({ listings, festivals }: CardProps, was: number | undefined, is: number | undefined): boolean {
  if (was === is) return true;
  if (was === undefined || is === undefined) return false;
  const zoneOf = timeZoneResolver(festivals);
  return listings.every((listing) =>
    listing.events.every((event) => eventState(event, zoneOf(event), was) === eventState(event, zoneOf(event), is)),
  );
}
