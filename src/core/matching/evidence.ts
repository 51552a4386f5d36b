// Decides whether a candidate that spells an ordinary word or a bare name is meant as a film
// title, from how the original text writes it: case, sentence position, quotes, emphasis.

import { evidenceWork } from './evidence-work.ts';
import type { Lexicon } from './lexicon.ts';
import { caseOf, inCapsRun, inHeadline, titleCaseWords, type Case } from './letter-case.ts';
import { firstWhere, MarkIndex } from './mark-index.ts';
import type { TextSpan } from './match-types.ts';
import type { NormalizedText } from './normalize.ts';
import { CLOSE_QUOTES, OPEN_QUOTES, quotedSpan } from './quotes.ts';
import { cued, cuedNumber } from './title-cues.ts';
import type { EvidenceLevel } from './title-name.ts';
import type { TokenView } from './token-view.ts';
import type { Tokens } from './tokenize.ts';
import { namedAs, WORD_CLASS } from './word-classes.ts';

const asciiAlnum = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
const SENTENCE_ENDS = new Set(['.', '!', '?', '…', ':', '•', '·', '|']);
const SKIPPED_BEFORE = new Set([...OPEN_QUOTES, ...CLOSE_QUOTES, '(', '[', '{', '¿', '¡', '*', '_']);
// Emoji, symbols and their joiners before a word ("🍸 The YPF reunion") do not end a phrase
// but do not continue one either: look past them. Surrogate halves are tested one by one.
const SYMBOL = /[\p{S}\p{Cs}\p{Cf}\p{Mn}\p{Me}]/u;
const DASHES = /\p{Pd}/u;
const SPACE = /\s/u;
const WORD = /[\p{L}\p{N}]/u;
// A real name's parts are joined by spaces or a plain hyphen, not by an em dash.
const NAME_GAP = /^(?:[\s\u00a0]+|[-\u2010\u2011])$/u;
// Emphasis fits a title only if what it adds around it is a few punctuation characters.
const MAX_MARK_SLACK = 32;
const MAX_LOOKBEHIND = 64;

/** The view of tokens found in folded text: spans mapped back through the fold. */
function foldedView(folded: NormalizedText, tokens: Tokens): TokenView {
  return {
    count: tokens.words.length,
    word: (k) => tokens.words[k] ?? '',
    starts: tokens.starts.map((s) => folded.starts[s] ?? 0),
    ends: tokens.ends.map((e) => folded.ends[e - 1] ?? 0),
  };
}

export class EvidenceContext {
  private readonly marks: TextSpan[];
  private marksIndexed: MarkIndex | null = null;
  private readonly view: TokenView;

  /** Either folded text and its tokens, or a token view with original spans (and no `tokens`). */
  constructor(
    private readonly text: string,
    folded: NormalizedText | TokenView,
    tokens: Tokens | null,
    marks: TextSpan[],
    private readonly lexicon: Lexicon,
  ) {
    this.view = tokens ? foldedView(folded as NormalizedText, tokens) : (folded as TokenView);
    this.marks = marks.length > 1 ? [...marks].sort((a, b) => a.start - b.start) : marks;
  }

  /**
   * The marks indexed when first asked: most blocks have none, and most that are asked about
   * never need the index (its lists cost more than the block's other evidence set-up).
   */
  private get markIndex(): MarkIndex {
    return (this.marksIndexed ??= new MarkIndex(this.marks));
  }

  /** Original offsets of token `k`. */
  startOf(k: number): number {
    return this.view.starts[k] ?? 0;
  }

  endOf(k: number): number {
    return this.view.ends[k] ?? 0;
  }

  /** Does the page support reading tokens [first, end) as the title? */
  accepts(level: EvidenceLevel, first: number, end: number): boolean {
    if (level === 'none') return true;
    // The common case on a page: a one-word title in lower case, no emphasis in the block.
    if (end - first === 1 && this.marks.length === 0 && this.lowerAsciiAt(first) && !this.quoted(first, end))
      return false;
    // Quotes around a name introduced as a name are the name's, not a title's: 'calls himself "Carol"'.
    if (this.emphasised(first, end) || this.quoted(first, end)) return !namedAs(this.view, first);
    if (level === 'marked') return cuedNumber(this.text, this.view, this.lexicon.minor, first, end);
    if (this.inLinkRun(first, end)) return false;
    // A cue (cued) makes a title whatever the case says, so it is read only where case says no:
    // both are pure, and the case checks are the cheaper.
    return (
      this.byCase(level, first, end) ||
      cued(this.text, this.view, this.marks.length > 0 ? this.markIndex : null, this.lexicon.minor, first, end)
    );
  }

  /** What letter case and the neighbouring names say, cues aside (see accepts). */
  private byCase(level: EvidenceLevel, first: number, end: number): boolean {
    // In a run of capitals ("BEST FILM: THE OTHERS") or a headline in title case, case says
    // nothing about the title or its neighbours: a name still reads as a name, an everyday word
    // needs a cue.
    if (inCapsRun(this.text, this.view, first, end)) return level === 'name';
    // A headline still writes a person's name in capitals: "Best Actor: Joaquin Phoenix".
    if (this.headline(first, end)) return level === 'name' && !this.partOfLongerName(first, end);
    if (this.partOfLongerName(first, end)) return false;
    // A name is capitalised ("Juno", "JCVD"); in lower case it is the word, not the film.
    if (level === 'name') return this.capitalised(first);
    return this.titleCased(first, end);
  }

  private titleCaseWords: number | undefined;

  /** Is the title in a headline set in title case? The block is read once, when first asked. */
  private headline(first: number, end: number): boolean {
    const minor = this.lexicon.minor;
    this.titleCaseWords ??= titleCaseWords(this.text, this.view, minor);
    return inHeadline(this.text, this.view, minor, this.titleCaseWords, first, end);
  }

  /**
   * "the Wrestler party": a title's leading article written in lower case before capitalised
   * words belongs to the sentence, so the highlight starts after it.
   */
  lowerCaseArticle(first: number, end: number): boolean {
    return end - first > 1 && this.wordCase(first) === 'lower' && this.capitalised(first + 1);
  }

  /** Does token `k` start with an ASCII lower-case letter (so its case is 'lower')? */
  private lowerAsciiAt(k: number): boolean {
    const c = this.text.charCodeAt(this.startOf(k));
    return c >= 0x61 && c <= 0x7a;
  }

  private wordCase(k: number): Case {
    return caseOf(this.text, this.startOf(k), this.endOf(k));
  }

  private minorAt(k: number): boolean {
    const known = this.view.wordClass ? this.view.wordClass(k) : -1;
    return known >= 0 ? (known & WORD_CLASS.minor) !== 0 : this.lexicon.minor.has(this.view.word(k));
  }

  /** Every significant word capitalised, and not only because a sentence starts there. */
  private titleCased(first: number, end: number): boolean {
    let capitals = 0;
    for (let k = first; k < end; k++) {
      const kind = this.wordCase(k);
      if (kind === 'none') continue;
      if (end - first > 1 && this.minorAt(k)) continue;
      // Capitals amid lower-case text ("the winner was SLUMDOG") set the title off like title case.
      if (kind === 'lower') return false;
      if (k !== first || !this.sentenceInitial(k)) capitals++;
    }
    return capitals > 0;
  }

  private sentenceInitial(k: number): boolean {
    const text = this.text;
    let j = this.startOf(k) - 1;
    const stop = Math.max(-1, j - MAX_LOOKBEHIND);
    while (j > stop) {
      const c = text.charCodeAt(j);
      // A letter or digit is none of what is looked past; a space is.
      if (c === 0x20) {
        j--;
        continue;
      }
      if (asciiAlnum(c)) break;
      if (!(SPACE.test(text[j] ?? '') || SKIPPED_BEFORE.has(text[j] ?? '') || SYMBOL.test(text[j] ?? ''))) break;
      j--;
    }
    if (j < 0 || j === stop) return true;
    // A letter or digit ends no sentence and is no dash.
    if (asciiAlnum(text.charCodeAt(j))) return false;
    const c = text[j] ?? '';
    if (SENTENCE_ENDS.has(c)) return true;
    // "9:35pm - Crash party": a spaced dash introduces a new phrase, as in a list.
    return DASHES.test(c) && SPACE.test(text[j - 1] ?? ' ');
  }

  /** "Geoffrey Rush", "Juno Awards", "Rush-Hour Express": the word belongs to a longer name. */
  private partOfLongerName(first: number, end: number): boolean {
    const prev = first - 1;
    if (prev >= 0 && this.joined(prev) && this.capitalised(prev)) {
      // "I", and a sentence's capitalised first word ("The Heat", "See Crash") are not names.
      const exempt = this.isI(prev) || (this.sentenceInitial(prev) && this.lexicon.common.has(this.view.word(prev)));
      if (!exempt) return true;
    }
    if (end < this.view.count && this.joined(end - 1) && this.capitalised(end)) {
      return !this.isI(end);
    }
    return false;
  }

  /** Is token `k` written "I"? Asked of every capitalised neighbour: no string is made. */
  private isI(k: number): boolean {
    const start = this.startOf(k);
    return this.endOf(k) - start === 1 && this.text.charCodeAt(start) === 0x49;
  }

  private capitalised(k: number): boolean {
    const kind = this.wordCase(k);
    return kind === 'title' || kind === 'caps';
  }

  /** Are tokens k and k + 1 parts of one name (space or hyphen between)? */
  private joined(k: number): boolean {
    if (k + 1 >= this.view.count) return false;
    const from = this.endOf(k);
    const to = this.startOf(k + 1);
    // One space or hyphen, as most gaps are, by its code; a letter or digit, no join at all.
    if (to - from === 1) {
      const c = this.text.charCodeAt(from);
      if (c === 0x20 || c === 0x2d) return true;
    }
    const c = this.text.charCodeAt(from);
    if (c < 0x80 && !(c === 0x20 || c === 0x2d || (c >= 0x09 && c <= 0x0d))) return false;
    return NAME_GAP.test(this.text.slice(from, to));
  }

  /** Italics, a link or a citation around exactly the title (give or take punctuation). */
  private emphasised(first: number, end: number): boolean {
    // Most blocks have no marks: nothing to search (and no search closure made).
    if (this.marks.length === 0) return false;
    const start = this.startOf(first);
    const stop = this.endOf(end - 1);
    const firstWordStart = this.startOf(0);
    const lastWordEnd = this.endOf(this.view.count - 1);
    for (let i = this.lastMarkStartingBy(start); i >= 0; i--) {
      evidenceWork.steps++;
      const mark = this.marks[i];
      if (!mark || mark.start < start - MAX_MARK_SLACK) break;
      if (mark.end < stop || mark.end - stop > MAX_MARK_SLACK) continue;
      if (WORD.test(this.text.slice(mark.start, start)) || WORD.test(this.text.slice(stop, mark.end))) continue;
      // A mark that is the whole block (a menu link "Home", a lone italic line) is layout,
      // not a title set in running text; so is a link among links ("Home · Up · Contact").
      if (firstWordStart >= mark.start && lastWordEnd <= mark.end) continue;
      if (!mark.link || this.plainNeighbour(first, end, mark)) return true;
    }
    return false;
  }

  /**
   * A menu ("Home Up Contact"): capitals there are the menu's style, not a title's. A link
   * alone in its block (a programme's table cell) is not a menu.
   */
  private inLinkRun(first: number, end: number): boolean {
    if (this.marks.length === 0) return false;
    const start = this.startOf(first);
    const stop = this.endOf(end - 1);
    const link = this.markIndex.linkAround(start, stop);
    if (!link) return false;
    const around = this.neighbours(first, end, link);
    return !around.plain && (this.linked(around.before) || this.linked(around.after));
  }

  /** Is a word next to the link `mark` outside any link, i.e. is the link set in prose? */
  private plainNeighbour(first: number, end: number, mark: TextSpan): boolean {
    return this.neighbours(first, end, mark).plain;
  }

  /** The last mark asked about: the tokens starting before it, those ending in it, and the gap after it. */
  private lastMark: { mark: TextSpan; before: number; inside: number; after: number; open: boolean } | null = null;

  /**
   * The words just outside `mark` around tokens [first, end). Token spans only grow with `k`,
   * so they are found by a search from the candidate, once per mark: walking the link's words for every
   * candidate in it made a long linked block quadratic.
   */
  private neighbours(first: number, end: number, mark: TextSpan): { before: number; after: number; plain: boolean } {
    const { count, starts, ends } = this.view;
    if (this.lastMark?.mark !== mark) {
      const before = firstWhere(count, (k) => (starts[k] ?? 0) >= mark.start, first);
      const inside = firstWhere(count, (k) => (ends[k] ?? 0) > mark.end, end);
      this.lastMark = { mark, before, inside, after: -1, open: false };
    }
    const before = Math.min(first, this.lastMark.before) - 1;
    const after = Math.max(end, this.lastMark.inside);
    const plain = (k: number): boolean => k >= 0 && k < count && !this.linked(k);
    return {
      before,
      after,
      plain: (plain(before) && !this.sentenceInitial(before + 1)) || (plain(after) && this.openAfter(mark, after)),
    };
  }

  /** The neighbour must be in the same phrase: "Set in Noto. <a>Home</a>" is a footer link. */
  private openAfter(mark: TextSpan, after: number): boolean {
    // Every candidate in a link asks about the same gap, however long: it is read once.
    const last = this.lastMark;
    if (last?.mark === mark && last.after === after) return last.open;
    const open = !Array.from(this.text.slice(mark.end, this.startOf(after))).some((c) => SENTENCE_ENDS.has(c));
    if (last?.mark === mark) Object.assign(last, { after, open });
    return open;
  }

  /** Is token `k` inside a link? */
  private linked(k: number): boolean {
    if (k < 0 || k >= this.view.count) return false;
    return this.markIndex.linked(this.startOf(k));
  }

  private markHint = 0;

  private lastMarkStartingBy(offset: number): number {
    this.markHint = firstWhere(this.marks.length, (i) => (this.marks[i]?.start ?? 0) > offset, this.markHint);
    return this.markHint - 1;
  }

  /** 'Crash', "Crash," or « Crash »: quote characters directly around the title. */
  private quoted(first: number, end: number): boolean {
    return quotedSpan(this.text, this.startOf(first), this.endOf(end - 1));
  }
}
