// schema.org's own event examples (../shared/schemaorg), split by format, with the events
// each one holds read independently of src/: what the example's markup says, so the reader is
// measured against the examples and not against itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { snapshotPage } from '../../../src/content/page-snapshot.ts';
import type { PageEventDraft } from '../../../src/core/page-events/index.ts';
import { sharedFolder } from '../../shared-folder.ts';

/** The folder of the examples, null when ../shared/schemaorg is absent (their tests skip). */
export const SCHEMAORG = sharedFolder('schemaorg');

// Event and every subtype, from schema.org's type hierarchy (release 30.0), with the two the
// pending extensions add (ConferenceEvent, PerformingArtsEvent: data/ext/pending/issue-4495.ttl, 4468.ttl).
export const SDO_EVENT_TYPES = new Set(
  (
    'BusinessEvent ChildrensEvent ComedyEvent ConferenceEvent CourseInstance CoverArtEvent DanceEvent DeliveryEvent ' +
    'EducationEvent Event EventSeries ExhibitionEvent Festival FoodEvent Hackathon LiteraryEvent MusicEvent ' +
    'PerformingArtsEvent PublicationEvent BroadcastEvent OnDemandEvent SaleEvent ScreeningEvent SocialEvent SportsEvent ' +
    'TheaterEvent UserBlocks UserCheckins UserComments UserDownloads UserInteraction UserLikes ' +
    'UserPageVisits UserPlays UserPlusOnes UserTweets VisualArtsEvent'
  ).split(' '),
);

export type Format = 'jsonld' | 'microdata' | 'rdfa';

export interface Example {
  id: string;
  source: string;
  sections: Record<Format, string>;
}

export interface ExpectedEvent {
  type: string;
  name: string | null;
  start: string | null;
}

export function loadExamples(): Example[] {
  if (!SCHEMAORG) return [];
  const text = readFileSync(join(SCHEMAORG, 'event-examples.txt'), 'utf8');
  return text
    .split(/^(?=SOURCE: )/m)
    .filter((b) => b.startsWith('SOURCE: '))
    .map((block) => {
      const source = /^SOURCE: (.*)$/m.exec(block)![1]!;
      const id = /^TYPES: (#\S+)/m.exec(block)?.[1] ?? source;
      const section = (name: string) => {
        const m = new RegExp(
          `^${name}:\\s*$([\\s\\S]*?)(?=^(?:PRE-MARKUP|MICRODATA|RDFA|JSON):\\s*$|(?![\\s\\S]))`,
          'm',
        ).exec(block);
        return m?.[1]?.trim() ?? '';
      };
      return {
        id,
        source,
        sections: { jsonld: section('JSON'), microdata: section('MICRODATA'), rdfa: section('RDFA') },
      };
    });
}

const BASE = 'https://examples.schema.example/page';

export function parseHtml(html: string): Document {
  const window = new Window({ url: BASE, settings: { disableJavaScriptEvaluation: true } });
  return new window.DOMParser().parseFromString(
    `<!doctype html><html><body>${html}</body></html>`,
    'text/html',
  ) as unknown as Document;
}

const short = (t: string) => t.trim().replace(/^.*[/#:]/, '');
const isEvent = (types: string[]) => types.some((t) => SDO_EVENT_TYPES.has(short(t)));

function fromJson(value: unknown, out: ExpectedEvent[], ids: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) fromJson(v, out, ids);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as Record<string, unknown>;
  const rawTypes = node['@type'] ?? node['type'];
  const types = (Array.isArray(rawTypes) ? rawTypes : [rawTypes]).filter((t): t is string => typeof t === 'string');
  const id = typeof node['@id'] === 'string' ? node['@id'] : null;
  if (isEvent(types) && !(id && ids.has(id))) {
    if (id) ids.add(id);
    const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const name = one(node['name']);
    const start = one(node['startDate']);
    out.push({
      type: short(types.find((t) => SDO_EVENT_TYPES.has(short(t)))!),
      name: typeof name === 'string' ? name.trim() : null,
      start: typeof start === 'string' ? start.trim() : null,
    });
  }
  for (const v of Object.values(node)) fromJson(v, out, ids);
}

/** The script texts of a JSON section (some examples give the bare JSON). */
export function jsonTexts(section: string): string[] {
  const scripts = [...section.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
  return scripts.length > 0 ? scripts : section ? [section] : [];
}

function owner(element: Element, scopeAttr: string): Element | null {
  return element.parentElement?.closest(`[${scopeAttr}]`) ?? null;
}

function domValue(element: Element): string {
  return (
    element.getAttribute('content') ??
    element.getAttribute('datetime') ??
    (element.localName === 'a' || element.localName === 'link' ? element.getAttribute('href') : null) ??
    element.textContent ??
    ''
  ).trim();
}

function fromDom(doc: Document, scopeAttr: 'itemscope' | 'typeof', propAttr: 'itemprop' | 'property'): ExpectedEvent[] {
  const out: ExpectedEvent[] = [];
  for (const scope of Array.from(doc.querySelectorAll(`[${scopeAttr}]`))) {
    const props = Array.from(scope.querySelectorAll(`[${propAttr}]`)).filter((p) => owner(p, scopeAttr) === scope);
    const prop = (name: string) =>
      props.find((p) => (p.getAttribute(propAttr) ?? '').split(/\s+/).some((n) => short(n) === name));
    const types = (
      scopeAttr === 'itemscope' ? (scope.getAttribute('itemtype') ?? '') : (scope.getAttribute('typeof') ?? '')
    )
      .split(/\s+/)
      .filter(Boolean);
    const additional = prop('additionalType');
    if (additional) types.push(domValue(additional));
    if (!isEvent(types)) continue;
    const name = prop('name');
    const start = prop('startDate');
    out.push({
      type: short(types.find((t) => SDO_EVENT_TYPES.has(short(t)))!),
      name: name ? (name.getAttribute('content') ?? name.textContent ?? '').trim() : null,
      start: start ? domValue(start) : null,
    });
  }
  return out;
}

export function expectedEvents(example: Example, format: Format): ExpectedEvent[] {
  const section = example.sections[format];
  if (!section) return [];
  if (format === 'jsonld') {
    const out: ExpectedEvent[] = [];
    const ids = new Set<string>();
    for (const text of jsonTexts(section)) {
      try {
        fromJson(JSON.parse(text), out, ids);
      } catch {
        // An example whose JSON does not parse holds no events we can name.
      }
    }
    return out;
  }
  const doc = parseHtml(section);
  return format === 'microdata' ? fromDom(doc, 'itemscope', 'itemprop') : fromDom(doc, 'typeof', 'property');
}

/** The snapshot the popup would take of a page holding just this section. */
export function snapshotOf(example: Example, format: Format) {
  const snapshot = snapshotPage(parseHtml(example.sections[format]), BASE);
  // Each format is measured alone: the JSON section is read as JSON-LD only, and so on. A few
  // examples give the bare JSON, which a page would carry in a script.
  if (format === 'jsonld') return { ...snapshot, jsonLd: jsonTexts(example.sections.jsonld), microdata: [], rdfa: [] };
  return { ...snapshot, jsonLd: [] };
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Whether a draft's start is the moment the example wrote (to the minute). */
export function sameStart(expected: string, actual: string | null): boolean {
  if (!actual) return false;
  if (OFFSET.test(expected)) {
    const e = Date.parse(expected.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isFinite(e) && OFFSET.test(actual) && Date.parse(actual) === e;
  }
  const pad = (s: string) => (s.length === 16 ? `${s}:00` : s).replace(' ', 'T');
  return pad(expected) === actual;
}

export interface Tally {
  events: number;
  found: number;
  withStart: number;
  startRight: number;
  extra: number;
}

/** Pairs each expected event with a draft: by start first, then by name, then in order. */
export function tally(expected: ExpectedEvent[], drafts: PageEventDraft[]): Tally {
  const left = [...drafts];
  const take = (pred: (d: PageEventDraft) => boolean) => {
    const i = left.findIndex(pred);
    return i < 0 ? null : left.splice(i, 1)[0]!;
  };
  const pairs: Array<[ExpectedEvent, PageEventDraft | null]> = expected.map((e) => [
    e,
    e.start ? take((d) => sameStart(e.start!, d.start)) : null,
  ]);
  for (const pair of pairs) if (!pair[1] && pair[0].name) pair[1] = take((d) => d.title === pair[0].name);
  for (const pair of pairs) if (!pair[1]) pair[1] = take(() => true);
  const found = pairs.filter(([, d]) => d);
  const withStart = found.filter(([e]) => e.start && /^\d{4}-\d{2}-\d{2}/.test(e.start));
  return {
    events: expected.length,
    found: found.length,
    withStart: withStart.length,
    startRight: withStart.filter(([e, d]) => sameStart(e.start!, d!.start)).length,
    extra: left.length,
  };
}
