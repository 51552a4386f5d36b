// Folds and tokenises a block in one pass over its UTF-16 units, into reusable typed arrays.
// It produces exactly the tokens of tokenize(normalizeWithMap(text).text), with their
// original spans, but without building the folded string, its span arrays or a string per
// word: ASCII takes a table lookup per unit, other characters a per-code-point table learnt
// from normalize.ts on first sight, and each word is hashed as it is read and looked up in
// the catalog's vocabulary. The equivalence is tested in test/core/matching/fold-scan.test.ts.

import { foldCodePoint, normalizeWithMap } from './normalize.ts';
import { kindOf, tokenize, UNSPACED_CHAR, WORD } from './tokenize.ts';
import { HASH_SEED } from '../hash.ts';
import { unitsToString, type Vocabulary } from './vocabulary.ts';

/** Token flags. */
export const STAR = 1; // holds a `*` (a censored word, or only stars)
const ODD_GAP = 2; // what precedes it holds punctuation, not only spaces and dashes

// How one code point folds: into one word unit, one punctuation unit, a space, nothing, a
// character of an unspaced script, or something longer read the general way.
const K_UNKNOWN = 0;
const K_WORD = 1;
const K_GAP = 2;
const K_SPACE = 3;
const K_DROP = 4;
const K_COMPLEX = 5;

// One table for the whole Basic Multilingual Plane, filled as characters are first met.
const KIND = new Uint8Array(0x10000);
const UNIT = new Uint16Array(0x10000);

function learn(cp: number): number {
  const folded = foldCodePoint(cp);
  let kind: number;
  if (folded === '') kind = K_DROP;
  else if (folded === ' ') kind = K_SPACE;
  else if (folded.length !== 1 || (folded.charCodeAt(0) >= 0xd800 && folded.charCodeAt(0) <= 0xdfff)) kind = K_COMPLEX;
  else {
    const k = kindOf(folded);
    // Unspaced scripts (each character a word) take the general path.
    kind = k === WORD ? K_WORD : k === UNSPACED_CHAR ? K_COMPLEX : K_GAP;
    UNIT[cp] = folded.charCodeAt(0);
  }
  KIND[cp] = kind;
  return kind;
}

/** The tokens of one block. Reused from block to block: read it before the next scan. */
export class TokenTable {
  count = 0;
  /** Original UTF-16 span of each token. */
  starts = new Int32Array(256);
  ends = new Int32Array(256);
  /** Span of each token in `units`, the folded text. */
  foldStarts = new Int32Array(256);
  foldEnds = new Int32Array(256);
  /** Vocabulary id, or -1 for a word no title uses. */
  ids = new Int32Array(256);
  flags = new Uint8Array(256);
  units = new Uint16Array(1024);
  vocabulary: Vocabulary | null = null;
  /**
   * Word classes (title-cues.ts's WORD_CLASS) by vocabulary id, from an index whose vocabulary
   * holds every classed word, so a word outside it has none; null when not known.
   */
  classes: Uint8Array | null = null;
  /**
   * Strings made for words outside the vocabulary, by token; valid where `made` holds the
   * current block's number, so a new block forgets them without clearing anything.
   */
  private strings: string[] = [];
  private made = new Int32Array(256);
  private block = 1;

  reset(vocabulary: Vocabulary, textLength: number): void {
    this.count = 0;
    this.vocabulary = vocabulary;
    if (++this.block === 0x7fffffff) {
      this.made.fill(0);
      this.block = 1;
    }
    if (this.units.length < textLength + 64) this.units = new Uint16Array(textLength * 2 + 64);
  }

  push(start: number, end: number, foldStart: number, foldEnd: number, id: number, flags: number): void {
    const k = this.count;
    if (k === this.starts.length) this.grow();
    this.starts[k] = start;
    this.ends[k] = end;
    this.foldStarts[k] = foldStart;
    this.foldEnds[k] = foldEnd;
    this.ids[k] = id;
    this.flags[k] = flags;
    this.count = k + 1;
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const i32 = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.starts = i32(this.starts);
    this.ends = i32(this.ends);
    this.foldStarts = i32(this.foldStarts);
    this.foldEnds = i32(this.foldEnds);
    this.ids = i32(this.ids);
    this.made = i32(this.made);
    const f = new Uint8Array(size);
    f.set(this.flags);
    this.flags = f;
  }

  ensureUnits(size: number): void {
    if (size <= this.units.length) return;
    const grown = new Uint16Array(size * 2);
    grown.set(this.units);
    this.units = grown;
  }

  /** The folded word `k`: the vocabulary's string, or one made (once) from the buffer. */
  word(k: number): string {
    const id = this.ids[k] as number;
    if (id >= 0) return (this.vocabulary as Vocabulary).words[id] as string;
    if (this.made[k] === this.block) return this.strings[k] as string;
    const s = unitsToString(this.units, this.foldStarts[k] as number, this.foldEnds[k] as number);
    this.strings[k] = s;
    this.made[k] = this.block;
    return s;
  }

  /** Word `k`'s classes (see title-cues.ts's TokenView), -1 when not known. */
  wordClass(k: number): number {
    const classes = this.classes;
    if (classes === null) return -1;
    const id = this.ids[k] as number;
    return id < 0 ? 0 : id < classes.length ? (classes[id] as number) : -1;
  }

  /** Length of folded word `k`, without making it a string. */
  length(k: number): number {
    return (this.foldEnds[k] as number) - (this.foldStarts[k] as number);
  }

  star(k: number): boolean {
    return ((this.flags[k] as number) & STAR) !== 0;
  }

  /** No punctuation before word `k` (only spaces and dashes): its gap key is ''. */
  plainGap(k: number): boolean {
    return ((this.flags[k] as number) & ODD_GAP) === 0;
  }

  /** The gap key (see tokenize.gapKey) before word `k`: its punctuation, spaces and dashes aside. */
  gap(k: number): string {
    if (k === 0 || ((this.flags[k] as number) & ODD_GAP) === 0) return '';
    let key = '';
    for (let u = this.foldEnds[k - 1] as number, stop = this.foldStarts[k] as number; u < stop; u++) {
      const c = this.units[u] as number;
      if (c !== 0x20 && c !== 0x2d) key += String.fromCharCode(c);
    }
    return key;
  }
}

/**
 * Fills `t` with the tokens of `text`. Returns false, leaving `t` unusable, for text holding a
 * lone surrogate: folding can pair it with a neighbour's, which only the general path sees.
 */
function scanFast(text: string, vocabulary: Vocabulary, t: TokenTable): boolean {
  const len = text.length;
  t.reset(vocabulary, len);
  let units = t.units;
  let n = 0;
  let lastSpace = false;
  // The last folded unit ends a token (so a dropped accent after it widens that token).
  let lastInToken = false;
  let open = false;
  let wStart = 0;
  let wEnd = 0;
  let wFold = 0;
  let h = HASH_SEED;
  let wFlags = 0;
  let odd = false;
  // A word is closed in place (t.push, open = false) rather than by a closure: variables a
  // closure captures live in a heap context, and this loop reads them on every unit.

  for (let i = 0; i < len;) {
    const c = text.charCodeAt(i);
    let kind: number;
    let end = i + 1;
    if (c < 0xd800 || c > 0xdfff) {
      kind = KIND[c] as number;
      if (kind === K_UNKNOWN) kind = learn(c);
    } else if (c <= 0xdbff && end < len && (text.charCodeAt(end) & 0xfc00) === 0xdc00) {
      kind = K_COMPLEX;
      end++;
    } else {
      return false;
    }
    if (kind === K_WORD) {
      const u = UNIT[c] as number;
      if (!open) {
        open = true;
        wStart = i;
        wFold = n;
        h = HASH_SEED;
        wFlags = odd ? ODD_GAP : 0;
        odd = false;
      }
      units[n++] = u;
      h = Math.imul(h ^ u, 0x01000193);
      if (u === 0x2a) wFlags |= STAR;
      // The rest of the word in a tight loop: most units of a page are letters. A surrogate or
      // a character not yet learnt is K_UNKNOWN here, and goes round the outer loop.
      while (end < len) {
        const d = text.charCodeAt(end);
        if (KIND[d] !== K_WORD) break;
        const v = UNIT[d] as number;
        units[n++] = v;
        h = Math.imul(h ^ v, 0x01000193);
        if (v === 0x2a) wFlags |= STAR;
        end++;
      }
      wEnd = end;
      lastSpace = false;
      lastInToken = true;
    } else if (kind === K_SPACE) {
      if (open) {
        t.push(wStart, wEnd, wFold, n, vocabulary.find(units, wFold, n, h), wFlags);
        open = false;
      }
      if (n === 0 || !lastSpace) {
        units[n++] = 0x20;
        lastSpace = true;
        lastInToken = false;
      }
    } else if (kind === K_GAP) {
      if (open) {
        t.push(wStart, wEnd, wFold, n, vocabulary.find(units, wFold, n, h), wFlags);
        open = false;
      }
      const u = UNIT[c] as number;
      units[n++] = u;
      if (u !== 0x2d) odd = true;
      lastSpace = false;
      lastInToken = false;
    } else if (kind === K_DROP) {
      if (lastInToken) {
        if (open) wEnd = end;
        else t.ends[t.count - 1] = end;
      }
    } else {
      // The general path: any fold, one folded code point at a time, as tokenize reads them.
      const folded = foldCodePoint(text.codePointAt(i) as number);
      t.ensureUnits(n + folded.length + (len - i) + 64);
      units = t.units;
      if (folded === '') {
        if (lastInToken) {
          if (open) wEnd = end;
          else t.ends[t.count - 1] = end;
        }
      }
      for (let j = 0; j < folded.length;) {
        const cp = folded.codePointAt(j) as number;
        const width = cp > 0xffff ? 2 : 1;
        if (cp === 0x20) {
          if (open) {
            t.push(wStart, wEnd, wFold, n, vocabulary.find(units, wFold, n, h), wFlags);
            open = false;
          }
          if (n === 0 || !lastSpace) {
            units[n++] = 0x20;
            lastSpace = true;
            lastInToken = false;
          }
          j++;
          continue;
        }
        const k = kindOf(folded.slice(j, j + width));
        if (k === WORD) {
          if (!open) {
            open = true;
            wStart = i;
            wFold = n;
            h = HASH_SEED;
            wFlags = odd ? ODD_GAP : 0;
            odd = false;
          }
          for (let w = 0; w < width; w++) {
            const u = folded.charCodeAt(j + w);
            units[n++] = u;
            h = Math.imul(h ^ u, 0x01000193);
            if (u === 0x2a) wFlags |= STAR;
          }
          wEnd = end;
          lastInToken = true;
        } else {
          if (open) {
            t.push(wStart, wEnd, wFold, n, vocabulary.find(units, wFold, n, h), wFlags);
            open = false;
          }
          const from = n;
          let hu = HASH_SEED;
          for (let w = 0; w < width; w++) {
            const u = folded.charCodeAt(j + w);
            units[n++] = u;
            hu = Math.imul(hu ^ u, 0x01000193);
            if (k !== UNSPACED_CHAR && u !== 0x2d) odd = true;
          }
          if (k === UNSPACED_CHAR) {
            t.push(i, end, from, n, vocabulary.find(units, from, n, hu), odd ? ODD_GAP : 0);
            odd = false;
          }
          lastInToken = k === UNSPACED_CHAR;
        }
        lastSpace = false;
        j += width;
      }
    }
    i = end;
  }
  if (open) t.push(wStart, wEnd, wFold, n, vocabulary.find(units, wFold, n, h), wFlags);
  return true;
}

/** The same tokens the slow, obvious way: for text the fast pass declines. */
function scanSlow(text: string, vocabulary: Vocabulary, t: TokenTable): void {
  const folded = normalizeWithMap(text);
  const tokens = tokenize(folded.text);
  t.reset(vocabulary, folded.text.length);
  t.ensureUnits(folded.text.length + 64);
  for (let u = 0; u < folded.text.length; u++) t.units[u] = folded.text.charCodeAt(u);
  for (let k = 0; k < tokens.words.length; k++) {
    const fs = tokens.starts[k] as number;
    const fe = tokens.ends[k] as number;
    let h = HASH_SEED;
    let flags = 0;
    for (let u = fs; u < fe; u++) {
      h = Math.imul(h ^ (t.units[u] as number), 0x01000193);
      if (t.units[u] === 0x2a) flags |= STAR;
    }
    if (k > 0) {
      for (let u = tokens.ends[k - 1] as number; u < fs; u++) {
        if (t.units[u] !== 0x20 && t.units[u] !== 0x2d) flags |= ODD_GAP;
      }
    }
    t.push(
      folded.starts[fs] as number,
      folded.ends[fe - 1] as number,
      fs,
      fe,
      vocabulary.find(t.units, fs, fe, h),
      flags,
    );
  }
}

/** Tokens of `text` into `t` (see TokenTable). */
export function scanTokens(text: string, vocabulary: Vocabulary, t: TokenTable): void {
  if (!scanFast(text, vocabulary, t)) scanSlow(text, vocabulary, t);
}
