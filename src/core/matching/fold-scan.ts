// Folds and tokenises a block in one pass over its UTF-16 units, into reusable typed arrays.
// It produces exactly the tokens of tokenize(normalizeWithMap(text).text), with their
// original spans, but without building the folded string, its span arrays or a string per
// word: ASCII takes a table lookup per unit, other characters a per-code-point table learnt
// from normalize.ts on first sight, and each word is hashed as it is read and looked up in
// the catalog's vocabulary. The equivalence is tested in test/core/matching/fold-scan.test.ts.

import { foldCodePoint, normalizeWithMap } from './normalize.ts';
import { ODD_GAP, STAR, type TokenTable } from './token-table.ts';
import { kindOf, tokenize, UNSPACED_CHAR, WORD } from './tokenize.ts';
import { HASH_SEED } from '../hash.ts';
import type { Vocabulary, WordFinder } from './vocabulary.ts';

// How one code point folds: into one word unit, one punctuation unit, a space, nothing, a
// character of an unspaced script, or something longer read the general way.
const K_UNKNOWN = 0;
const K_WORD = 1;
const K_GAP = 2;
const K_SPACE = 3;
const K_DROP = 4;
const K_COMPLEX = 5;
// A folded space in the general path, beside tokenize's kinds.
const SPACE_CP = -1;

// One table for the whole Basic Multilingual Plane, filled as characters are first met.
const KIND = new Uint8Array(0x10000);
const UNIT = new Uint16Array(0x10000);
// A word character's unit and 0 for anything else (or not yet learnt): the letters' loop reads
// this one table where it read KIND and UNIT. 0 for `*` too, which the outer loop flags (STAR),
// so that the letters' loop need not look for it.
const WORD_UNIT = new Uint16Array(0x10000);
const SPACE = 0x20;

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
    if (kind === K_WORD && UNIT[cp] !== 0x2a) WORD_UNIT[cp] = UNIT[cp]!;
  }
  KIND[cp] = kind;
  return kind;
}

/**
 * Fills `t` with the tokens of `text`. Returns false, leaving `t` unusable, for text holding a
 * lone surrogate: folding can pair it with a neighbour's, which only the general path sees.
 */
function scanFast(text: string, vocabulary: Vocabulary, t: TokenTable, words: WordFinder): boolean {
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

  scan: for (let i = 0; i < len;) {
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
      // Word after word, each closed by a plain space, in this loop: most of a page is words
      // and single spaces. Anything else goes round the outer loop.
      for (;;) {
        // The rest of the word in a tight loop: most units of a page are letters. A surrogate, a
        // `*` or a character not yet learnt goes round the outer loop.
        let d = 0;
        while (end < len) {
          d = text.charCodeAt(end);
          const v = WORD_UNIT[d] as number;
          if (v === 0) break;
          units[n++] = v;
          h = Math.imul(h ^ v, 0x01000193);
          end++;
        }
        wEnd = end;
        if (d !== SPACE || end >= len) break;
        // A plain space after the word, the commonest case, closed here as the K_SPACE branch
        // below does (the word is open, so the last unit is no space).
        t.push(wStart, wEnd, wFold, n, words.find(units, wFold, n, h), wFlags);
        units[n++] = SPACE;
        i = end + 1;
        const v = i < len ? (WORD_UNIT[text.charCodeAt(i)] as number) : 0;
        if (v === 0) {
          open = false;
          lastSpace = true;
          lastInToken = false;
          continue scan;
        }
        // A word unit right after it opens the next word here, as the outer loop would: no
        // punctuation since the last word opened, so the new word's flags are none.
        wStart = i;
        wFold = n;
        wFlags = 0;
        units[n++] = v;
        h = Math.imul(HASH_SEED ^ v, 0x01000193);
        end = i + 1;
      }
      lastSpace = false;
      lastInToken = true;
    } else if (kind === K_SPACE) {
      if (open) {
        t.push(wStart, wEnd, wFold, n, words.find(units, wFold, n, h), wFlags);
        open = false;
      }
      if (n === 0 || !lastSpace) {
        units[n++] = 0x20;
        lastSpace = true;
        lastInToken = false;
      }
    } else if (kind === K_GAP) {
      if (open) {
        t.push(wStart, wEnd, wFold, n, words.find(units, wFold, n, h), wFlags);
        open = false;
      }
      const u = UNIT[c] as number;
      units[n++] = u;
      if (u !== 0x2d) odd = true;
      lastSpace = false;
      lastInToken = false;
    } else {
      // The general path: any fold, one folded code point at a time, as tokenize reads them.
      const folded = kind === K_COMPLEX ? foldCodePoint(text.codePointAt(i) as number) : '';
      if (folded === '') {
        // Dropped (an accent, a variation selector): it widens the token it follows.
        if (lastInToken) {
          if (open) wEnd = end;
          else t.ends[t.count - 1] = end;
        }
        i = end;
        continue;
      }
      t.ensureUnits(n + folded.length + (len - i) + 64);
      units = t.units;
      for (let j = 0; j < folded.length;) {
        const cp = folded.codePointAt(j) as number;
        const width = cp > 0xffff ? 2 : 1;
        const k = cp === 0x20 ? SPACE_CP : kindOf(folded.slice(j, j + width));
        // Anything but a word character ends the open word.
        if (open && k !== WORD) {
          t.push(wStart, wEnd, wFold, n, words.find(units, wFold, n, h), wFlags);
          open = false;
        }
        if (k === SPACE_CP) {
          if (n === 0 || !lastSpace) {
            units[n++] = 0x20;
            lastSpace = true;
            lastInToken = false;
          }
          j++;
          continue;
        }
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
          const from = n;
          let hu = HASH_SEED;
          for (let w = 0; w < width; w++) {
            const u = folded.charCodeAt(j + w);
            units[n++] = u;
            hu = Math.imul(hu ^ u, 0x01000193);
            if (k !== UNSPACED_CHAR && u !== 0x2d) odd = true;
          }
          if (k === UNSPACED_CHAR) {
            t.push(i, end, from, n, words.find(units, from, n, hu), odd ? ODD_GAP : 0);
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
  if (open) t.push(wStart, wEnd, wFold, n, words.find(units, wFold, n, h), wFlags);
  return true;
}

/** The same tokens the slow, obvious way: for text the fast pass declines. */
function scanSlow(text: string, vocabulary: Vocabulary, t: TokenTable, words: WordFinder): void {
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
    t.push(folded.starts[fs] as number, folded.ends[fe - 1] as number, fs, fe, words.find(t.units, fs, fe, h), flags);
  }
}

/**
 * Tokens of `text` into `t` (see TokenTable). `words`: the vocabulary's lookup, when it is done
 * growing (Vocabulary.lookup, the matcher's), or the vocabulary itself.
 */
export function scanTokens(text: string, vocabulary: Vocabulary, t: TokenTable, words: WordFinder = vocabulary): void {
  if (!scanFast(text, vocabulary, t, words)) scanSlow(text, vocabulary, t, words);
}
