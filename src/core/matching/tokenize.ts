// Splits folded text (see normalize.ts) into word tokens. Matching works on tokens, which
// gives Unicode-aware word boundaries for free: "Roma" is never found inside "romae".

export interface Tokens {
  /** Token texts; a `*` inside a token stands for censored letters ("f***ing"). */
  readonly words: string[];
  /** Folded-text offsets of each token: [starts[i], ends[i]). */
  readonly starts: number[];
  readonly ends: number[];
}

// Spacing combining marks (Mc) survive folding and belong to words in Indic scripts.
const WORD_CHAR = /[\p{L}\p{N}\p{Mc}]/u;
// Scripts written without spaces: every character is its own token, or no title in them
// could ever be found inside a sentence.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

const GAP = 0;
export const WORD = 1;
export const UNSPACED_CHAR = 2;
export type Kind = typeof GAP | typeof WORD | typeof UNSPACED_CHAR;

/** How the tokenizer reads one code point of folded text. */
export function kindOf(ch: string): Kind {
  const c = ch.charCodeAt(0);
  if (c < 0x80) {
    const word = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2a;
    return word || (c >= 0x41 && c <= 0x5a) ? WORD : GAP;
  }
  if (UNSPACED.test(ch)) return UNSPACED_CHAR;
  return WORD_CHAR.test(ch) ? WORD : GAP;
}

export function tokenize(folded: string): Tokens {
  const words: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let wordStart = -1;
  const close = (at: number): void => {
    if (wordStart >= 0) {
      words.push(folded.slice(wordStart, at));
      starts.push(wordStart);
      ends.push(at);
      wordStart = -1;
    }
  };
  let i = 0;
  while (i < folded.length) {
    const cp = folded.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    const kind = kindOf(String.fromCodePoint(cp));
    if (kind === WORD) {
      if (wordStart < 0) wordStart = i;
    } else {
      close(i);
      if (kind === UNSPACED_CHAR) {
        words.push(folded.slice(i, i + width));
        starts.push(i);
        ends.push(i + width);
      }
    }
    i += width;
  }
  close(folded.length);
  return { words, starts, ends };
}

/**
 * What separates two tokens, reduced to what matters for a title: spaces and dashes are
 * interchangeable ("Happy Go Lucky" = "Happy-Go-Lucky"), other punctuation is kept.
 */
export function gapKey(gap: string): string {
  let key = '';
  for (const ch of gap) if (ch !== ' ' && ch !== '-') key += ch;
  return key;
}

/** A title gap accepts the same punctuation or none ("Love Actually" for "Love, Actually"). */
export function gapAccepts(titleKey: string, textKey: string): boolean {
  return textKey === '' || textKey === titleKey;
}

/** True when the token holds a censoring `*` and at least one real letter or digit. */
export function isCensored(word: string): boolean {
  return word.includes('*') && /[^*]/.test(word);
}

/**
 * Does a censored text word match a title word? Each run of `*` stands for one or more
 * characters. Iterative glob matching with a single backtrack point: linear-ish and without
 * any regular expression built from page text.
 */
export function censoredMatches(pattern: string, word: string): boolean {
  if (pattern.length > 64 || word.length > 64) return false;
  let p = 0;
  let w = 0;
  let starP = -1;
  let starW = -1;
  while (w < word.length) {
    if (p < pattern.length && pattern[p] === '*') {
      while (p < pattern.length && pattern[p] === '*') p++;
      starP = p;
      starW = ++w; // the run consumes at least one character
    } else if (p < pattern.length && pattern[p] === word[w]) {
      p++;
      w++;
    } else if (starP >= 0) {
      p = starP;
      w = ++starW;
    } else {
      return false;
    }
  }
  return p === pattern.length;
}
