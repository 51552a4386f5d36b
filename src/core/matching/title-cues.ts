// Where a page's layout and wording, rather than its letter case, say that a capitalised
// everyday word is a title: "Haneke's Amour", "Amour (Michael Haneke, 2012)", "Palme d'Or:
// Amour", "3. Moonlight", a programme line "18:00 — Amour — Cinema 1" or a table cell holding
// the title alone.

import { asciiTable, charIs } from './ascii-table.ts';
import { caseAt, upper } from './letter-case.ts';
import type { MarkIndex } from './mark-index.ts';
import { endAt, startAt, type TokenView } from './token-view.ts';
import { isClass, WORD_CLASS } from './word-classes.ts';

const SPACE = /[\s\u00a0]/u;
const APOSTROPHE = /^['’ʼ]$/u;
const SPACE_OR_QUOTE = /[\s\u00a0"'“‘„«‹]/u;
// What ends or opens a phrase in a list, a programme line or a caption.
const SEPARATOR = /[;·|•\t]|\p{S}/u;
const DASH = /\p{Pd}/u;
const PHRASE_END = /[,;.!?:)\]·|•"'”’»›]|\p{S}/u;
const YEAR = /^(?:1[89]|20)\d\d$/u;
// A person's name as credited: capitalised words ("Lee Chang-dong", "Justine Triet").
const NAME = /^\p{Lu}[\p{L}'’.-]*(?:[\s\u00a0]+\p{Lu}[\p{L}'’.-]*){0,3}$/u;
const LIST_NUMBER = /^\d{1,3}$/u;
export const CLOCK = /(?:^|[^\d:.])\d{1,2}[:.h]\d\d(?:\s?[ap]\.?m\.?)?$/iu;
const MAX_BRACKET = 80;

// Char-code tests for the common ASCII case; other characters go to the expressions above.
const isAsciiAlnum = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);

const ASCII_SPACE = asciiTable(SPACE);
const ASCII_SPACE_OR_QUOTE = asciiTable(SPACE_OR_QUOTE);
const ASCII_SEPARATOR = asciiTable(SEPARATOR);
const ASCII_DASH = asciiTable(DASH);
const ASCII_PHRASE_END = asciiTable(PHRASE_END);
const separatorAt = (text: string, i: number): boolean => charIs(ASCII_SEPARATOR, SEPARATOR, text, i);
const dashAt = (text: string, i: number): boolean => charIs(ASCII_DASH, DASH, text, i);
const phraseEndAt = (text: string, i: number): boolean => charIs(ASCII_PHRASE_END, PHRASE_END, text, i);

/**
 * Does CLOCK match the text ending at `j`? It can only if that ends in a digit, an "m" or "m."
 * ("9:30 a.m."), so the expression runs only then.
 */
export function clockAt(text: string, j: number): boolean {
  const c = text.charCodeAt(j);
  const end =
    (c >= 0x30 && c <= 0x39) ||
    c === 0x6d ||
    c === 0x4d ||
    (c === 0x2e && (text.charCodeAt(j - 1) | 0x20) === 0x6d) ||
    c >= 0x80;
  return end && CLOCK.test(text.slice(Math.max(0, j - 9), j + 1));
}

/** Is `text[i]` a space (SPACE)? False past either end. */
const spaceAt = (text: string, i: number): boolean => i >= 0 && i < text.length && charIs(ASCII_SPACE, SPACE, text, i);

/** Is `text[from, to)` one hyphen (HYPHEN)? */
function hyphenBetween(text: string, from: number, to: number): boolean {
  if (to - from !== 1) return false;
  const c = text.charCodeAt(from);
  return c === 0x2d || c === 0x2010 || c === 0x2011;
}

/** Is `text[from, to)` one or more spaces only? */
function spacesBetween(text: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (!spaceAt(text, i)) return false;
  return true;
}

/**
 * What opens a phrase: the block's start, a colon or a list's separator, dash or bracket, or a
 * comma, which opens only a list's item ("Best Actor: Mads Mikkelsen, The Hunt", "Crash, Home,
 * Hunger"), not a clause.
 */
type Opener = 'block' | 'list' | 'comma' | null;

// "A Quiet Place Part III": a sequel's number after the title.
const SEQUEL = /^[\s\u00a0]+(?:part|chapter|vol\.?|volume)[\s\u00a0]+(?:[ivx]+|\d+|two|three|four)\b/iu;

/**
 * Is the title capitalised (short words aside), and set off by a possessive, credits, a list
 * number or a phrase of its own?
 */
export function cued(
  text: string,
  view: TokenView,
  marks: MarkIndex | null,
  minor: ReadonlySet<string>,
  first: number,
  end: number,
): boolean {
  if (!upper(text, view, first)) return false;
  // "Drive-in screenings": a word hyphenated to its neighbour is part of a compound.
  if (end < view.count && hyphenBetween(text, endAt(view, end - 1), startAt(view, end))) return false;
  if (first > 0 && hyphenBetween(text, endAt(view, first - 1), startAt(view, first))) return false;
  for (let k = first + 1; k < end; k++) {
    if (caseAt(text, view, k) === 'lower' && !isClass(view, minor, k, WORD_CLASS.minor)) return false;
  }
  return (
    filmWord(view, minor, first) ||
    filmVerb(text, view, minor, end) ||
    filmAfter(text, view, minor, end) ||
    (end < view.count &&
      isClass(view, minor, end, WORD_CLASS.sequel) &&
      SEQUEL.test(text.slice(endAt(view, end - 1), endAt(view, end - 1) + 20))) ||
    possessive(text, view, first) ||
    credited(text, endAt(view, end - 1), startAt(view, first)) ||
    numbered(text, view, first) ||
    alone(text, view, marks, first, end)
  );
}

/**
 * A number or a letter ("1917", "M") named as a film: "the film 1917", "Mendes's 1917",
 * "1917 (2019)". Case cannot set such a title off, so only a word for a film, a possessive
 * name or credits in brackets do.
 */
export function cuedNumber(
  text: string,
  view: TokenView,
  minor: ReadonlySet<string>,
  first: number,
  end: number,
): boolean {
  return (
    filmWord(view, minor, first) ||
    possessive(text, view, first) ||
    credited(text, endAt(view, end - 1), startAt(view, first))
  );
}

/** "the film Amour", "SEQUEL TO A QUIET PLACE", "la première de Titane": a word for a film before. */
function filmWord(view: TokenView, minor: ReadonlySet<string>, first: number): boolean {
  const p = first - 1;
  if (p < 0) return false;
  if (isClass(view, minor, p, WORD_CLASS.film)) return true;
  return p >= 1 && isClass(view, minor, p, WORD_CLASS.link) && isClass(view, minor, p - 1, WORD_CLASS.film);
}

/** "Changeling won nothing": the title is the subject of what films do, right after it. */
function filmVerb(text: string, view: TokenView, minor: ReadonlySet<string>, end: number): boolean {
  return (
    end < view.count &&
    isClass(view, minor, end, WORD_CLASS.verb) &&
    /^[\s\u00a0]+$/u.test(text.slice(endAt(view, end - 1), startAt(view, end)))
  );
}

// How many words after a title a word for a film still speaks of it.
const FILM_AFTER = 4;

/** "Departures itself, Takita's film about a cellist": a word for a film just after, in the same sentence. */
function filmAfter(text: string, view: TokenView, minor: ReadonlySet<string>, end: number): boolean {
  const last = Math.min(view.count, end + FILM_AFTER);
  for (let k = end; k < last; k++) {
    for (let i = endAt(view, k - 1), stop = startAt(view, k); i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b || c === 0x3a) return false;
    }
    if (isClass(view, minor, k, WORD_CLASS.film)) return true;
  }
  return false;
}

/** "Haneke's Amour", "the Coens' Fargo": a capitalised name's possessive just before. */
function possessive(text: string, view: TokenView, first: number): boolean {
  const p = first - 1;
  if (p < 0) return false;
  const from = endAt(view, p);
  const to = startAt(view, first);
  // Folded to "s", a word starts with s, S or a character outside ASCII (ſ, ｓ).
  const lead = text.charCodeAt(startAt(view, p));
  if (
    (lead === 0x73 || lead === 0x53 || lead >= 0x80) &&
    p >= 1 &&
    spacesBetween(text, from, to) &&
    view.word(p) === 's'
  ) {
    return APOSTROPHE.test(text.slice(endAt(view, p - 1), startAt(view, p))) && upper(text, view, p - 1);
  }
  const mark = text.charCodeAt(from);
  return (
    (mark === 0x27 || mark === 0x2019) &&
    spacesBetween(text, from + 1, to) &&
    view.word(p).endsWith('s') &&
    upper(text, view, p)
  );
}

/**
 * "Amour (Michael Haneke, 2012)", "Spotlight [2015]": a year or credits in brackets after `stop`
 * (the title starting at `start`).
 */
function credited(text: string, stop: number, start: number): boolean {
  let i = stop;
  while (spaceAt(text, i)) i++;
  const open = text[i];
  if (open !== '(' && open !== '[') return false;
  // An entry that opens its block may be credited with one word: "Departures (Japan) — Takita".
  const entry = opensPhrase(text, start) === 'block';
  // Only so far: a page of "Crash (" with no closing bracket must not cost a scan per title.
  const inner = text.slice(i + 1, i + 1 + MAX_BRACKET);
  const close = inner.indexOf(open === '(' ? ')' : ']');
  if (close < 0) return false;
  let strong = false;
  for (const raw of inner.slice(0, close).split(',')) {
    const part = raw.trim();
    if (YEAR.test(part)) strong = true;
    else if (NAME.test(part)) strong ||= entry || /[\s\u00a0]/u.test(part);
    else return false;
  }
  return strong;
}

/** "1. Parasite", "10) Shoplifters": a ranked or numbered entry. */
function numbered(text: string, view: TokenView, first: number): boolean {
  const p = first - 1;
  if (p < 0) return false;
  const digit = text.charCodeAt(startAt(view, p));
  if (digit < 0x80 && !(digit >= 0x30 && digit <= 0x39)) return false;
  if (!LIST_NUMBER.test(view.word(p))) return false;
  if (!/^[.)][\s\u00a0]+$/u.test(text.slice(endAt(view, p), startAt(view, first)))) return false;
  // The number opens its phrase ("Top 5: 1. Parasite", not "in chapter 3. Parasite won"),
  // or follows the entry before it ("1. PAST LIVES 2. AFTERSUN").
  const opener = opensPhrase(text, startAt(view, p));
  return opener === 'block' || opener === 'list' || (p >= 1 && upper(text, view, p - 1));
}

/**
 * The title is a phrase of its own: a table cell, a programme line between dashes or dots,
 * "Best Film: Amour", a caption's "BURNING — ". A block that is one mark (a menu link, a lone
 * italic line) is layout, not this; so is a link. `marks` null: the block has none.
 */
function alone(text: string, view: TokenView, marks: MarkIndex | null, first: number, end: number): boolean {
  const start = startAt(view, first);
  const stop = endAt(view, end - 1);
  const opener = opensPhrase(text, start);
  if (opener === null || !closesPhrase(text, stop, opener)) return false;
  const blockStart = startAt(view, 0);
  const blockEnd = endAt(view, view.count - 1);
  // A link set apart by separators is navigation ("© 2008 · Home"), whatever it says.
  if (marks === null) return true;
  return !(marks.holds(blockStart, blockEnd) || marks.linkAround(start, stop) !== undefined);
}

/** Does a phrase open at `offset`: the block's start, a colon, a separator or a spaced dash before it? */
function opensPhrase(text: string, offset: number): Opener {
  let j = offset - 1;
  while (j >= 0 && charIs(ASCII_SPACE_OR_QUOTE, SPACE_OR_QUOTE, text, j)) j--;
  if (j < 0) return 'block';
  const code = text.charCodeAt(j);
  // A letter (but the m of "9pm") opens nothing; a digit may only end a clock time.
  if (isAsciiAlnum(code) && code !== 0x6d && code !== 0x4d) {
    return code <= 0x39 && clockAt(text, j) ? 'list' : null;
  }
  // "Best Film: Amour", not the colon of a clock time ("18:00").
  if (code === 0x3a) return j + 1 < offset && SPACE.test(text[j + 1] ?? '') ? 'list' : null;
  if (code === 0x28 || separatorAt(text, j)) return 'list';
  if (code === 0x2c) return 'comma';
  // A programme line: "21:30 Let the Right One In, Bloor".
  if (clockAt(text, j)) return 'list';
  return dashAt(text, j) && SPACE.test(text[j - 1] ?? ' ') && SPACE.test(text[j + 1] ?? ' ') ? 'list' : null;
}

/**
 * Does the phrase close at `offset`? After a colon or a separator, any punctuation closes it
 * ("Screenplay: Milk, Dustin Lance Black"); at a block's start only what a list or a caption
 * uses does, since "Changeling, the word, trends" opens a sentence.
 */
function closesPhrase(text: string, offset: number, opener: Exclude<Opener, null>): boolean {
  let i = offset;
  while (spaceAt(text, i)) i++;
  if (i >= text.length) return true;
  const c = text.charCodeAt(i);
  if (opener === 'comma') return c === 0x2c || separatorAt(text, i);
  if (c === 0x3a || separatorAt(text, i)) return true;
  if (dashAt(text, i)) return i > offset && SPACE.test(text[i + 1] ?? ' ');
  return opener === 'list' && (c === 0x28 || c === 0x5b || phraseEndAt(text, i));
}
