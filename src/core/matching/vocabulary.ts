// Every distinct folded word of the catalog (title words, alias words, clue words), interned
// once and numbered. The page scanner hashes each word's folded units as it reads them and
// looks the hash up here, so a page word becomes a number without ever becoming a string.
import { hashOf } from '../hash.ts';

export class Vocabulary {
  /** Read whole on every wake: stored as one text (stored-graph.ts). */
  static readonly storedJoined = ['words'] as const;
  readonly words: string[] = [];
  private hashes = new Int32Array(256);
  /**
   * Open addressing, two numbers a slot: the word's hash and its id + 1 (0 for an empty slot),
   * side by side so that a probe reads one cache line.
   */
  private slots = new Int32Array(1024);
  private mask = 511;
  /** Every word's units end to end, word `id` at [offsets[id], offsets[id + 1]): compared without a string. */
  private units = new Uint16Array(1024);
  private offsets = new Int32Array(257);

  get size(): number {
    return this.words.length;
  }

  /** The id of the word spelt by `units[from, to)` (whose hash is `h`), or -1. */
  find(units: Uint16Array, from: number, to: number, h: number): number {
    const len = to - from;
    const slots = this.slots;
    const mask = this.mask;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const entry = slots[2 * s + 1] as number;
      if (entry === 0) return -1;
      if (slots[2 * s] !== h) continue;
      const id = entry - 1;
      const at = this.offsets[id] as number;
      if ((this.offsets[id + 1] as number) - at !== len) continue;
      const own = this.units;
      let k = 0;
      while (k < len && own[at + k] === units[from + k]) k++;
      if (k === len) return id;
    }
  }

  /**
   * Why this vocabulary, read back from a stored index, could not be read safely, or null:
   * every word's units in range, and a free slot in the table, so that a probe ends.
   */
  storedProblem(): string | null {
    const size = this.words.length;
    const { offsets, units, slots, hashes } = this;
    if (!(offsets instanceof Int32Array) || !(units instanceof Uint16Array) || !(slots instanceof Int32Array))
      return 'no vocabulary tables';
    if (!(hashes instanceof Int32Array) || hashes.length < size || offsets.length < size + 1)
      return 'vocabulary out of step';
    if (offsets[0] !== 0) return 'vocabulary offsets out of step';
    for (let id = 0; id < size; id++) if (offsets[id + 1]! < offsets[id]!) return 'vocabulary offsets go back';
    if (offsets[size]! > units.length) return 'vocabulary offsets past its letters';
    const slotCount = this.mask + 1;
    if ((slotCount & this.mask) !== 0 || slots.length !== 2 * slotCount) return 'vocabulary table out of step';
    let free = 0;
    for (let s = 0; s < slotCount; s++) {
      const entry = slots[2 * s + 1]!;
      if (entry === 0) free++;
      else if (entry < 0 || entry > size) return 'a vocabulary slot out of place';
    }
    return free === 0 ? 'a vocabulary table without room' : null;
  }

  /**
   * The same lookup as `find`, in a table of its own made now: for a vocabulary that is done
   * growing (a matcher's). Its fields are not the vocabulary's, so the stored form is as it was.
   */
  lookup(): WordLookup {
    return new WordLookup(this.slots, this.mask, this.offsets, this.units);
  }

  idOf(word: string): number {
    const h = hashOf(word);
    const mask = this.mask;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const entry = this.slots[2 * s + 1] as number;
      if (entry === 0) return -1;
      if (this.slots[2 * s] === h && this.words[entry - 1] === word) return entry - 1;
    }
  }

  intern(word: string): number {
    const known = this.idOf(word);
    return known >= 0 ? known : this.add(word, hashOf(word));
  }

  /** Like `intern`, for a word still in the scanner's buffer: no string unless it is new. */
  internUnits(units: Uint16Array, from: number, to: number, h: number): number {
    const known = this.find(units, from, to, h);
    return known >= 0 ? known : this.add(unitsToString(units, from, to), h);
  }

  private add(word: string, h: number): number {
    const id = this.words.length;
    this.words.push(word);
    if (id + 1 >= this.hashes.length) {
      const grown = new Int32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
      const offsets = new Int32Array(grown.length + 1);
      offsets.set(this.offsets);
      this.offsets = offsets;
    }
    this.hashes[id] = h;
    const at = this.offsets[id] as number;
    if (at + word.length > this.units.length) {
      const grown = new Uint16Array(Math.max(this.units.length * 2, at + word.length));
      grown.set(this.units);
      this.units = grown;
    }
    for (let k = 0; k < word.length; k++) this.units[at + k] = word.charCodeAt(k);
    this.offsets[id + 1] = at + word.length;
    if ((id + 1) * 2 > this.mask + 1) this.rehash((this.mask + 1) * 2);
    else this.place(id, h);
    return id;
  }

  private place(id: number, h: number): void {
    let s = h & this.mask;
    while (this.slots[2 * s + 1] !== 0) s = (s + 1) & this.mask;
    this.slots[2 * s] = h;
    this.slots[2 * s + 1] = id + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(2 * size);
    this.mask = size - 1;
    for (let id = 0; id < this.words.length; id++) this.place(id, this.hashes[id] as number);
  }
}

/** What fold-scan.ts asks of a vocabulary: a word's id by its units and hash. */
export interface WordFinder {
  find(units: Uint16Array, from: number, to: number, h: number): number;
}

// A finished vocabulary's lookup slot (WordLookup): the hash, the id + 1 with the word's length
// in the top bits (LONG for 127 units or more), and its first four units two to an int32.
const INLINE_UNITS = 4;
const SLOT = 2 + INLINE_UNITS / 2;
const LENGTH_SHIFT = 24;
const LONG = 127;

/**
 * A finished vocabulary's lookup (Vocabulary.lookup), four numbers a slot (see SLOT), so that a
 * probe for a word of up to four units reads its slot and nothing else, and a longer word's
 * probe reads its first four there. Every word of a page is looked up, most of them found,
 * many of them short ("the", "of", "and"). The table is as large as the vocabulary's.
 */
export class WordLookup implements WordFinder {
  private readonly slots: Int32Array;

  constructor(
    hashed: Int32Array,
    private readonly mask: number,
    private readonly offsets: Int32Array,
    private readonly units: Uint16Array,
  ) {
    const size = mask + 1;
    const slots = new Int32Array(SLOT * size);
    for (let s = 0; s < size; s++) {
      const entry = hashed[2 * s + 1]!;
      if (entry === 0) continue;
      const at = offsets[entry - 1]!;
      const len = offsets[entry]! - at;
      const q = SLOT * s;
      slots[q] = hashed[2 * s]!;
      slots[q + 1] = entry | (Math.min(len, LONG) << LENGTH_SHIFT);
      const inline = len < INLINE_UNITS ? len : INLINE_UNITS;
      for (let k = 0; k < inline; k += 2)
        slots[q + 2 + (k >> 1)] = units[at + k]! | (k + 1 < inline ? units[at + k + 1]! << 16 : 0);
    }
    this.slots = slots;
  }

  find(units: Uint16Array, from: number, to: number, h: number): number {
    const len = to - from;
    const slots = this.slots;
    const mask = this.mask;
    const short = len < LONG ? len : LONG;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const q = SLOT * s;
      const held = slots[q + 1]!;
      if (held === 0) return -1;
      if (slots[q] !== h || held >>> LENGTH_SHIFT !== short) continue;
      const id = (held & ((1 << LENGTH_SHIFT) - 1)) - 1;
      // Two units a step against the slot's copy; a last odd unit against its low half.
      const first = len > 1 ? units[from]! | (units[from + 1]! << 16) : len === 1 ? units[from]! : 0;
      if (first !== slots[q + 2]) continue;
      if (len <= 2) return id;
      const second = units[from + 2]! | (len > 3 ? units[from + 3]! << 16 : 0);
      if (second !== slots[q + 3]) continue;
      if (len <= INLINE_UNITS) return id;
      const at = this.offsets[id]!;
      if (short === LONG && this.offsets[id + 1]! - at !== len) continue;
      const own = this.units;
      let k = INLINE_UNITS;
      while (k < len && own[at + k] === units[from + k]) k++;
      if (k === len) return id;
    }
  }
}

export function unitsToString(units: Uint16Array, from: number, to: number): string {
  // In chunks: spreading a 100,000-unit word into one call would overflow the stack.
  let out = '';
  for (let at = from; at < to; at += 8192) {
    out += String.fromCharCode.apply(null, units.subarray(at, Math.min(to, at + 8192)) as unknown as number[]);
  }
  return out;
}
