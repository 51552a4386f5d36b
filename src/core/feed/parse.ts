// Feed format v1 (docs/feed-format.md, schema/feed-v1.schema.json): turns a JSON document into
// a Feed. A document that is not a feed is refused whole with one plain-English reason; inside
// a feed, a bad festival, film or event is skipped or repaired and reported, never fatal.
// Hand-written rather than generated from the schema because the extension's CSP forbids the
// eval that schema compilers rely on, and because repairs need better messages than a schema.

import type { Feed } from '../model';
import { checkDateOrDateTime } from './dates';
import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import { ProblemList, capLength, cleanText, describe, quote } from './fields';
import type { FeedProblem } from './fields';
import { LIMITS, readEvent, readFestival, readFilm } from './items';
import type { KnownIds } from './items';
import { errorText } from '../error-text.ts';

export type { FeedProblem } from './fields';
export { LIMITS as FEED_LIMITS } from './items';

export type ParseResult = { ok: true; feed: Feed; problems: FeedProblem[] } | { ok: false; error: string };

/** Larger than any real listing; keeps a hostile download from being parsed at all. */
const MAX_FEED_CHARS = 64 * 1024 * 1024;

/** Parses a feed v1 document given as JSON text or as an already-parsed value. Never throws. */
export function parseFeed(input: unknown): ParseResult {
  try {
    if (typeof input !== 'string') return readDocument(input);
    const decoded = decode(input);
    return 'error' in decoded ? refuse(decoded.error) : readDocument(decoded.value);
  } catch (err) {
    // JSON text cannot get here; only objects handed in by code can (throwing getters, proxies).
    return refuse(`This feed could not be read (${errorText(err)})`);
  }
}

function refuse(error: string): ParseResult {
  return { ok: false, error };
}

function decode(text: string): { value: unknown } | { error: string } {
  if (text.length > MAX_FEED_CHARS) {
    const megabytes = Math.round(text.length / (1024 * 1024));
    return { error: `This document is too large to be a feed (${megabytes} MB; the limit is 64 MB)` };
  }
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!body) return { error: 'This document is empty; a feed is a JSON object' };
  try {
    return { value: JSON.parse(body) };
  } catch (err) {
    return { error: whyNotJson(body, errorText(err)) };
  }
}

// Called only once JSON.parse has failed, to say what the document looks like instead.
function whyNotJson(body: string, parserMessage: string): string {
  const head = body.slice(0, 2000);
  if (/^<(?:!doctype\s+html|html|head|body)\b/i.test(head) || /<html[\s>]/i.test(head)) {
    return 'This is not JSON (it looks like an HTML page)';
  }
  if (/^<(?:\?xml|rss|feed|rdf)\b/i.test(head)) {
    return 'This is not JSON (it looks like XML, perhaps an RSS or Atom feed)';
  }
  if (head.startsWith('<')) return 'This is not JSON (it looks like HTML or XML markup)';
  if (/^BEGIN:VCALENDAR/i.test(head)) {
    return 'This is not JSON (it looks like an iCalendar file; read it as iCalendar instead)';
  }
  if (!/^[[{"\-\d]/.test(head) && !/^(?:true|false|null)\b/.test(head)) {
    return 'This is not JSON (it looks like plain text)';
  }
  const detail = parserMessage.length > 200 ? `${parserMessage.slice(0, 197)}...` : parserMessage;
  const position = /at position (\d+)/.exec(parserMessage);
  if (/end of (?:JSON )?input/i.test(parserMessage) || (position && Number(position[1]) >= body.length)) {
    return `This JSON ends too early; the file may be cut off (${detail})`;
  }
  return `This is not valid JSON (${detail})`;
}

function notAFeed(value: unknown): string {
  if (value === undefined) return 'There is no document to read';
  if (value === null) return 'This is JSON null, not a feed; a feed is an object with "afterparty": 1';
  if (Array.isArray(value)) return 'This is a JSON list, not a feed; a feed is an object with "afterparty": 1';
  const type = describe(value);
  if (type === 'not a JSON value') return 'This is not a JSON value, so not a feed';
  return `This is ${type} in JSON, not a feed; a feed is an object with "afterparty": 1`;
}

function checkVersion(doc: JsonRecord): string | null {
  const version = own(doc, 'afterparty');
  if (version === undefined) return 'This JSON is not an Afterparty feed: it has no "afterparty": 1 field';
  if (typeof version !== 'number') {
    return `The "afterparty" field must be the number 1, but it is ${describe(version)}`;
  }
  if (version !== 1) return `This feed uses unsupported feed version ${version}; this Afterparty reads version 1`;
  return null;
}

function readTitle(doc: JsonRecord, problems: ProblemList): { title: string } | { error: string } {
  const raw = own(doc, 'title');
  if (raw === undefined || raw === null) return { error: 'This feed has no title; "title" is required' };
  if (typeof raw !== 'string') return { error: `The feed's title must be text, but it is ${describe(raw)}` };
  const capped = capLength(cleanText(raw, false), LIMITS.title);
  if (!capped.text) return { error: "The feed's title is empty" };
  if (capped.cut) problems.add('title', `title is longer than ${LIMITS.title} characters; it was cut`);
  return { title: capped.text };
}

function readUpdated(doc: JsonRecord, problems: ProblemList): string | null {
  const raw = own(doc, 'updated');
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') {
    problems.add('updated', `updated must be a date-time text, but it is ${describe(raw)}; it was left out`);
    return null;
  }
  const checked = checkDateOrDateTime(raw.trim());
  if (checked.ok) return checked.value;
  problems.add('updated', `updated ${quote(raw)} ${checked.reason}; it was left out`);
  return null;
}

const SECTIONS = ['festivals', 'films', 'events'] as const;
type Section = (typeof SECTIONS)[number];

function readDocument(value: unknown): ParseResult {
  if (!isPlainObject(value)) return refuse(notAFeed(value));
  const versionError = checkVersion(value);
  if (versionError) return refuse(versionError);
  const problems = new ProblemList();
  const title = readTitle(value, problems);
  if ('error' in title) return refuse(title.error);

  // Every section is checked before any is read, so a refusal costs no work.
  const lists = {} as Record<Section, unknown[]>;
  for (const key of SECTIONS) {
    const raw = own(value, key);
    if (raw !== undefined && !Array.isArray(raw)) {
      return refuse(`The feed's "${key}" must be a list, but it is ${describe(raw)}`);
    }
    lists[key] = raw ?? [];
  }

  const festivals = readSection(lists.festivals, 'festivals', 'festival', LIMITS.festivals, problems, readFestival);
  const films = readSection(lists.films, 'films', 'film', LIMITS.films, problems, readFilm);
  const known: KnownIds = {
    festivals: new Set(festivals.map((f) => f.id)),
    films: new Set(films.map((f) => f.id)),
  };
  const events = readSection(lists.events, 'events', 'event', LIMITS.events, problems, (raw, at, report) =>
    readEvent(raw, at, known, report),
  );
  const feed: Feed = { title: title.title, updated: readUpdated(value, problems), festivals, films, events };
  return { ok: true, feed, problems: problems.finish() };
}

function readSection<T extends { id: string }>(
  items: unknown[],
  key: Section,
  noun: string,
  max: number,
  problems: ProblemList,
  read: (raw: unknown, at: string, report: (path: string, message: string) => void) => T | null,
): T[] {
  const report = (path: string, message: string) => problems.add(path, message);
  const out: T[] = [];
  const firstIndex = new Map<string, number>();
  const count = Math.min(items.length, max);
  for (let i = 0; i < count; i++) {
    const at = `${key}[${i}]`;
    const item = read(items[i], at, report);
    if (!item) continue;
    const first = firstIndex.get(item.id);
    if (first !== undefined) {
      problems.add(`${at}.id`, `id ${quote(item.id)} is already used by ${key}[${first}]; this ${noun} was skipped`);
      continue;
    }
    firstIndex.set(item.id, i);
    out.push(item);
  }
  if (items.length > max) {
    problems.add(key, `the feed has ${items.length} ${key}; only the first ${max} were read`);
  }
  return out;
}
