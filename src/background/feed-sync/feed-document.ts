// The document part of a sync: a downloaded body to a feed, iCalendar when it says so, else the
// JSON feed format; and the hashes that tell an unchanged body from a new one.
import { parseFeed } from '../../core/feed/index.ts';
import { importICalendar, looksLikeICalendar, type FilmTie } from '../../core/ical/index.ts';
import type { TitleSource } from '../../core/matching/index.ts';
import type { Feed } from '../../core/model.ts';
import type { FeedKind, SyncReason } from '../../db/index.ts';

export interface FeedDocument {
  ok: true;
  kind: FeedKind;
  feed: Feed;
  links?: Map<string, string[]>;
  problems: string[];
  refreshMinutes: number | null;
}

type ReadDocument = FeedDocument | { ok: false; reason: SyncReason };

/** What an iCalendar feed's events are tied to films with: the worker's matcher, and the titles it holds. */
export interface FilmCatalog {
  sources: readonly TitleSource[];
  tie: FilmTie;
}

const isCalendar = (text: string, contentType: string): boolean =>
  /text\/calendar/i.test(contentType) || looksLikeICalendar(text);

/** `films` is given for a calendar, and only for one. */
function readDocument(
  text: string,
  contentType: string,
  films: FilmCatalog | null,
  fallbackTitle: string,
): ReadDocument {
  if (films) {
    const result = importICalendar(text, { tie: films.tie, fallbackTitle });
    if (!result.ok && result.overrun) return { ok: false, reason: { code: 'too-complex', part: result.overrun } };
    if (!result.ok) return { ok: false, reason: { code: 'not-a-feed', detail: result.error } };
    return {
      ok: true,
      kind: 'ical',
      feed: result.feed,
      links: result.links,
      problems: result.problems.map((p) => `${p.path}: ${p.message}`),
      refreshMinutes: result.refreshMinutes,
    };
  }
  if (/text\/html/i.test(contentType) && /^\s*</.test(text)) return { ok: false, reason: { code: 'html' } };
  const parsed = parseFeed(text);
  if (!parsed.ok) return { ok: false, reason: { code: 'not-a-feed', detail: parsed.error } };
  return {
    ok: true,
    kind: 'json',
    feed: parsed.feed,
    problems: parsed.problems.map((p) => `${p.path}: ${p.message}`),
    refreshMinutes: null,
  };
}

export interface ReadBody {
  doc: ReadDocument;
  /** Of the body and, for iCalendar, the catalog it was matched against: the same again writes nothing. */
  contentHash: string;
  /** iCalendar only: of the film catalog alone, to notice when it changes under an unchanged body. */
  catalogHash: string | null;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const catalogOf = (films: readonly TitleSource[]) =>
  films.map((f) => `${f.id}\u0000${f.title}\u0000${f.aliases.join('\u0001')}`).join('\n');

export function catalogHash(films: readonly TitleSource[]): Promise<string> {
  return sha256(catalogOf(films));
}

/** `catalog` is asked for only when the body is a calendar: a JSON feed brings its own films. */
export async function readBody(
  text: string,
  contentType: string,
  catalog: () => Promise<FilmCatalog>,
  fallbackTitle: string,
): Promise<ReadBody> {
  const films = isCalendar(text, contentType) ? await catalog() : null;
  const doc = readDocument(text, contentType, films, fallbackTitle);
  // An iCalendar feed's links depend on the films of the other feeds: they are part of its content.
  const ical = doc.ok && doc.kind === 'ical';
  const catalogText = ical && films ? catalogOf(films.sources) : '';
  return {
    doc,
    contentHash: await sha256(`${text}\u0000${catalogText}`),
    catalogHash: ical ? await sha256(catalogText) : null,
  };
}
