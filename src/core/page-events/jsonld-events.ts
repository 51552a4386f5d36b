// The events a page describes about itself in schema.org JSON-LD, microdata or RDFa Lite, as drafts the
// user can add to their own events. Pure: the content script hands over the scripts' text and
// the microdata tree, never anything to run, and the worker supplies its matcher and the festivals.

import type { Matcher } from '../matching/index.ts';
import type { EventKind, Source, Venue } from '../model.ts';
import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import { durationMinutes, resolveTimes, type FestivalWindow } from './jsonld-dates.ts';
import {
  findEventNodes,
  isContainer,
  JSONLD_LIMITS,
  parseJsonLdScript,
  typesOf,
  type FoundEvent,
  type JsonRepair,
  type JsonSkipReason,
} from './jsonld-parse.ts';
import { checkAgainstPageText } from './page-text.ts';
import type { PageEventDraft, PageEventNote } from './event-draft.ts';
import { mergeTwice } from './event-merge.ts';
import { accessOf, first, hostOf, httpUrl, list, statusOf, text, TEXT_MAX, venueOf } from './jsonld-values.ts';
import { dereferencer, indexIds } from './jsonld-refs.ts';
import { filmsOf } from './event-films.ts';
import { pageStatusOf } from './event-status.ts';
import { titleOf } from './event-titles.ts';
import { microdataToJsonLd, type MicrodataItem } from './microdata-events.ts';

export type { FestivalWindow } from './jsonld-dates.ts';
export type { EventStatus } from './jsonld-values.ts';
export type { TitleSource } from './event-titles.ts';
export type { PageStatus } from './event-status.ts';
export type { MicrodataItem } from './microdata-events.ts';
export type { PageEventDraft, PageEventNote, PageTextNote } from './event-draft.ts';
export type { JsonRepair, JsonSkipReason } from './jsonld-parse.ts';

/** What the content script reads from a page: text and attribute values only. */
export interface PageSnapshot {
  url: string;
  title: string;
  jsonLd: string[];
  microdata: MicrodataItem[];
  /** RDFa Lite items (vocab/typeof/property), in the microdata items' shape. */
  rdfa?: MicrodataItem[];
  /**
   * The page's visible text around its clock times ("01Feb Police Discipline Work Group 6:30 pm –
   * 8:30 pm CPC Offices"): short blocks, bounded, against which the markup is checked.
   */
  texts?: string[];
  /** An IANA zone the page states for its own times (a calendar plugin's settings), unchecked. */
  zone?: string | null;
}

export interface PageEventContext {
  /** The title matcher over the catalog, keyed by film key; null when the catalog is empty. */
  matcher: Matcher | null;
  festivals: readonly FestivalWindow[];
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

// A place that lists its events (a cinema's `event`s): the venue of those that name none.
const VENUE_HOLDERS = new Set(['event', 'events']);

function holderVenue(found: FoundEvent): Venue | null {
  const holder = found.holder;
  if (!holder || !VENUE_HOLDERS.has(holder.via)) return null;
  const types = typesOf(holder.node);
  const place = own(holder.node, 'address') !== undefined || types.some((t) => /Place|Theater|Venue|Cinema/.test(t));
  return place ? venueOf(holder.node) : null;
}

// A broadcast happens on its channel: the channel is where one watches it.
function channelOf(node: JsonRecord): Venue | null {
  if (!typesOf(node).includes('BroadcastEvent')) return null;
  for (const service of list(own(node, 'publishedOn'), 5)) {
    const name = isPlainObject(service)
      ? (text(own(service, 'broadcastDisplayName'), TEXT_MAX.name) ?? text(own(service, 'name'), TEXT_MAX.name))
      : null;
    if (name) return { name, address: null };
  }
  return null;
}

/** One draft per start the node gives: a cinema's film with twelve showtimes is twelve occurrences. */
function readOccurrences(
  found: FoundEvent,
  page: PageSnapshot,
  context: PageEventContext,
  source: Source,
  max: number,
): { drafts: PageEventDraft[]; beyond: number } {
  const { node, parent } = found;
  const { title, titleFrom } = titleOf(found);
  const description = text(own(node, 'description'), TEXT_MAX.description, true);
  const superEvent = first(own(node, 'superEvent'));
  const outer = parent ?? (isPlainObject(superEvent) ? superEvent : null);
  const inherited = (key: string) => own(node, key) ?? (outer ? own(outer, key) : undefined);
  const allStarts = Array.isArray(own(node, 'startDate'))
    ? (own(node, 'startDate') as unknown[])
    : [own(node, 'startDate')];
  const starts: unknown[] = allStarts
    .filter((v) => v !== null && v !== undefined)
    .slice(0, JSONLD_LIMITS.startsPerEvent);
  if (starts.length === 0) starts.push(undefined);
  const beyond = Math.max(0, starts.length - max) + Math.max(0, allStarts.length - JSONLD_LIMITS.startsPerEvent);
  const ends = list(own(node, 'endDate'), JSONLD_LIMITS.startsPerEvent);
  const duration = durationMinutes(first(own(node, 'duration')));
  const common = {
    kind: kindOf(typesOf(node), title ?? ''),
    title,
    titleFrom,
    ...filmsOf(node, title, description, context.matcher),
    venue: venueOf(inherited('location')) ?? holderVenue(found) ?? channelOf(node),
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
  const drafts = starts.slice(0, max).map((startRaw, i): PageEventDraft => {
    // Ends pair with starts one to one, or one end goes with one start; else the running time.
    const endRaw = starts.length === 1 ? first(ends) : ends.length === starts.length ? ends[i] : undefined;
    const times = resolveTimes(startRaw, endRaw, context.festivals, duration);
    const notes: PageEventNote[] = [];
    if (times.asWritten) notes.push({ kind: 'asWritten', written: times.asWritten });
    if (times.endFromDuration && duration !== null) notes.push({ kind: 'duration', minutes: duration });
    return {
      ...common,
      festival: times.festival,
      start: times.start,
      end: times.end,
      floating: times.floating,
      // Text cleaned like every page value: it is shown to the user.
      startUnread: times.start === null ? text(startRaw, 64) : null,
      notes,
    };
  });
  return { drafts, beyond };
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
  reason: 'no-title' | 'duplicate' | 'container' | 'release-year';
}

/** A JSON-LD script left out, and why (a string never closed cannot be mended one way). */
export interface SkippedScript {
  reason: JsonSkipReason;
  /** Its first characters, so the publisher can find it. */
  start: string;
}

export interface PageEventsReport {
  drafts: PageEventDraft[];
  skipped: SkippedEvent[];
  skippedScripts: SkippedScript[];
  /** Occurrences and events the page gives past the reader's ceilings: counted, not offered. */
  beyond: number;
}

/** Every event the page describes, de-duplicated, and the event nodes left out with the reason. Never throws. */
export function readPageEventsReport(page: PageSnapshot, context: PageEventContext): PageEventsReport {
  const drafts: PageEventDraft[] = [];
  const skipped: SkippedEvent[] = [];
  const skippedScripts: SkippedScript[] = [];
  let beyond = 0;
  try {
    const roots: unknown[] = [];
    const repairsOf: JsonRepair[][] = [];
    for (const script of (Array.isArray(page.jsonLd) ? page.jsonLd : []).slice(0, JSONLD_LIMITS.scripts)) {
      const parsed = parseJsonLdScript(script);
      if (!parsed.ok) {
        // An empty block is nothing left out; one past the limits the snapshot never sends.
        if (typeof script === 'string' && (parsed.reason === 'unterminated-string' || parsed.reason === 'invalid-json'))
          skippedScripts.push({ reason: parsed.reason, start: text(script, 80) ?? '' });
        continue;
      }
      roots.push(parsed.value);
      repairsOf.push(parsed.repairs);
    }
    roots.push(...microdataToJsonLd(page.microdata), ...microdataToJsonLd(page.rdfa));
    const source = pageSource(page);
    const dereference = dereferencer(indexIds(roots));
    const seen = new Map<string, string[]>();
    const budget: { nodes: number; beyond?: number } = { nodes: JSONLD_LIMITS.nodes };
    const nodes = findEventNodes(roots, budget, roots.length);
    beyond += budget.beyond ?? 0;
    // A festival its events point to by @id (superEvent) contains them, as when it lists them.
    const supers = new Set(
      nodes.flatMap((f) => list(own(f.node, 'superEvent'), 5).map((s) => (isPlainObject(s) ? own(s, '@id') : s))),
    );
    const read: PageEventDraft[] = [];
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
      const repairs = found.root === undefined ? [] : (repairsOf[found.root] ?? []);
      const occurrences = readOccurrences(resolved, page, context, source, JSONLD_LIMITS.occurrences - read.length);
      beyond += occurrences.beyond;
      for (const draft of occurrences.drafts) {
        // Nothing names it and no date places it: there is nothing to offer.
        if (draft.title === null && draft.start === null) {
          skip('no-title');
          continue;
        }
        // A film's release given as a year ("2000") is a fact about the film, not a day to go out.
        if (draft.start === null && found.holder?.via === 'releasedEvent') {
          skip('release-year');
          continue;
        }
        if (repairs.length > 0) draft.notes.unshift({ kind: 'repaired', repairs });
        read.push(draft);
      }
    }
    const checked = checkAgainstPageText(read, page.texts, page.zone);
    const { drafts: once } = mergeTwice(checked);
    for (const draft of once) {
      // The same title and start twice is one event said twice (JSON-LD and microdata often do),
      // unless the two name different places: a course given at two campuses is two.
      const key = `${draft.title?.toLowerCase() ?? ''}|${draft.start ?? ''}`;
      const place = draft.venue?.name.toLowerCase() ?? '';
      const places = seen.get(key) ?? [];
      if (places.some((p) => p === place || p === '' || place === '')) {
        skipped.push({ types: [], name: draft.title, reason: 'duplicate' });
        continue;
      }
      seen.set(key, [...places, place]);
      drafts.push(draft);
    }
    return { drafts, skipped, skippedScripts, beyond };
  } catch {
    // A page's data must never break the popup: an unforeseen shape yields no events.
    return { drafts: [], skipped, skippedScripts, beyond };
  }
}

/** Every event the page describes, de-duplicated (JSON-LD and microdata often say it twice). Never throws. */
export function readPageEvents(page: PageSnapshot, context: PageEventContext): PageEventDraft[] {
  return readPageEventsReport(page, context).drafts;
}
