// The rows the extension stores and sends. Feed rows are keyed across feeds ("feedId/id");
// the user's rows (saved, corrections, own events) are written only by the user's actions.
import type { FeedEvent, Festival, Film } from './model.ts';

export type FilmRow = Film & { key: string; feedId: string };
export type EventRow = FeedEvent & { key: string; feedId: string; filmKeys: string[] };
export type FestivalRow = Festival & { key: string; feedId: string };

export interface Listing {
  film: FilmRow;
  events: EventRow[];
}

export type SaveStatus = 'going' | 'interested';

export interface SavedRow {
  eventKey: string;
  status: SaveStatus;
  savedAt: string;
  /** "Remind me" is on (src/core/plan/reminders.ts says when); absent when off. */
  remind?: true;
  /** The event as last listed, kept when its feed is removed, so Saved can still name it. */
  last?: SavedSnapshot;
}

export interface SavedSnapshot {
  title: string;
  start: string | null;
  feedTitle: string;
}

/** A saved event no feed lists here now: shown with what was last known of it, if anything. */
export interface UnlistedSaved {
  eventKey: string;
  status: SaveStatus;
  last: SavedSnapshot | null;
}

/** "Not this film": hides one film's match for a surface text on a site, or everywhere. */
export interface CorrectionRow {
  id: string;
  filmKey: string;
  /** The matched text, normalised (normalizeTitle). */
  surface: string;
  /** Hostname, or null for everywhere. */
  site: string | null;
  createdAt: string;
}

/**
 * The user's own event; `festival` holds a festival's full key ("default/tiff-2007"), since any
 * feed's festival can be chosen.
 */
export type UserEventRow = EventRow & {
  createdAt: string;
  updatedAt: string;
  /** The zone the user entered the time in, to show it again when editing. */
  timeZone?: string | null;
  /** The page said the event was rescheduled or postponed. */
  moved?: boolean;
  /** Imported from an invitation file: its UID and SEQUENCE, so a later update or CANCEL finds it. */
  invitation?: InvitationRef | null;
  /** The user took it out of their plan; without this it is Going (core/plan/brought.ts). */
  outOfPlan?: true;
};

/** RFC 5546: an invitation is known by its UID; a higher SEQUENCE is a newer version. */
export interface InvitationRef {
  uid: string;
  sequence: number;
  /** The series UID (`uid` without an occurrence's day); absent on events imported before it was kept. */
  series?: string;
  /** Only a file from this ORGANIZER (lower-cased address; null: a file naming none) may change the event. */
  organizer?: string | null;
}

/**
 * A film the user added (from a page that names a film no feed lists): shaped like a feed's
 * film, under the feed id "user", so every reader of films (the matcher, the card, the
 * schedule) takes it as one. It holds only what the page or the user stated.
 */
export type UserFilmRow = FilmRow & {
  createdAt: string;
  updatedAt: string;
};

export interface Plan {
  saved: SavedRow[];
  /** The saved events still known (from feeds or the user's own), with their films and festivals. */
  events: EventRow[];
  films: FilmRow[];
  festivals: FestivalRow[];
  /** The saved events not among `events` (their feed removed, or not fetched here yet). */
  unlisted?: UnlistedSaved[];
}

export const USER_FEED_ID = 'user';

export function isUserEvent(event: { feedId: string }): boolean {
  return event.feedId === USER_FEED_ID;
}

export function isUserFilm(film: { feedId: string }): boolean {
  return film.feedId === USER_FEED_ID;
}

/** The festival row key an event points at: feed events name a festival of their own feed. */
export function festivalKeyOf(event: { feedId: string; festival: string | null }): string | null {
  if (!event.festival) return null;
  return isUserEvent(event) ? event.festival : `${event.feedId}/${event.festival}`;
}
