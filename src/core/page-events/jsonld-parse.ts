// Reading the JSON-LD a page ships in <script type="application/ld+json">. The text is the
// page's, so it may be huge, broken, or built to hurt: parsing never throws, work is bounded,
// and nothing is evaluated. Publishers' common mistakes (HTML comment or CDATA wrappers,
// trailing commas, raw line breaks inside strings) are repaired before giving up.

import { isPlainObject, own, type JsonRecord } from '../guards.ts';

export const JSONLD_LIMITS = {
  /** Characters per script; a real event page's JSON-LD is a few kilobytes. */
  scriptChars: 500_000,
  scripts: 40,
  /** Objects visited across all scripts of a page. */
  nodes: 20_000,
  depth: 24,
  /** Event nodes read; a cinema's week is a few dozen films, each with its showtimes. */
  events: 200,
  /** Occurrences offered: each startDate of an event node is one. */
  occurrences: 1_000,
  /** startDate values read per event node. */
  startsPerEvent: 200,
} as const;

function unwrap(text: string): string {
  return text
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\/\*\s*<!\[CDATA\[\s*\*\//, '')
    .replace(/\/\*\s*\]\]>\s*\*\/$/, '')
    .replace(/^\/\/\s*<!\[CDATA\[/, '')
    .replace(/^<!\[CDATA\[/, '')
    .replace(/\/\/\s*\]\]>$/, '')
    .replace(/\]\]>$/, '')
    .trim();
}

/** What was mended in a script's JSON before it parsed: each mend reads one way only. */
export type JsonRepair = 'trailing-commas' | 'bad-escapes' | 'control-characters';

/** Why a script's JSON was left out. */
export type JsonSkipReason = 'unterminated-string' | 'invalid-json' | 'too-large' | 'empty';

const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * Raw control characters inside strings become spaces; a backslash before a character JSON does
 * not escape ("\'", "\-") is dropped, the character kept; commas before } or ] go. Says what it
 * mended, and whether the text ends inside a string (unterminated: nothing to mend there).
 */
function repair(text: string): { text: string; repairs: Set<JsonRepair>; unterminated: boolean } {
  let out = '';
  let inString = false;
  const repairs = new Set<JsonRepair>();
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') {
        const next = text[i + 1] ?? '';
        if (ESCAPES.has(next) || (next === 'u' && /^[0-9a-f]{4}$/i.test(text.slice(i + 2, i + 6)))) {
          out += c + next;
          i++;
        } else repairs.add('bad-escapes');
        continue;
      }
      if (c === '"') inString = false;
      if (c < ' ') repairs.add('control-characters');
      out += c < ' ' ? ' ' : c;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ',') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === '}' || text[j] === ']') {
        repairs.add('trailing-commas');
        continue;
      }
    }
    out += c;
  }
  return { text: out, repairs, unterminated: inString };
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Deep nesting (RangeError) and syntax errors alike: the caller tries a repair or skips.
    return undefined;
  }
}

export type ParsedScript = { ok: true; value: unknown; repairs: JsonRepair[] } | { ok: false; reason: JsonSkipReason };

/** One script's JSON, mended where a mend reads one way only and saying so, or why it is left out. */
export function parseJsonLdScript(raw: unknown): ParsedScript {
  if (typeof raw !== 'string' || raw.length > JSONLD_LIMITS.scriptChars) return { ok: false, reason: 'too-large' };
  const text = unwrap(raw);
  if (text.length === 0) return { ok: false, reason: 'empty' };
  const strict = tryParse(text);
  if (strict !== undefined) return { ok: true, value: strict, repairs: [] };
  const mended = repair(text);
  if (mended.unterminated) return { ok: false, reason: 'unterminated-string' };
  const value = mended.repairs.size > 0 ? tryParse(mended.text) : undefined;
  return value === undefined
    ? { ok: false, reason: 'invalid-json' }
    : { ok: true, value, repairs: [...mended.repairs] };
}

/** The JSON value of one script's text, or undefined when it is not (repairable) JSON. */
export function parseJsonLd(raw: unknown): unknown {
  const parsed = parseJsonLdScript(raw);
  return parsed.ok ? parsed.value : undefined;
}

/** The schema.org type names of a node, without vocabulary prefixes: "schema:Event" → "Event". */
export function typesOf(node: JsonRecord): string[] {
  const raw = own(node, '@type') ?? own(node, 'type');
  // additionalType names a further type by URL: microdata's only way to say "also an Event".
  const extra = own(node, 'additionalType');
  const list = [
    ...(Array.isArray(raw) ? raw.slice(0, 10) : [raw]),
    ...(Array.isArray(extra) ? extra.slice(0, 5) : [extra]),
  ];
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.trim().replace(/^.*[/#:]/, ''))
    .filter((t) => t.length > 0 && t.length < 80);
}

// Festival and EventSeries are Events too, but as containers of the parties they are not
// what the user adds; they are offered only when they list no sub-events.
const CONTAINERS = new Set(['Festival', 'EventSeries']);

export function isContainer(node: JsonRecord): boolean {
  return typesOf(node).some((t) => CONTAINERS.has(t));
}

// The Event subtypes whose names do not end in "Event", from schema.org's type hierarchy
// (release 30.0). The deprecated UserInteraction family (UserLikes, UserTweets…) is left out:
// those are counters of interactions, not something to attend.
const OTHER_EVENT_TYPES = new Set(['CourseInstance', 'Hackathon']);

function isEventType(types: readonly string[]): boolean {
  return types.some((t) => t.endsWith('Event') || CONTAINERS.has(t) || OTHER_EVENT_TYPES.has(t));
}

export interface FoundEvent {
  node: JsonRecord;
  /** The enclosing event when this one is one of its subEvents (for its location and dates). */
  parent: JsonRecord | null;
  /** The node holding this one and the property it is held by (an artist's `event`, an episode's `publication`). */
  holder: { node: JsonRecord; via: string } | null;
  /** Which of the roots it was found in (its script, or the microdata). */
  root?: number;
}

type Holder = FoundEvent['holder'];

/**
 * Every Event node in a parsed document: at top level, in arrays, in @graph, and nested in
 * other nodes (an Article's `about` or `mainEntity`, a Festival's `subEvent`). Iterative,
 * with ceilings on depth, nodes and events, so a hostile document costs bounded work.
 */
export function findEventNodes(
  roots: readonly unknown[],
  budget: { nodes: number; beyond?: number } = { nodes: JSONLD_LIMITS.nodes },
  maxRoots: number = JSONLD_LIMITS.scripts,
): FoundEvent[] {
  const found: FoundEvent[] = [];
  const seen = new Set<JsonRecord>();
  const stack: Array<{ value: unknown; depth: number; parent: JsonRecord | null; holder: Holder; root: number }> = roots
    .slice(0, maxRoots)
    .map((value, root) => ({ value, depth: 0, parent: null, holder: null, root }))
    .reverse();
  while (stack.length > 0 && found.length < JSONLD_LIMITS.events) {
    const { value, depth, parent, holder, root } = stack.pop()!;
    if (depth > JSONLD_LIMITS.depth || budget.nodes <= 0) continue;
    if (Array.isArray(value)) {
      budget.nodes--;
      for (let i = Math.min(value.length, 500) - 1; i >= 0; i--)
        stack.push({ value: value[i], depth: depth + 1, parent, holder, root });
      continue;
    }
    if (!isPlainObject(value) || seen.has(value)) continue;
    seen.add(value);
    budget.nodes--;
    const isEvent = isEventType(typesOf(value));
    const subEvents = own(value, 'subEvent') ?? own(value, 'subEvents');
    const hasSubEvents =
      subEvents !== undefined && subEvents !== null && (!Array.isArray(subEvents) || subEvents.length > 0);
    const container = CONTAINERS.has(typesOf(value)[0] ?? '') || typesOf(value).some((t) => CONTAINERS.has(t));
    if (isEvent && !(container && hasSubEvents)) found.push({ node: value, parent, holder, root });
    const childParent = isEvent ? value : parent;
    // Children in reverse so the document order is kept by the stack.
    const keys = Object.keys(value).slice(0, 200).reverse();
    for (const key of keys) {
      // A superEvent is the festival this event belongs to, not another event to offer.
      if (key === 'superEvent') continue;
      const child = value[key];
      if (typeof child === 'object' && child !== null)
        stack.push({ value: child, depth: depth + 1, parent: childParent, holder: { node: value, via: key }, root });
    }
  }
  // Past the ceiling the events left are counted, not read, so the popup can say how many it
  // does not show: those waiting in a list already reached, a bounded count.
  if (found.length >= JSONLD_LIMITS.events)
    budget.beyond = stack.filter(({ value }) => isPlainObject(value) && isEventType(typesOf(value))).length;
  return found;
}
