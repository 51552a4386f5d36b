// The names a block's walks found and the page supports, as flat arrays reused from block to
// block: a page offers hundreds of thousands of candidates per megabyte (every "the" when a
// film is called "The"), so none of them costs an object until it is chosen. The arrays keep
// their length from block to block (`size` says how much is this block's): cutting an array's
// length to 0 drops its storage, and the next block grew it again push by push.
import type { TitleName } from './title-name.ts';

/**
 * Takes a chosen span, tokens [start, end): `filmIds` is the caller's to keep, or with
 * `ordered`, one name's own list in catalog order already (see buildTitleIndex), to be read,
 * not changed.
 */
export type TakeMatch = (filmIds: string[], ordered: boolean, start: number, end: number, article: boolean) => void;

export class Candidates {
  size = 0;
  private names: TitleName[] = [];
  private starts = new Int32Array(256);
  private ends = new Int32Array(256);
  /** Longest first, then exact before typo, then leftmost: the order matches are chosen in. */
  private ranks = new Float64Array(256);
  private order: number[] = [];
  private taken = new Uint8Array(1024);
  private chosen: number[] = [];
  private keys = new Float64Array(256);
  /** Per token, chosen group + 1 starting there: 0 between uses. */
  private groupAt = new Int32Array(1024);

  clear(): void {
    this.size = 0;
  }

  add(name: TitleName, start: number, end: number, typo: boolean): void {
    const i = this.size++;
    if (i === this.starts.length) this.grow();
    this.names[i] = name;
    this.starts[i] = start;
    this.ends[i] = end;
    // A title is at most 40 words long; a block at most 2^32 words.
    this.ranks[i] = ((64 - (end - start)) * 2 + (typo ? 1 : 0)) * 2 ** 32 + start;
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const starts = new Int32Array(size);
    starts.set(this.starts);
    this.starts = starts;
    const ends = new Int32Array(size);
    ends.set(this.ends);
    this.ends = ends;
    const ranks = new Float64Array(size);
    ranks.set(this.ranks);
    this.ranks = ranks;
  }

  /**
   * Longest matches first (then exact before typo, then leftmost); no two overlap. A span
   * spelt by several names is one match with all their films. `take` is called in text order.
   */
  chooseLongest(tokenCount: number, take: TakeMatch): void {
    const n = this.size;
    // Candidates come in text order, and on most blocks none overlaps another but those of its
    // own span: then every span is chosen, in that order, and nothing need be sorted or marked.
    if (n < 2 || this.apart()) {
      const ranks = this.ranks;
      for (let g = 0; g < n;) {
        let next = g + 1;
        while (next < n && ranks[next] === ranks[g]) next++;
        this.take(g, next, null, take);
        g = next;
      }
      return;
    }
    this.sortOrder(n);
    const order = this.order;
    // Where each chosen group of `order` starts.
    const chosen = this.chosen;
    chosen.length = 0;
    if (this.taken.length < tokenCount) this.taken = new Uint8Array(tokenCount * 2);
    const taken = this.taken;
    for (let g = 0; g < n; g = this.groupEnd(g)) {
      const first = order[g]!;
      const start = this.starts[first]!;
      const end = this.ends[first]!;
      let free = true;
      for (let k = start; k < end && free; k++) free = taken[k] === 0;
      if (!free) continue;
      taken.fill(1, start, end);
      chosen.push(g);
    }
    for (const g of chosen) taken.fill(0, this.starts[order[g]!]!, this.ends[order[g]!]!);
    // Chosen spans do not overlap, so their starts differ: each marks its group in `groupAt`
    // (group + 1), and text order is read from there, with no sort.
    const groupAt = this.groupAt.length < tokenCount ? (this.groupAt = new Int32Array(tokenCount * 2)) : this.groupAt;
    let from = tokenCount;
    for (const g of chosen) {
      const start = this.starts[order[g]!]!;
      groupAt[start] = g + 1;
      if (start < from) from = start;
    }
    for (let k = from, left = chosen.length; left > 0; k++) {
      const g = groupAt[k]! - 1;
      if (g < 0) continue;
      groupAt[k] = 0;
      left--;
      this.take(g, this.groupEnd(g), order, take);
    }
  }

  /**
   * `order` := the candidates by rank, ties (one span's names) in order of addition. Each key
   * is the rank and the index in one number, sorted as numbers by the engine (no comparator
   * called): a rank's parts are the span's length, typo or not, and its start token.
   */
  private sortOrder(n: number): void {
    const order = this.order;
    order.length = n;
    const ranks = this.ranks;
    if (n > this.keys.length) this.keys = new Float64Array(n * 2);
    // rank < 2^40 (see add); with n < 2^13 a key stays an exact integer below 2^53.
    if (n >= 1 << 13) {
      for (let i = 0; i < n; i++) order[i] = i;
      order.sort((a, b) => ranks[a]! - ranks[b]! || a - b);
      return;
    }
    const keys = this.keys.subarray(0, n);
    for (let i = 0; i < n; i++) keys[i] = ranks[i]! * 8192 + i;
    keys.sort();
    for (let i = 0; i < n; i++) order[i] = keys[i]! % 8192;
  }

  /** The match of the group [g, next) of `order` (or of the candidates themselves, when null). */
  private take(g: number, next: number, order: number[] | null, take: TakeMatch): void {
    const first = order ? order[g]! : g;
    const one = this.names[first]!;
    // One name, as most spans have: its films as they are.
    if (next === g + 1) return take(one.filmIds, true, this.starts[first]!, this.ends[first]!, one.article);
    const filmIds: string[] = [];
    let article = false;
    for (let i = g; i < next; i++) {
      const name = this.names[order ? order[i]! : i]!;
      article ||= name.article;
      for (const id of name.filmIds) if (!filmIds.includes(id)) filmIds.push(id);
    }
    take(filmIds, false, this.starts[first]!, this.ends[first]!, article);
  }

  /** The end of the group of equal rank (one span) that starts at `g` in `order`. */
  private groupEnd(g: number): number {
    const rank = this.ranks[this.order[g]!];
    let next = g + 1;
    while (next < this.size && this.ranks[this.order[next]!] === rank) next++;
    return next;
  }

  /**
   * Does each candidate either share the rank of the one before (the same span, both exact or
   * both typos) or start after every earlier one ends? Then the order of addition is the order
   * of choice.
   */
  private apart(): boolean {
    let reach = 0;
    for (let i = 0; i < this.size; i++) {
      if (i > 0 && this.ranks[i] === this.ranks[i - 1]) continue;
      if (this.starts[i]! < reach) return false;
      reach = this.ends[i]!;
    }
    return true;
  }
}
