// A quick "no" for typo checks. A word within one edit of another shares with it one of its
// one-letter deletions (or itself), so the hashes of every title word's deletions, with the
// word that owns each, answer "could this page word be a typo of some title word other than
// itself?" without making a string. A hash collision only costs a full check; a miss is exact.

const MAX = 63;
const B = 0x01000193;
const POW = new Int32Array(MAX + 1);
POW[0] = 1;
for (let i = 1; i <= MAX; i++) POW[i] = Math.imul(POW[i - 1] as number, B);

const pre = new Int32Array(MAX + 1);
const suf = new Int32Array(MAX + 1);
const out = new Int32Array(MAX + 1);
const buf = new Uint16Array(MAX);

function mix(h: number, length: number): number {
  h ^= Math.imul(length, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Hashes of the word in units[from, from + n) and of each of its one-letter deletions, into `out`. */
function variantHashes(units: ArrayLike<number>, from: number, n: number): number {
  pre[0] = 0;
  for (let i = 0; i < n; i++) pre[i + 1] = (Math.imul(pre[i] as number, B) + (units[from + i] as number)) | 0;
  suf[n] = 0;
  for (let i = n - 1; i >= 0; i--)
    suf[i] = (Math.imul(units[from + i] as number, POW[n - 1 - i] as number) + (suf[i + 1] as number)) | 0;
  out[0] = mix(pre[n] as number, n);
  for (let i = 0; i < n; i++) {
    out[i + 1] = mix((Math.imul(pre[i] as number, POW[n - 1 - i] as number) + (suf[i + 1] as number)) | 0, n - 1);
  }
  return n + 1;
}

export class TypoFilter {
  private keys = new Int32Array(1024);
  /** Vocabulary id of the only owner, -2 for several, -1 for an empty slot. */
  private owners = new Int32Array(1024).fill(-1);
  private mask = 1023;
  private used = 0;
  private readonly seen = new Set<number>();

  /** Registers a title word a typo may hit. */
  add(word: string, id: number): void {
    if (this.seen.has(id)) return;
    this.seen.add(id);
    if (word.length > MAX) return; // possible() says yes to every word long enough to be near it
    for (let i = 0; i < word.length; i++) buf[i] = word.charCodeAt(i);
    const count = variantHashes(buf, 0, word.length);
    for (let v = 0; v < count; v++) this.put(out[v] as number, id);
  }

  private put(h: number, id: number): void {
    if ((this.used + 1) * 2 > this.mask + 1) this.grow();
    let s = h & this.mask;
    for (;;) {
      const owner = this.owners[s] as number;
      if (owner === -1) {
        this.keys[s] = h;
        this.owners[s] = id;
        this.used++;
        return;
      }
      if (this.keys[s] === h) {
        if (owner !== id) this.owners[s] = -2;
        return;
      }
      s = (s + 1) & this.mask;
    }
  }

  private grow(): void {
    const keys = this.keys;
    const owners = this.owners;
    this.keys = new Int32Array(keys.length * 2);
    this.owners = new Int32Array(keys.length * 2).fill(-1);
    this.mask = keys.length * 2 - 1;
    this.used = 0;
    for (let s = 0; s < keys.length; s++) {
      const owner = owners[s] as number;
      if (owner === -1) continue;
      let t = (keys[s] as number) & this.mask;
      while (this.owners[t] !== -1) t = (t + 1) & this.mask;
      this.keys[t] = keys[s] as number;
      this.owners[t] = owner;
      this.used++;
    }
  }

  /** Could units[from, to) (vocabulary id `self`, or -1) be one edit from a registered word other than itself? */
  possible(units: ArrayLike<number>, from: number, to: number, self: number): boolean {
    const n = to - from;
    if (n >= MAX - 1) return true;
    if (this.used === 0) return false;
    const count = variantHashes(units, from, n);
    for (let v = 0; v < count; v++) {
      const h = out[v] as number;
      for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
        const owner = this.owners[s] as number;
        if (owner === -1) break;
        if (this.keys[s] === h) {
          if (owner !== self) return true;
          break;
        }
      }
    }
    return false;
  }
}
