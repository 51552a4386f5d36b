// The tokens of one block in reusable typed arrays, as fold-scan.ts fills them: each word's
// original span, its span in the folded text, its vocabulary id and flags. One table serves
// block after block, so a page costs no object per word.

import { unitsToString, type Vocabulary } from './vocabulary.ts';

/** Token flags. */
export const STAR = 1; // holds a `*` (a censored word, or only stars)
export const ODD_GAP = 2; // what precedes it holds punctuation, not only spaces and dashes

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
   * Word classes (word-classes.ts's WORD_CLASS) by vocabulary id, from an index whose vocabulary
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

  /** Word `k`'s classes (see token-view.ts), -1 when not known. */
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
