// The events a page describes about itself in schema.org JSON-LD, microdata or RDFa Lite, as drafts the
// user can add to their own events. Pure: the content script hands over the scripts' text and
// the microdata tree, never anything to run, and the worker supplies its matcher and the festivals.

import type { Matcher } from '../matching/index.ts';
import type { Access, EventKind, Source, Venue } from '../model.ts';
import { isPlainObject, own } from '../guards.ts';
import { resolveTimes, type FestivalWindow } from './jsonld-dates.ts';
import { findEventNodes, isContainer, JSONLD_LIMITS, parseJsonLd, typesOf, type FoundEvent } from './jsonld-parse.ts';
import {
  accessOf,
  first,
  hostOf,
  httpUrl,
  list,
  statusOf,
  text,
  TEXT_MAX,
  venueOf,
  type EventStatus,
} from './jsonld-values.ts';
import { dereferencer, indexIds } from './jsonld-refs.ts';
import { filmsOf } from './event-films.ts';
import type { UserFilmInput } from '../user-film-input.ts';
import { pageStatusOf, type PageStatus } from './event-status.ts';
import { titleOf, type TitleSource } from './event-titles.ts';
import { microdataToJsonLd, type MicrodataItem } from './microdata-events.ts';

export type { FestivalWindow } from './jsonld-dates.ts';
export type { EventStatus } from './jsonld-values.ts';
export type { TitleSource } from './event-titles.ts';
export type { PageStatus } from './event-status.ts';
export type { MicrodataItem } from './microdata-events.ts';

/** What the content script reads from a page: text and attribute values only. */
export interface PageSnapshot {
  url: string;
  title: string;
  jsonLd: string[];
  microdata: MicrodataItem[];
  /** RDFa Lite items (vocab/typeof/property), in the microdata items' shape. */
  rdfa?: MicrodataItem[];
}

export interface PageEventContext {
  /** The title matcher over the catalog, keyed by film key; null when the catalog is empty. */
  matcher: Matcher | null;
  festivals: readonly FestivalWindow[];
}

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
}

const KIND_WORDS: Array<[RegExp, EventKind]> = [
  [/\b(dinner|d[iî]ner|supper|lunch|d[ée]jeuner|brunch)\b/i, 'dinner'],
  [/\b(reception|r[ée]ception|cocktail|vin d'honneur)\b/i, 'reception'],
  [/\b(party|parties|soir[ée]e|f[eê]te|karaoke|after[- ]?party|bash)\b/i, 'party'],
  [/\b(screening|projection|premi[eè]re)\b/i, 'screening'],
];

function kindOf(types: readonly string[], title: string): EventKind {
  if (types.includes('ScreeningEvent')) return 'screening';
  for (const [pattern, kind] of KIND_WORDS) if (pattern.test(title)) return kind;
  if (types.includes('FoodEvent')) return 'dinner';
  if (types.includes('SocialEvent')) return 'party';
  return 'other';
}

function readOne(found: FoundEvent, page: PageSnapshot, context: PageEventContext, source: Source): PageEventDraft {
  const { node, parent } = found;
  const { title, titleFrom } = titleOf(found);
  const description = text(own(node, 'description'), TEXT_MAX.description, true);
  const superEvent = first(own(node, 'superEvent'));
  const outer = parent ?? (isPlainObject(superEvent) ? superEvent : null);
  const inherited = (key: string) => own(node, key) ?? (outer ? own(outer, key) : undefined);
  const times = resolveTimes(first(own(node, 'startDate')), first(own(node, 'endDate')), context.festivals);
  return {
    kind: kindOf(typesOf(node), title ?? ''),
    title,
    titleFrom,
    ...filmsOf(node, title, description, context.matcher),
    festival: times.festival,
    start: times.start,
    end: times.end,
    floating: times.floating,
    // Text cleaned like every page value: it is shown to the user.
    startUnread: times.start === null ? text(first(own(node, 'startDate')), 64) : null,
    venue: venueOf(inherited('location')),
    host:
      hostOf(own(node, 'organizer')) ??
      hostOf(own(node, 'performer')) ??
      (parent ? hostOf(own(parent, 'organizer')) : null),
    access: accessOf(node),
    url: httpUrl(own(node, 'url'), page.url) ?? httpUrl(own(node, '@id'), page.url),
    description,
    status: statusOf(node),
    pageStatus: pageStatusOf(node),
    source,
  };
}

function pageSource(page: PageSnapshot): Source {
  const url = httpUrl(page.url, null);
  let name = text(page.title, TEXT_MAX.name);
  if (!name && url) name = new URL(url).hostname;
  return { name: name ?? 'Web page', url };
}

/** A node typed as an event that is not offered, and why. */
export interface SkippedEvent {
  types: string[];
  /** Its own name when it has one. */
  name: string | null;
  reason: 'no-title' | 'duplicate' | 'container';
}

export interface PageEventsReport {
  drafts: PageEventDraft[];
  skipped: SkippedEvent[];
}

/** Every event the page describes, de-duplicated, and the event nodes left out with the reason. Never throws. */
export function readPageEventsReport(page: PageSnapshot, context: PageEventContext): PageEventsReport {
  const drafts: PageEventDraft[] = [];
  const skipped: SkippedEvent[] = [];
  try {
    const roots: unknown[] = [];
    for (const script of (Array.isArray(page.jsonLd) ? page.jsonLd : []).slice(0, JSONLD_LIMITS.scripts)) {
      const parsed = parseJsonLd(script);
      if (parsed !== undefined) roots.push(parsed);
    }
    roots.push(...microdataToJsonLd(page.microdata), ...microdataToJsonLd(page.rdfa));
    const source = pageSource(page);
    const dereference = dereferencer(indexIds(roots));
    const seen = new Map<string, string[]>();
    const nodes = findEventNodes(roots);
    // A festival its events point to by @id (superEvent) contains them, as when it lists them.
    const supers = new Set(
      nodes.flatMap((f) => list(own(f.node, 'superEvent'), 5).map((s) => (isPlainObject(s) ? own(s, '@id') : s))),
    );
    for (const found of nodes) {
      const skip = (reason: SkippedEvent['reason']) =>
        skipped.push({ types: typesOf(found.node), name: text(own(found.node, 'name'), TEXT_MAX.title), reason });
      if (isContainer(found.node) && supers.has(own(found.node, '@id'))) {
        skip('container');
        continue;
      }
      const resolved: FoundEvent = {
        node: dereference(found.node),
        parent: found.parent && dereference(found.parent),
        holder: found.holder && { node: dereference(found.holder.node, 1), via: found.holder.via },
      };
      const draft = readOne(resolved, page, context, source);
      // Nothing names it and no date places it: there is nothing to offer.
      if (draft.title === null && draft.start === null) {
        skip('no-title');
        continue;
      }
      // The same title and start twice is one event said twice (JSON-LD and microdata often do),
      // unless the two name different places: a course given at two campuses is two.
      const key = `${draft.title?.toLowerCase() ?? ''}|${draft.start ?? ''}`;
      const place = draft.venue?.name.toLowerCase() ?? '';
      const places = seen.get(key) ?? [];
      if (places.some((p) => p === place || p === '' || place === '')) {
        skip('duplicate');
        continue;
      }
      seen.set(key, [...places, place]);
      drafts.push(draft);
    }
    return { drafts, skipped };
  } catch {
    // A page's data must never break the popup: an unforeseen shape yields no events.
    return { drafts: [], skipped };
  }
}

/** Every event the page describes, de-duplicated (JSON-LD and microdata often say it twice). Never throws. */
export function readPageEvents(page: PageSnapshot, context: PageEventContext): PageEventDraft[] {
  return readPageEventsReport(page, context).drafts;
}
