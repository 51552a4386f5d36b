// The events a page describes (schema.org JSON-LD, microdata, RDFa Lite), read by the worker
// with its matcher: the popup sends the snapshot the page gave it and gets drafts back. The
// snapshot came from a renderer a hostile page may control, so its size is bounded here, by the
// limits the reader itself keeps (core/page-events), and the sender fits it to them first.
import { isPlainObject, own } from '../core/guards.ts';
import {
  JSONLD_LIMITS,
  MICRODATA_LIMITS,
  PAGE_TEXT_LIMITS,
  type MicrodataItem,
  type PageEventDraft,
  type PageSnapshot,
  type SkippedScript,
} from '../core/page-events/index.ts';
import type { SpecsFor } from './spec.ts';

export interface PageEventPreview {
  /** Each event, with the titles of the films it is tied to and its festival's zone. */
  events: { draft: PageEventDraft; filmTitles: string[]; timeZone: string | null }[];
  /** Events and showtimes the page gives past the reader's ceilings, counted and not listed. */
  beyond: number;
  /** JSON-LD scripts left out, and why (an unterminated string). */
  skippedScripts: SkippedScript[];
}

export interface PageEventMessages {
  /** The events a page's snapshot describes, tied to films by the worker's matcher; writes nothing. */
  previewPageEvents: { params: { snapshot: PageSnapshot }; result: PageEventPreview };
}

export const SNAPSHOT_LIMITS = {
  url: 100_000,
  title: 10_000,
  /** A type or property name: a word of an attribute (itemtype, itemprop, typeof, property). */
  name: 500,
  /** All of JSON-LD's scripts together, as the content script collects them. */
  jsonLdChars: JSONLD_LIMITS.scriptChars * 2,
  /** All microdata and RDFa text values together. */
  itemChars: 4_000_000,
} as const;

/** A snapshot past its limits: refused on receipt, fitted (as the reader would cut it) by the sender. */
class OverLimit extends Error {}

interface Walk {
  strict: boolean;
  /** Text values read so far, across microdata and RDFa. */
  chars: number;
}

/** In a strict walk a problem refuses the snapshot; otherwise what the reader would ignore is dropped. */
function drop(walk: Walk, reason: string): null {
  if (walk.strict) throw new OverLimit(reason);
  return null;
}

function capped<T>(walk: Walk, list: readonly T[], max: number, what: string): readonly T[] {
  if (list.length <= max) return list;
  drop(walk, `at most ${max} ${what}`);
  return list.slice(0, max);
}

function text(walk: Walk, value: string): string | null {
  const max = MICRODATA_LIMITS.chars;
  const kept =
    value.length <= max ? value : (drop(walk, `text values of at most ${max} characters`) ?? value.slice(0, max));
  if (walk.chars + kept.length > SNAPSHOT_LIMITS.itemChars)
    return drop(walk, `at most ${SNAPSHOT_LIMITS.itemChars} characters of microdata and RDFa`);
  walk.chars += kept.length;
  return kept;
}

const isName = (value: unknown): value is string => typeof value === 'string' && value.length <= SNAPSHOT_LIMITS.name;

// In the reader's order (microdata-events.ts): its depth and item budget, the first props and
// values, so a fitted snapshot reads exactly as the one it came from.
function item(walk: Walk, budget: { items: number }, raw: unknown, depth: number): MicrodataItem | null {
  if (!isPlainObject(raw)) return drop(walk, 'every item must be {types, props}');
  if (depth > MICRODATA_LIMITS.depth) return drop(walk, `items nested at most ${MICRODATA_LIMITS.depth} deep`);
  if (budget.items <= 0) return drop(walk, `at most ${MICRODATA_LIMITS.items} items`);
  budget.items--;
  const givenTypes = own(raw, 'types');
  const givenProps = own(raw, 'props');
  // The reader keeps such an item with no types or no properties.
  if (!Array.isArray(givenTypes) || !isPlainObject(givenProps)) drop(walk, 'every item must be {types, props}');
  const rawTypes: unknown[] = Array.isArray(givenTypes) ? givenTypes : [];
  const rawProps = isPlainObject(givenProps) ? givenProps : {};
  // The reader takes the first five strings.
  const strings = rawTypes.filter(
    (type): type is string => typeof type === 'string' || drop(walk, 'types must be strings') !== null,
  );
  const types: string[] = [];
  for (const type of capped(walk, strings, 5, 'types an item')) {
    if (isName(type)) types.push(type);
    else drop(walk, `types must be names of at most ${SNAPSHOT_LIMITS.name} characters`);
  }
  const entries: Array<[string, Array<string | MicrodataItem>]> = [];
  for (const name of capped(walk, Object.keys(rawProps), MICRODATA_LIMITS.props, 'properties an item')) {
    const values = own(rawProps, name);
    if (!isName(name) || !Array.isArray(values)) {
      drop(walk, `every property must be a name of at most ${SNAPSHOT_LIMITS.name} characters with a list of values`);
      continue;
    }
    const kept: Array<string | MicrodataItem> = [];
    for (const value of capped(walk, values as unknown[], MICRODATA_LIMITS.values, 'values a property')) {
      const read = typeof value === 'string' ? text(walk, value) : item(walk, budget, value, depth + 1);
      if (read !== null) kept.push(read);
    }
    entries.push([name, kept]);
  }
  // Page-chosen names: fromEntries defines own properties, so `__proto__` stays data.
  return { types, props: Object.fromEntries(entries) };
}

function items(walk: Walk, raw: unknown, what: string): MicrodataItem[] {
  if (!Array.isArray(raw)) return drop(walk, `${what} must be a list`) ?? [];
  // Each list has the reader's budget of its own, as microdataToJsonLd gives it.
  const budget = { items: MICRODATA_LIMITS.items };
  const out: MicrodataItem[] = [];
  for (const value of capped(walk, raw as unknown[], MICRODATA_LIMITS.items, `${what} items`)) {
    const read = item(walk, budget, value, 0);
    if (read) out.push(read);
  }
  return out;
}

function jsonLd(walk: Walk, raw: unknown): string[] {
  if (!Array.isArray(raw)) return drop(walk, 'jsonLd must be a list of strings') ?? [];
  const out: string[] = [];
  let chars = 0;
  for (const script of capped(walk, raw as unknown[], JSONLD_LIMITS.scripts, 'JSON-LD scripts')) {
    if (typeof script !== 'string' || script.length > JSONLD_LIMITS.scriptChars) {
      drop(walk, `every JSON-LD script must be a string of at most ${JSONLD_LIMITS.scriptChars} characters`);
      continue;
    }
    if (chars + script.length > SNAPSHOT_LIMITS.jsonLdChars) {
      drop(walk, `at most ${SNAPSHOT_LIMITS.jsonLdChars} characters of JSON-LD`);
      continue;
    }
    chars += script.length;
    out.push(script);
  }
  return out;
}

function texts(walk: Walk, raw: unknown): string[] {
  if (!Array.isArray(raw)) return drop(walk, 'texts must be a list of strings') ?? [];
  const out: string[] = [];
  for (const value of capped(walk, raw as unknown[], PAGE_TEXT_LIMITS.blocks, 'texts')) {
    if (typeof value !== 'string') {
      drop(walk, 'texts must be strings');
      continue;
    }
    out.push(
      value.length <= PAGE_TEXT_LIMITS.blockChars
        ? value
        : (drop(walk, `texts of at most ${PAGE_TEXT_LIMITS.blockChars} characters`) ??
            value.slice(0, PAGE_TEXT_LIMITS.blockChars)),
    );
  }
  return out;
}

function walkSnapshot(raw: unknown, strict: boolean): PageSnapshot {
  if (!isPlainObject(raw) || typeof raw.url !== 'string' || typeof raw.title !== 'string')
    throw new OverLimit('the snapshot must be {url, title, jsonLd, microdata, rdfa?}');
  const walk: Walk = { strict, chars: 0 };
  const url =
    raw.url.length <= SNAPSHOT_LIMITS.url
      ? raw.url
      : (drop(walk, `a url of at most ${SNAPSHOT_LIMITS.url} characters`) ?? '');
  const title =
    raw.title.length <= SNAPSHOT_LIMITS.title
      ? raw.title
      : (drop(walk, `a title of at most ${SNAPSHOT_LIMITS.title} characters`) ??
        raw.title.slice(0, SNAPSHOT_LIMITS.title));
  const snapshot: PageSnapshot = {
    url,
    title,
    jsonLd: jsonLd(walk, raw.jsonLd),
    microdata: items(walk, raw.microdata, 'microdata'),
  };
  if (raw.rdfa !== undefined) snapshot.rdfa = items(walk, raw.rdfa, 'rdfa');
  if (raw.texts !== undefined) snapshot.texts = texts(walk, raw.texts);
  if (raw.zone !== undefined) {
    if (raw.zone === null || (typeof raw.zone === 'string' && raw.zone.length <= 64)) snapshot.zone = raw.zone;
    else drop(walk, 'zone must be null or a zone name of at most 64 characters');
  }
  return snapshot;
}

/** The snapshot as received, or why it is refused. */
export function checkPageSnapshot(raw: unknown): PageSnapshot | string {
  try {
    return walkSnapshot(raw, true);
  } catch (error) {
    if (error instanceof OverLimit) return error.message;
    throw error;
  }
}

/**
 * What a page's renderer handed the popup, cut to the limits the way the reader cuts it (its
 * first scripts, items, properties and values), so a real page's snapshot is never refused;
 * null when it is not a snapshot at all.
 */
export function fitPageSnapshot(raw: unknown): PageSnapshot | null {
  try {
    return walkSnapshot(raw, false);
  } catch (error) {
    if (error instanceof OverLimit) return null;
    throw error;
  }
}

export const pageEventSpecs: SpecsFor<PageEventMessages> = {
  // Extension pages only: it answers from the whole catalog, and no content script needs it.
  previewPageEvents: {
    privileged: true,
    validate(params) {
      if (!isPlainObject(params)) return 'previewPageEvents needs {snapshot}';
      const snapshot = checkPageSnapshot(params.snapshot);
      return typeof snapshot === 'string' ? `previewPageEvents: ${snapshot}` : { snapshot };
    },
  },
};
