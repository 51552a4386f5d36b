// Where a page's layout and wording, rather than its letter case, say that a capitalised
// everyday word is a title: "Haneke's Amour", "Amour (Michael Haneke, 2012)", "Palme d'Or:
// Amour", "3. Moonlight", a programme line "18:00 — Amour — Cinema 1" or a table cell holding
// the title alone. Also tells a run of capitals (a headline, a kicker) from capitals that set
// one title off in lower-case text: in the run, case carries no evidence.

import type { TextSpan } from './match-types.ts';

/** The words of a block with their original UTF-16 spans (fold-scan.ts's TokenTable). */
export interface TokenView {
  readonly count: number;
  /** Folded word `k`. */
  word(k: number): string;
  readonly starts: ArrayLike<number>;
  readonly ends: ArrayLike<number>;
  /**
   * The word classes (WORD_CLASS) of word `k`, for the lexicon the caller passes as `minor`,
   * read from a table rather than from the word; -1 where the view has none.
   */
  wordClass?(k: number): number;
}

/** Classes of words the cues look for, one bit each (see wordClassOf). */
export const WORD_CLASS = { film: 1, link: 2, verb: 4, sequel: 8, minor: 16 } as const;

export type Case = 'title' | 'caps' | 'lower' | 'none';

const UPPER = /[\p{Lu}\p{Lt}]/u;
const LOWER = /\p{Ll}/u;
const CASED = /[\p{Lu}\p{Lt}\p{Ll}]/u;
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
const CLOCK = /(?:^|[^\d:.])\d{1,2}[:.h]\d\d(?:\s?[ap]\.?m\.?)?$/iu;
const MAX_BRACKET = 80;

// Char-code tests for the common ASCII case; other characters go to the expressions above.
const isAsciiSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);
const isAsciiAlnum = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);

/** Is `text[i]` a space (SPACE), reading ASCII by its code? False past either end. */
function spaceAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const c = text.charCodeAt(i);
  return c < 0x80 ? isAsciiSpace(c) : SPACE.test(text[i] as string);
}

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

// The words SEQUEL opens with, folded: the regular expression runs only after one of them.
const SEQUEL_WORDS = new Set(['part', 'chapter', 'vol', 'volume']);

/** Case of the word spanning `text[start, end)`: capitalised, all capitals, lower case, or uncased. */
export function caseOf(text: string, start: number, end: number): Case {
  // ASCII by char codes, as most words of a page are; anything else the general way.
  let head: Case = 'none';
  let letters = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return caseOfCodePoints(text, start, end);
    if (c >= 0x61 && c <= 0x7a) return head === 'none' ? 'lower' : 'title';
    if (c >= 0x41 && c <= 0x5a) {
      letters++;
      head = 'title';
    }
  }
  return head === 'title' && letters > 1 ? 'caps' : head;
}

function caseOfCodePoints(text: string, start: number, end: number): Case {
  let head: Case = 'none';
  let letters = 0;
  for (const c of text.slice(start, end)) {
    if (!CASED.test(c)) continue;
    letters++;
    if (head === 'none') {
      if (!UPPER.test(c)) return 'lower';
      head = 'title';
    } else if (LOWER.test(c)) return 'title';
  }
  return head === 'title' && letters > 1 ? 'caps' : head;
}

/**
 * What opens a phrase: the block's start, a colon or a list's separator, dash or bracket, or a
 * comma, which opens only a list's item ("Best Actor: Mads Mikkelsen, The Hunt", "Crash, Home,
 * Hunger"), not a clause.
 */
type Opener = 'block' | 'list' | 'comma' | null;

// Plain functions rather than a class: the content bundle is a budget, and a minifier renames
// functions but not methods.

const startAt = (view: TokenView, k: number): number => view.starts[k] ?? 0;
const endAt = (view: TokenView, k: number): number => view.ends[k] ?? 0;
const caseAt = (text: string, view: TokenView, k: number): Case => caseOf(text, startAt(view, k), endAt(view, k));

/** Capital-led: title case, all capitals, or one capital letter ("A"). */
function upper(text: string, view: TokenView, k: number): boolean {
  const c = caseAt(text, view, k);
  return c === 'title' || c === 'caps';
}

/** Written in capitals only; a single capital ("A", "I") fits a run of capitals. */
function shouting(text: string, view: TokenView, k: number): boolean {
  const c = caseAt(text, view, k);
  return c === 'caps' || (c === 'title' && endAt(view, k) - startAt(view, k) === 1);
}

/** Are the title's words, and its nearest cased neighbours, all in capitals? */
export function inCapsRun(text: string, view: TokenView, first: number, end: number): boolean {
  let caps = false;
  for (let k = first; k < end; k++) {
    const c = caseAt(text, view, k);
    if (c === 'none') continue;
    if (!shouting(text, view, k)) return false;
    caps ||= c === 'caps';
  }
  let before = first - 1;
  while (before >= 0 && caseAt(text, view, before) === 'none') before--;
  let after = end;
  while (after < view.count && caseAt(text, view, after) === 'none') after++;
  const beforeCaps = before >= 0 && shouting(text, view, before);
  const afterCaps = after < view.count && shouting(text, view, after);
  return caps && (before < 0 || beforeCaps) && (after >= view.count || afterCaps) && (beforeCaps || afterCaps);
}

// Words for a film, and the words that link them to its title ("the sequel to", "la suite de"),
// in English, French, German and Italian, folded.
const FILM_WORDS = new Set(
  'film films movie movies sequel prequel remake premiere screening screenings trailer documentary suite fortsetzung seguito'.split(
    ' ',
  ),
);
const LINKS = new Set(['of', 'to', 'for', 'de', 'du', 'des', 'von', 'zu', 'di', 'del', 'della']);
// What a film does and a word does not: "Changeling won nothing", "Up opened Cannes" (English,
// French, German, Italian, folded).
const FILM_VERBS = new Set(
  'won wins opened opens premiered premieres screened screens grossed starred remporte gewann gewinnt vince vinse'.split(
    ' ',
  ),
);
/** The classes of a folded word, `minor` being the lexicon's short words. */
export function wordClassOf(word: string, minor: ReadonlySet<string>): number {
  return (
    (FILM_WORDS.has(word) ? WORD_CLASS.film : 0) |
    (LINKS.has(word) ? WORD_CLASS.link : 0) |
    (FILM_VERBS.has(word) ? WORD_CLASS.verb : 0) |
    (SEQUEL_WORDS.has(word) ? WORD_CLASS.sequel : 0) |
    (minor.has(word) ? WORD_CLASS.minor : 0)
  );
}

/** Every word some class holds but `minor`'s: an index numbers them so a view can look classes up. */
export const CLASSED_WORDS: readonly string[] = [...FILM_WORDS, ...LINKS, ...FILM_VERBS, ...SEQUEL_WORDS];

/** Is word `k` of class `cls`? By the view's table when it has one. */
function isClass(view: TokenView, minor: ReadonlySet<string>, k: number, cls: number): boolean {
  const known = view.wordClass ? view.wordClass(k) : -1;
  return ((known >= 0 ? known : wordClassOf(view.word(k), minor)) & cls) !== 0;
}

// "A Quiet Place Part III": a sequel's number after the title.
const SEQUEL = /^[\s\u00a0]+(?:part|chapter|vol\.?|volume)[\s\u00a0]+(?:[ivx]+|\d+|two|three|four)\b/iu;

// Words that introduce a name as a name: 'calls himself "Carol"', 'known as "Léon"', 'her
// name, "Roma"'; in English, French, German and Italian, folded.
const NAMING = new Set(
  'called named nicknamed dubbed christened name names alias aka surnomme surnommee appelle genannt heisst chiamato chiamata detto detta'.split(
    ' ',
  ),
);
const REFLEXIVE = new Set(['himself', 'herself', 'themselves', 'itself', 'se', 'sich', 'si']);
const CALLING = new Set(['call', 'calls', 'called', 'calling', 'name', 'names', 'named', 'nennt']);

/** Is the word before `first` naming what follows ("calls himself", "known as", "her name")? */
export function namedAs(view: TokenView, first: number): boolean {
  const p = first - 1;
  if (p < 0) return false;
  const word = view.word(p);
  if (NAMING.has(word)) return true;
  const before = p >= 1 ? view.word(p - 1) : '';
  return (word === 'as' && before === 'known') || (REFLEXIVE.has(word) && CALLING.has(before));
}

// Fewer capitalised words than this is a name or a short label, not a headline.
const HEADLINE_WORDS = 4;

/** Does word `k` count towards a headline: two letters or more, not a short word? */
const headlineWord = (view: TokenView, minor: ReadonlySet<string>, k: number): boolean =>
  endAt(view, k) - startAt(view, k) >= 2 && !isClass(view, minor, k, WORD_CLASS.minor);

/**
 * How many words of the block are capitalised, short words aside, or -1 when one is in lower
 * case: a block set in title case, as headlines are ("Having a Good Time at the Festival?").
 */
export function titleCaseWords(text: string, view: TokenView, minor: ReadonlySet<string>): number {
  let capitalised = 0;
  for (let k = 0; k < view.count; k++) {
    if (!headlineWord(view, minor, k)) continue;
    const c = caseOf(text, startAt(view, k), endAt(view, k));
    if (c === 'lower') return -1;
    if (c === 'title') capitalised++;
  }
  return capitalised;
}

/**
 * Is the title in a headline: a block in title case with enough capitalised words besides the
 * title's own? An event's "Dinner for Happy-Go-Lucky" is a title with a word before it, not a
 * headline in which case says nothing.
 */
export function inHeadline(
  text: string,
  view: TokenView,
  minor: ReadonlySet<string>,
  words: number,
  first: number,
  end: number,
): boolean {
  if (words < HEADLINE_WORDS) return false;
  let own = 0;
  for (let k = first; k < end; k++) {
    if (headlineWord(view, minor, k) && caseOf(text, startAt(view, k), endAt(view, k)) === 'title') own++;
  }
  return words - own >= HEADLINE_WORDS;
}

/**
 * Is the title capitalised (short words aside), and set off by a possessive, credits, a list
 * number or a phrase of its own?
 */
export function cued(
  text: string,
  view: TokenView,
  marks: readonly TextSpan[],
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
 * italic line) is layout, not this; so is a link.
 */
function alone(text: string, view: TokenView, marks: readonly TextSpan[], first: number, end: number): boolean {
  const start = startAt(view, first);
  const stop = endAt(view, end - 1);
  const opener = opensPhrase(text, start);
  if (opener === null || !closesPhrase(text, stop, opener)) return false;
  const blockStart = startAt(view, 0);
  const blockEnd = endAt(view, view.count - 1);
  // A link set apart by separators is navigation ("© 2008 · Home"), whatever it says.
  return !marks.some(
    (m) => (m.start <= blockStart && blockEnd <= m.end) || (m.link === true && m.start <= start && stop <= m.end),
  );
}

/** Does a phrase open at `offset`: the block's start, a colon, a separator or a spaced dash before it? */
function opensPhrase(text: string, offset: number): Opener {
  let j = offset - 1;
  for (; j >= 0; j--) {
    const code = text.charCodeAt(j);
    if (code < 0x80 ? !(isAsciiSpace(code) || code === 0x22 || code === 0x27) : !SPACE_OR_QUOTE.test(text[j] as string))
      break;
  }
  if (j < 0) return 'block';
  const code = text.charCodeAt(j);
  // A letter (but the m of "9pm") opens nothing; a digit may only end a clock time.
  if (isAsciiAlnum(code) && code !== 0x6d && code !== 0x4d) {
    return code <= 0x39 && CLOCK.test(text.slice(Math.max(0, j - 9), j + 1)) ? 'list' : null;
  }
  const c = text[j] ?? '';
  // "Best Film: Amour", not the colon of a clock time ("18:00").
  if (c === ':') return j + 1 < offset && SPACE.test(text[j + 1] ?? '') ? 'list' : null;
  if (c === '(' || SEPARATOR.test(c)) return 'list';
  if (c === ',') return 'comma';
  // A programme line: "21:30 Let the Right One In, Bloor".
  if (CLOCK.test(text.slice(Math.max(0, j - 9), j + 1))) return 'list';
  return DASH.test(c) && SPACE.test(text[j - 1] ?? ' ') && SPACE.test(text[j + 1] ?? ' ') ? 'list' : null;
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
  const c = text[i] ?? '';
  if (opener === 'comma') return c === ',' || SEPARATOR.test(c);
  if (c === ':' || SEPARATOR.test(c)) return true;
  if (DASH.test(c)) return i > offset && SPACE.test(text[i + 1] ?? ' ');
  return opener === 'list' && (c === '(' || c === '[' || PHRASE_END.test(c));
}
