// Reading single fields out of untrusted feed JSON. Every reader reports what it had to change
// or refuse, so a publisher can fix the feed, and none of them throws or trusts a prototype.

import { own, type JsonRecord } from '../guards.ts';
import { checkDateOrDateTime } from './dates';

export interface FeedProblem {
  path: string;
  message: string;
}

/** Collects problems, with a ceiling so a feed of 100,000 broken events stays cheap. */
export class ProblemList {
  readonly list: FeedProblem[] = [];
  private unlisted = 0;

  constructor(private readonly max = 1000) {}

  add(path: string, message: string): void {
    if (this.list.length < this.max) this.list.push({ path, message });
    else this.unlisted++;
  }

  finish(): FeedProblem[] {
    if (this.unlisted > 0) {
      this.list.push({ path: '', message: `${this.unlisted} more problems were found but are not listed` });
      this.unlisted = 0;
    }
    return this.list;
  }
}

export type Report = (path: string, message: string) => void;
/** The JSON type of a value, for messages: "a number", "a list". */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true/false';
    case 'object':
      return 'an object';
    default:
      return 'not a JSON value';
  }
}

/** A value quoted for a message, short enough that a hostile value cannot flood the report. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

// C0 controls except tab and newline, DEL and C1 controls: invisible, and some terminals and
// renderers act on them.
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
// Bidirectional embeddings, overrides, isolates and marks (UAX #9): a feed could use them to make
// "Invitation only" or a venue read backwards or swap what the card shows side by side
// (CVE-2021-42574, "Trojan Source"). Real right-to-left text needs none of them: the Unicode
// bidi algorithm orders it, and the card isolates every field (unicode-bidi: isolate).
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// Lone surrogates are not valid Unicode text; they would surface as garbage or break encoders.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Trims, strips control and bidirectional-control characters and, for single-line fields,
 * folds every run of whitespace into one space, because titles and names are matched and laid
 * out on one line.
 */
export function cleanText(raw: string, multiline: boolean): string {
  let text = raw
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(BIDI_CONTROL, '')
    .replace(LONE_SURROGATE, '\uFFFD');
  text = multiline ? text.replace(/[^\S\n]+\n/g, '\n') : text.replace(/\s+/g, ' ');
  return text.trim();
}

/** Cuts to `max` code points (the unit JSON Schema's maxLength counts), never mid-pair. */
export function capLength(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const points = Array.from(text);
  if (points.length <= max) return { text, cut: false };
  return { text: points.slice(0, max).join('').trimEnd(), cut: true };
}

/** Keeps a URL only when it is http(s); returns it normalised by the URL parser. */
export function checkUrl(raw: string): { ok: true; url: string } | { ok: false; reason: string } {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { ok: false, reason: `${quote(raw)} is not a valid absolute URL` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return { ok: false, reason: `only http and https links are kept, not ${quote(parsed.protocol)}` };
  }
  return { ok: true, url: parsed.href };
}

export const URL_MAX = 2000;

/**
 * The fields of one festival, film or event. Required readers return null when the item must
 * be skipped (the reason is already reported); optional readers repair and report instead.
 */
export class ItemReader {
  constructor(
    readonly raw: JsonRecord,
    readonly at: string,
    private readonly noun: string,
    private readonly report: Report,
  ) {}

  get(key: string): unknown {
    return own(this.raw, key);
  }

  problem(key: string, message: string): void {
    this.report(key ? `${this.at}.${key}` : this.at, message);
  }

  /** Reports a problem that costs the whole item; returns null for `return reader.skip(...)`. */
  skip(key: string, message: string): null {
    this.problem(key, `${message}; this ${this.noun} was skipped`);
    return null;
  }

  requiredText(key: string, max: number): string | null {
    const value = this.get(key);
    if (value === undefined || value === null) return this.skip(key, `${key} is missing`);
    if (typeof value !== 'string') return this.skip(key, `${key} must be text, but it is ${describe(value)}`);
    const text = cleanText(value, false);
    if (!text) return this.skip(key, `${key} is empty`);
    return this.capped(key, text, max);
  }

  optionalText(key: string, max: number, multiline = false): string | null {
    const value = this.get(key);
    if (value === undefined || value === null) return null;
    return this.textValue(key, value, max, multiline);
  }

  /** Text found at `key` (or nested under it, e.g. "venue.name"), repaired or dropped. */
  textValue(key: string, value: unknown, max: number, multiline = false): string | null {
    if (typeof value !== 'string') {
      this.problem(key, `${key} must be text, but it is ${describe(value)}; it was left out`);
      return null;
    }
    const text = cleanText(value, multiline);
    return text ? this.capped(key, text, max) : null;
  }

  /** A list of short texts (aliases, directors): bad entries and duplicates are dropped. */
  textList(key: string, maxItems: number, maxLength: number): string[] {
    const value = this.get(key);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.problem(key, `${key} must be a list of texts, but it is ${describe(value)}; it was left out`);
      return [];
    }
    const out = new Set<string>();
    const count = Math.min(value.length, maxItems);
    for (let i = 0; i < count; i++) {
      const entry = this.textValue(`${key}[${i}]`, value[i], maxLength);
      if (entry !== null) out.add(entry);
    }
    if (value.length > maxItems) {
      this.problem(key, `${key} has ${value.length} entries; only the first ${maxItems} were read`);
    }
    return [...out];
  }

  url(key: string): string | null {
    return this.urlValue(key, this.get(key));
  }

  /** A link found at `key` (or nested under it, e.g. "source.url"): http(s) or nothing. */
  urlValue(key: string, value: unknown): string | null {
    if (value === undefined || value === null) return null;
    const text = this.textValue(key, value, Number.POSITIVE_INFINITY);
    if (text === null) return null;
    // Dropped rather than cut: a cut link would lead somewhere else.
    if (text.length > URL_MAX) {
      this.problem(key, `${key} is longer than ${URL_MAX} characters; it was left out`);
      return null;
    }
    const checked = checkUrl(text);
    if (checked.ok) return checked.url;
    this.problem(key, `${key}: ${checked.reason}; it was left out`);
    return null;
  }

  /** One of a fixed set of words; case is forgiven, anything else becomes `fallback`. */
  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const value = this.get(key);
    if (value === undefined || value === null) return fallback;
    const listing = allowed.join(', ');
    if (typeof value !== 'string') {
      this.problem(key, `${key} must be one of ${listing}, but it is ${describe(value)}; read as "${fallback}"`);
      return fallback;
    }
    const word = value.trim().toLowerCase();
    const found = allowed.find((a) => a === word);
    if (found === undefined) {
      this.problem(key, `${key} ${quote(value)} is not one of ${listing}; read as "${fallback}"`);
      return fallback;
    }
    if (found !== value) this.problem(key, `${key} ${quote(value)} should be written "${found}"; read as "${found}"`);
    return found;
  }

  boolean(key: string, fallback: boolean): boolean {
    const value = this.get(key);
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'boolean') return value;
    this.problem(key, `${key} must be true or false, but it is ${describe(value)}; read as ${fallback}`);
    return fallback;
  }

  /**
   * An event time: a date, a date-time with offset, or absent. `undefined` means the item is
   * skipped: a time we cannot read would be shown wrong, which is worse than not shown.
   */
  moment(key: string): string | null | undefined {
    const value = this.get(key);
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      this.skip(key, `${key} must be a date or date-time text, but it is ${describe(value)}`);
      return undefined;
    }
    const checked = checkDateOrDateTime(value.trim());
    if (!checked.ok) {
      this.skip(key, `${key} ${quote(value)} ${checked.reason}`);
      return undefined;
    }
    return checked.value;
  }

  private capped(key: string, text: string, max: number): string {
    const capped = capLength(text, max);
    if (capped.cut) this.problem(key, `${key} is longer than ${max} characters; it was cut to ${max}`);
    return capped.text;
  }
}
