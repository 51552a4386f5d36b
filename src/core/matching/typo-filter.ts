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

/** Room for TypoFilter.neighbours' answer; more neighbours than this read as "any word". */
export const MAX_NEIGHBOURS = 256;

export class TypoFilter {
  /** A multimap from variant hash to the title words having it: one slot per (hash, word). */
  private keys = new Int32Array(1024);
  /** Vocabulary id of the slot's word, -1 for an empty slot. */
  private owners = new Int32Array(1024).fill(-1);
  private mask = 1023;
  private used = 0;
  private readonly seen = new Set<number>();
  /** Answers for catalog words by vocabulary id (0 unknown, 1 no, 2 yes): the same words come back on every page. */
  private answers = new Uint8Array(0);

  /**
   * One past the highest word an owner may name: every word while built; read back, the
   * vocabulary's size (storedProblem), so that a damaged owner reads as no neighbour.
   */
  private ownerLimit = 0x7fffffff;

  /**
   * Why this filter, read back from a stored index, could not be probed safely, or null. The
   * owners are checked where `neighbours` hands them out, not slot by slot here: on a wake this
   * was a cold loop over every slot (65,536 at 100,000 bench films) before the first find. A
   * probe ends at a free slot, so one must be found: looked for from slot 0 (the table is at
   * most half full, so a few reads).
   */
  storedProblem(vocabularySize: number): string | null {
    const { keys, owners, answers } = this;
    const size = this.mask + 1;
    if (!(keys instanceof Int32Array) || !(owners instanceof Int32Array) || !(answers instanceof Uint8Array))
      return 'no typo filter';
    if ((size & this.mask) !== 0 || keys.length !== size || owners.length !== size) return 'typo filter out of step';
    if (!Number.isInteger(vocabularySize) || vocabularySize < 0) return 'a typo filter word unknown';
    this.ownerLimit = vocabularySize;
    return owners.indexOf(-1) < 0 ? 'a typo filter without room' : null;
  }

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
    if (this.answers.length > 0) this.answers = new Uint8Array(0);
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
      if (this.keys[s] === h && owner === id) return;
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
    if (self < 0) return this.check(units, from, to, self);
    if (self >= this.answers.length) {
      const grown = new Uint8Array(Math.max(self + 1, this.answers.length * 2, 256));
      grown.set(this.answers);
      this.answers = grown;
    }
    let answer = this.answers[self] as number;
    if (answer === 0) this.answers[self] = answer = this.check(units, from, to, self) ? 2 : 1;
    return answer === 2;
  }

  /**
   * The registered words other than itself that units[from, to) (vocabulary id `self`, or -1)
   * may be one edit from (they share a one-letter deletion, or a hash), written to `into`
   * (MAX_NEIGHBOURS long); their number, or -1 for "any word": too long to tell, or too many.
   * A word not listed is not one edit away; a listed one may be two.
   */
  neighbours(units: ArrayLike<number>, from: number, to: number, self: number, into: Int32Array): number {
    const n = to - from;
    if (n >= MAX - 1) return -1;
    if (this.used === 0) return 0;
    const count = variantHashes(units, from, n);
    let found = 0;
    for (let v = 0; v < count; v++) {
      const h = out[v] as number;
      for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
        const owner = this.owners[s] as number;
        if (owner === -1) break;
        // A damaged owner (read back) is no word: skipped, never handed out.
        if (this.keys[s] !== h || owner === self || owner >>> 0 >= this.ownerLimit) continue;
        if (found === MAX_NEIGHBOURS) return -1;
        into[found++] = owner;
      }
    }
    return found;
  }

  private check(units: ArrayLike<number>, from: number, to: number, self: number): boolean {
    const n = to - from;
    if (n >= MAX - 1) return true;
    if (this.used === 0) return false;
    const count = variantHashes(units, from, n);
    for (let v = 0; v < count; v++) {
      const h = out[v] as number;
      for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
        const owner = this.owners[s] as number;
        if (owner === -1) break;
        if (this.keys[s] === h && owner !== self) return true;
      }
    }
    return false;
  }
}

/**
 * Is units[from, to) within one edit (insertion, deletion, substitution or swap of neighbours)
 * of `word`? The same test as typo.ts's, without making a string of the page's word.
 */
export function withinOneEditUnits(units: ArrayLike<number>, from: number, to: number, word: string): boolean {
  const la = to - from;
  const lb = word.length;
  if (la - lb > 1 || lb - la > 1) return false;
  let i = 0;
  while (i < la && i < lb && units[from + i] === word.charCodeAt(i)) i++;
  if (i === la && i === lb) return true;
  const sameFrom = (a: number, b: number): boolean => {
    if (la - a !== lb - b) return false;
    for (; a < la; a++, b++) if (units[from + a] !== word.charCodeAt(b)) return false;
    return true;
  };
  if (la === lb) {
    if (sameFrom(i + 1, i + 1)) return true;
    return (
      i + 1 < la &&
      units[from + i] === word.charCodeAt(i + 1) &&
      units[from + i + 1] === word.charCodeAt(i) &&
      sameFrom(i + 2, i + 2)
    );
  }
  return la < lb ? sameFrom(i, i + 1) : sameFrom(i + 1, i);
}
