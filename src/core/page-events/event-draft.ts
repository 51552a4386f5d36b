// The shape of an event found on a page, and the notes an offer carries about how it was read.

import type { Access, EventKind, Source, Venue } from '../model.ts';
import type { UserFilmInput } from '../user-film-input.ts';
import type { JsonRepair } from './jsonld-parse.ts';
import type { EventStatus } from './jsonld-values.ts';
import type { PageStatus } from './event-status.ts';
import type { TitleSource } from './event-titles.ts';

/** What the markup said beside what the page says, and whether the page's time was used. */
export interface PageTextNote {
  kind: 'pageTime';
  /** The markup's start as the reader had it ("2024-02-01", "2022-07-12T09:00:00+00:00"). */
  markup: string;
  /** The time as the page writes it ("6:30 pm – 8:30 pm"). */
  page: string;
  used: boolean;
  /** The zone the page states, when the page's wall-clock time was placed in it. */
  zone?: string;
}

/** What an offer says about how its data was read: never silently mended. */
export type PageEventNote =
  | { kind: 'repaired'; repairs: JsonRepair[] }
  /** The start as written ("2019-9-18T10:00", "+5.5:00"), read the one way it can be. */
  | { kind: 'asWritten'; written: string }
  /** The end is the start plus the page's running time. */
  | { kind: 'duration'; minutes: number }
  | PageTextNote;

/** One event found on a page, shaped like a feed event and ready to become the user's own. */
export interface PageEventDraft {
  kind: EventKind;
  /** Null when nothing on the page names the event: the user names it before adding it. */
  title: string | null;
  /** The event's own name, or the film, performer or parent event it was titled after. */
  titleFrom: TitleSource;
  /** Film keys, from workPresented or the title matcher. */
  films: string[];
  /** Films the page names (workPresented) that the catalog does not know, as the page describes them. */
  unknownFilms: UserFilmInput[];
  festival: string | null;
  start: string | null;
  end: string | null;
  /** Times written without an offset outside any known festival: wall-clock, as on the page. */
  floating: boolean;
  /**
   * A start the page gave that is not a date Afterparty can read ("tomorrow night", 30 February, a
   * year outside 1900–2200), as written: the event is then not "date not announced".
   */
  startUnread: string | null;
  venue: Venue | null;
  host: string | null;
  access: Access;
  url: string | null;
  description: string | null;
  status: EventStatus;
  /** The status as the page wrote it (postponed, rescheduled and moved online apart). */
  pageStatus: PageStatus;
  /** The page the event was found on. */
  source: Source;
  /** How the markup was read, mended or checked against the page's text. */
  notes: PageEventNote[];
}
