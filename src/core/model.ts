// The data model shared by every part of Afterparty. Feed v1 documents parse into these types
// (see docs/feed-format.md); the database stores them as they are.

export const EVENT_KINDS = ['party', 'dinner', 'reception', 'screening', 'other'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const ACCESS_LEVELS = ['public', 'rsvp', 'invite', 'ticketed', 'unknown'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface Festival {
  id: string;
  name: string;
  /** IANA zone, e.g. "America/Toronto": every time is shown in it. */
  timeZone: string;
  /** First and last day, "YYYY-MM-DD", in the festival's zone. */
  start: string;
  end: string;
}

export interface Film {
  id: string;
  title: string;
  /** International titles, censored forms, abbreviations. */
  aliases: string[];
  year: number | null;
  directors: string[];
}

/** WGS 84 degrees: latitude -90 to 90, longitude -180 to 180. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface Venue {
  name: string;
  address: string | null;
  /** Where it is, when the feed says; absent or null when not known (never guessed). */
  geo?: GeoPoint | null;
}

/** Where a listing was read: an article, a press release, a page. */
export interface Source {
  name: string;
  url: string | null;
}

export interface FeedEvent {
  id: string;
  kind: EventKind;
  title: string;
  /** Film ids; empty for an event tied to no film (a sponsor party). */
  films: string[];
  festival: string | null;
  /**
   * An ISO date-time with offset ("2007-09-06T21:30:00-04:00"), a date alone ("2007-09-09")
   * when the time was not announced, or null when the date was not announced either.
   */
  start: string | null;
  end: string | null;
  /**
   * What is known of the time beyond start and end, in the publisher's words: "from 10 pm",
   * "after the 6 pm gala screening", "late". Shown beside the date. Optional so that events
   * built before the field existed (stored rows, the user's own) still type-check.
   */
  timeNote?: string | null;
  venue: Venue | null;
  host: string | null;
  access: Access;
  url: string | null;
  description: string | null;
  source: Source | null;
  cancelled: boolean;
}

export interface Feed {
  title: string;
  updated: string | null;
  festivals: Festival[];
  films: Film[];
  events: FeedEvent[];
}
