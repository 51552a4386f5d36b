// Title normalisation with an exact way back to the original text.
//
// Folding changes lengths ("ﬁ" -> "fi", "ẞ" -> "ss", "İ" -> "i", "&" -> " and ", decomposed
// "e\u0301" -> "e", whitespace runs -> " "), so every unit of the folded text records the
// UTF-16 span of the original it came from: a match found in the folded text can then be
// highlighted on exactly the characters the reader sees.

export interface NormalizedText {
  /** The folded text: lower case, no accents, one kind of quote and dash, single spaces. */
  readonly text: string;
  /** `starts[i]`, `ends[i]`: the original UTF-16 span that produced unit `i` of `text`. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** Length of the original text. */
  readonly sourceLength: number;
}

const SINGLE_QUOTES = new Set(["'", '‘', '’', '‚', '‛', '′', '`', '´', 'ʹ', 'ʼ', 'ˈ', '＇']);
const DOUBLE_QUOTES = new Set(['"', '“', '”', '„', '‟', '″', '«', '»', '‹', '›', '〝', '〞', '＂']);
const AMPERSANDS = new Set(['&', '＆', '﹠']);
// The minus sign and hyphen bullet are not Pd but are typed for hyphens all the same.
const EXTRA_DASHES = new Set(['\u2212', '\u2043']);
// Zero-width space separates words visually, so it must not glue them together.
const EXTRA_SPACES = new Set(['\u200b']);

const DASH = /\p{Pd}/u;
const SPACE = /\s/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
// Dropped without a trace: accents, enclosing marks, soft hyphens, bidi and joiner controls.
const INVISIBLE = /[\p{Mn}\p{Me}\p{Cf}]/gu;

// Folding one code point goes through several Unicode tables; pages repeat few distinct
// characters, so memoising keeps normalisation linear and cheap.
const foldCache = new Map<number, string>();
const FOLD_CACHE_LIMIT = 20_000;

/** The folded form of one code point: "" when it should vanish, " " for any space. */
export function foldCodePoint(cp: number): string {
  if (cp < 0x80) return foldAscii(cp);
  const cached = foldCache.get(cp);
  if (cached !== undefined) return cached;
  const folded = foldUnicode(String.fromCodePoint(cp));
  if (foldCache.size < FOLD_CACHE_LIMIT) foldCache.set(cp, folded);
  return folded;
}

function foldAscii(cp: number): string {
  if (cp >= 0x41 && cp <= 0x5a) return String.fromCharCode(cp + 32);
  const ch = String.fromCharCode(cp);
  if (cp === 0x09 || cp === 0x0a || cp === 0x0b || cp === 0x0c || cp === 0x0d || cp === 0x20) {
    return ' ';
  }
  if (ch === '&') return ' and ';
  if (ch === '`') return "'";
  if (cp < 0x20 || cp === 0x7f) return '';
  return ch;
}

function foldUnicode(ch: string): string {
  if (SPACE.test(ch) || EXTRA_SPACES.has(ch)) return ' ';
  if (SINGLE_QUOTES.has(ch)) return "'";
  if (DOUBLE_QUOTES.has(ch)) return '"';
  if (AMPERSANDS.has(ch)) return ' and ';
  if (EXTRA_DASHES.has(ch) || DASH.test(ch)) return '-';
  // Compatibility decomposition only for letters and digits: it turns "ﬁ" into "fi" and
  // "Ⅱ" into "II", but would also turn "™" into "TM" and glue it to the preceding word.
  let s = LETTER_OR_NUMBER.test(ch) ? ch.normalize('NFKD') : ch;
  // Lower, upper, lower approximates full case folding: "ẞ" -> "ß" -> "SS" -> "ss", "ς" -> "σ".
  s = s.toLowerCase().toUpperCase().toLowerCase().normalize('NFD').replace(INVISIBLE, '');
  // A few compatibility decompositions contain spaces (Arabic ligatures); keep them spaces.
  return s.replace(/\s+/gu, ' ');
}

class SpanBuilder {
  private units: string[] = [];
  // Plain arrays: small typed arrays are slow to allocate, and titles are compiled by the thousand.
  private starts: number[] = [];
  private ends: number[] = [];

  get length(): number {
    return this.units.length;
  }

  push(unit: string, start: number, end: number): void {
    this.units.push(unit);
    this.starts.push(start);
    this.ends.push(end);
  }

  lastUnit(): string | undefined {
    return this.units[this.units.length - 1];
  }

  /** Lets the previous unit also cover a dropped character, so highlights include it. */
  extendLast(end: number): void {
    if (this.ends.length > 0) this.ends[this.ends.length - 1] = end;
  }

  build(sourceLength: number): NormalizedText {
    return { text: this.units.join(''), starts: this.starts, ends: this.ends, sourceLength };
  }
}

/** Folds `input` for matching and keeps, for every folded unit, its original UTF-16 span. */
export function normalizeWithMap(input: string): NormalizedText {
  const source = typeof input === 'string' ? input : '';
  const out = new SpanBuilder();
  let i = 0;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    // ASCII letters and digits, most of any page: one unit each, no table lookups.
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      out.push(source[i] as string, i, i + 1);
      i++;
      continue;
    }
    if (c >= 0x41 && c <= 0x5a) {
      out.push(String.fromCharCode(c + 32), i, i + 1);
      i++;
      continue;
    }
    const cp = source.codePointAt(i) ?? 0;
    const end = i + (cp > 0xffff ? 2 : 1);
    const folded = foldCodePoint(cp);
    if (folded === '') {
      out.extendLast(end);
    } else {
      for (let k = 0; k < folded.length; k++) {
        const unit = folded[k] ?? '';
        if (unit === ' ' && (out.length === 0 || out.lastUnit() === ' ')) {
          // Collapse whitespace runs; a leading space is kept only to preserve offsets.
          if (out.length > 0) out.extendLast(end);
          else out.push(' ', i, end);
        } else {
          out.push(unit, i, end);
        }
      }
    }
    i = end;
  }
  return out.build(source.length);
}

/** The folded form of a title, for comparisons and keys: `normalizeTitle("Amélie") === "amelie"`. */
export function normalizeTitle(title: string): string {
  return normalizeWithMap(title).text.trim();
}
