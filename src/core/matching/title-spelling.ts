// How the index spells a catalog title: its words, interned in the vocabulary, and the gap
// keys between them, read by the same scan (fold-scan.ts) as page text, so that a title and
// the page that names it fold and split alike.

import { scanTokens } from './fold-scan.ts';
import { HASH_SEED, hashStep } from '../hash.ts';
import type { TokenTable } from './token-table.ts';
import type { Vocabulary } from './vocabulary.ts';

export interface Spelling {
  ids: number[];
  gaps: readonly string[];
}

/** The gaps of a name whose words are separated by spaces and dashes only. */
export const NO_GAPS: readonly string[] = Object.freeze([]) as readonly string[];

// Catalog text comes from feeds: a pathological title must not cost unbounded memory.
export const MAX_TITLE_LENGTH = 300;
const MAX_WORDS = 40;
const LETTERS = /^\p{L}+$/u;
// A title's word ids, gathered here and copied out by a builtin (slice; see list-of-one.ts): a
// `new Array` per title was allocated in the old space once its arrays were seen to outlive a
// collection.
const spelt: number[] = [];

/** A title's words (interned) and the gap keys between them, or null for an unusable title. */
function nameParts(title: string, vocabulary: Vocabulary, t: TokenTable): Spelling | null {
  scanTokens(title.length > MAX_TITLE_LENGTH ? title.slice(0, MAX_TITLE_LENGTH) : title, vocabulary, t);
  const count = t.count;
  if (count === 0 || count > MAX_WORDS) return null;
  // A name that is nothing but asterisks would match any censored word.
  let allStars = true;
  for (let k = 0; k < count && allStars; k++) {
    for (let u = t.foldStarts[k]!; u < t.foldEnds[k]!; u++) if (t.units[u] !== 0x2a) allStars = false;
  }
  let gaps: string[] | null = null;
  for (let k = 0; k < count; k++) {
    let id = t.ids[k]!;
    if (id < 0) {
      const from = t.foldStarts[k]!;
      const to = t.foldEnds[k]!;
      let h = HASH_SEED;
      for (let u = from; u < to; u++) h = hashStep(h, t.units[u]!);
      id = vocabulary.internUnits(t.units, from, to, h);
    }
    spelt[k] = id;
    if (k > 0) {
      const gap = t.gap(k);
      if (gap !== '' && !gaps) gaps = new Array<string>(k - 1).fill('');
      if (gaps) gaps.push(gap);
    }
  }
  if (allStars) return null;
  return { ids: spelt.slice(0, count), gaps: gaps ?? NO_GAPS };
}

/**
 * The ways a title is spelt in words: as written, and with an apostrophe's short suffix glued
 * on, since pages often drop the apostrophe ("Poor Boys Game" for "Poor Boy's Game").
 */
export function nameVariants(title: string, vocabulary: Vocabulary, t: TokenTable): Spelling[] {
  const parts = nameParts(title, vocabulary, t);
  if (!parts) return [];
  if (parts.gaps === NO_GAPS) return [parts];
  const words = vocabulary.words;
  let joinedIds: number[] | null = null;
  const joinedGaps: string[] = [];
  for (let i = 1; i < parts.ids.length; i++) {
    const word = words[parts.ids[i]!]!;
    if (parts.gaps[i - 1] === "'" && word.length <= 2 && LETTERS.test(word)) {
      joinedIds ??= parts.ids.slice(0, i);
      const last = joinedIds.length - 1;
      joinedIds[last] = vocabulary.intern(words[joinedIds[last]!]! + word);
    } else if (joinedIds) {
      joinedIds.push(parts.ids[i]!);
      joinedGaps.push(parts.gaps[i - 1] ?? '');
    } else {
      joinedGaps.push(parts.gaps[i - 1] ?? '');
    }
  }
  if (!joinedIds) return [parts];
  return [parts, { ids: joinedIds, gaps: joinedGaps.some((g) => g !== '') ? joinedGaps : NO_GAPS }];
}
