// What the index asks of a catalog word, learnt once per distinct word: titles share most of
// their words, so each is looked up in the word lists and tested once per build.

import type { Lexicon } from './lexicon.ts';
import { isCensored } from './tokenize.ts';
import type { Vocabulary } from './vocabulary.ts';

const KNOWN = 1;
export const COMMON = 2;
export const NUMERIC = 4;
export const CENSORED = 8;

const NUMBER = /^\p{N}+$/u;

/** One build's facts, by vocabulary id: KNOWN once learnt, with COMMON, NUMERIC and CENSORED. */
export class WordFacts {
  private facts = new Uint8Array(1024);
  private vocabulary: Vocabulary | null = null;
  private lexicon: Lexicon | null = null;

  /** Starts a build; `end` lets go of its vocabulary. */
  begin(vocabulary: Vocabulary, lexicon: Lexicon): void {
    this.vocabulary = vocabulary;
    this.lexicon = lexicon;
    this.facts.fill(0);
  }

  end(): void {
    this.vocabulary = null;
    this.lexicon = null;
  }

  of(id: number): number {
    if (id >= this.facts.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.facts.length * 2));
      grown.set(this.facts);
      this.facts = grown;
    }
    let f = this.facts[id]!;
    if (f === 0) {
      const w = this.vocabulary!.words[id]!;
      f = KNOWN;
      if (this.lexicon!.common.has(w)) f |= COMMON;
      if (NUMBER.test(w)) f |= NUMERIC;
      if (isCensored(w)) f |= CENSORED;
      this.facts[id] = f;
    }
    return f;
  }
}
