// The few names the content script needs about the user's own events, kept apart from the
// message specs so the content bundle does not pull in the feed validator.

export const USER_FEED_ID = 'user';

/** Sent by the popup to the current tab's content script (tabs.sendMessage), answered with a PageSnapshot. */
export const PAGE_EVENTS_REQUEST = 'afterparty:pageEvents';

export function isUserEvent(event: { feedId: string }): boolean {
  return event.feedId === USER_FEED_ID;
}

/** The festival row key an event points at: feed events name a festival of their own feed. */
export function festivalKeyOf(event: { feedId: string; festival: string | null }): string | null {
  if (!event.festival) return null;
  return isUserEvent(event) ? event.festival : `${event.feedId}/${event.festival}`;
}
