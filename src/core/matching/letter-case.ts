// What letter case says about a word and the block around it. A capitalised word in lower-case
// text sets a title off; in a run of capitals (a headline, a kicker) or a headline set in title
// case, case carries no evidence, and the rules look for a cue instead (title-cues.ts).

import { endAt, startAt, type TokenView } from './token-view.ts';
import { isClass, WORD_CLASS } from './word-classes.ts';

export type Case = 'title' | 'caps' | 'lower' | 'none';

const UPPER = /[\p{Lu}\p{Lt}]/u;
const LOWER = /\p{Ll}/u;
const CASED = /[\p{Lu}\p{Lt}\p{Ll}]/u;

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

export const caseAt = (text: string, view: TokenView, k: number): Case =>
  caseOf(text, startAt(view, k), endAt(view, k));

/** Capital-led: title case, all capitals, or one capital letter ("A"). */
export function upper(text: string, view: TokenView, k: number): boolean {
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
