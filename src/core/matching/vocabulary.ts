// Every distinct folded word of the catalog (title words, alias words, clue words), interned
// once and numbered. The page scanner hashes each word's folded units as it reads them and
// looks the hash up here, so a page word becomes a number without ever becoming a string.
import { hashOf } from '../hash.ts';

export class Vocabulary {
  readonly words: string[] = [];
  private hashes = new Int32Array(256);
  /** Open addressing: word id + 1, 0 for an empty slot. */
  private slots = new Int32Array(512);
  private mask = 511;

  get size(): number {
    return this.words.length;
  }

  /** The id of the word spelt by `units[from, to)` (whose hash is `h`), or -1. */
  find(units: Uint16Array, from: number, to: number, h: number): number {
    const len = to - from;
    const slots = this.slots;
    const mask = this.mask;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const entry = slots[s] as number;
      if (entry === 0) return -1;
      const id = entry - 1;
      if (this.hashes[id] !== h) continue;
      const word = this.words[id] as string;
      if (word.length !== len) continue;
      let k = 0;
      while (k < len && word.charCodeAt(k) === units[from + k]) k++;
      if (k === len) return id;
    }
  }

  idOf(word: string): number {
    const h = hashOf(word);
    const mask = this.mask;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const entry = this.slots[s] as number;
      if (entry === 0) return -1;
      if (this.hashes[entry - 1] === h && this.words[entry - 1] === word) return entry - 1;
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
    if (id >= this.hashes.length) {
      const grown = new Int32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[id] = h;
    if ((id + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    else this.place(id, h);
    return id;
  }

  private place(id: number, h: number): void {
    let s = h & this.mask;
    while (this.slots[s] !== 0) s = (s + 1) & this.mask;
    this.slots[s] = id + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let id = 0; id < this.words.length; id++) this.place(id, this.hashes[id] as number);
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
