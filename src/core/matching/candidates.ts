// The names a block's walks found and the page supports, as flat arrays reused from block to
// block: a page offers hundreds of thousands of candidates per megabyte (every "the" when a
// film is called "The"), so none of them costs an object until it is chosen. The arrays keep
// their length from block to block (`size` says how much is this block's): cutting an array's
// length to 0 drops its storage, and the next block grew it again push by push.
//
// An exact walk's hit is kept as its trie node, not as names: which of the node's names the
// page supports (the evidence rules) and what they are is asked only when the span's turn comes
// and it is still free (Resolve). A shorter hit inside a chosen title ("Night" in "The Last
// Night of Kalomi") then costs neither the rules nor a read of its names: about three in ten of
// the bench page's questions to the rules were of such spans (issue 28).
import type { TitleName } from './title-name.ts';

/**
 * Takes a chosen span, tokens [start, end): `filmIds` is the caller's to keep, or with
 * `ordered`, one name's own list in catalog order already (see buildTitleIndex), to be read,
 * not changed.
 */
export type TakeMatch = (filmIds: string[], ordered: boolean, start: number, end: number, article: boolean) => void;

/**
 * Gives `pick` the names ending at trie node `node` that the page supports over tokens
 * [start, end), in the node's order (addNode).
 */
export type Resolve = (node: number, start: number, end: number) => void;

export class Candidates {
  size = 0;
  /** A name, or null for a trie node's names (`nodes`), resolved when its span is chosen. */
  private names: Array<TitleName | null> = [];
  private nodes = new Int32Array(256);
  private starts = new Int32Array(256);
  private ends = new Int32Array(256);
  /** Longest first, then exact before typo, then leftmost: the order matches are chosen in. */
  private ranks = new Float64Array(256);
  private order = new Int32Array(256);
  /** chooseAmong's: a run's candidates by rank, and its chosen ones with their names in `picked`. */
  private run = new Int32Array(64);
  private runChosen = new Int32Array(64);
  private runFrom = new Int32Array(64);
  private runTo = new Int32Array(64);
  private taken = new Uint8Array(1024);
  private chosen: number[] = [];
  private keys = new Float64Array(256);
  /** Per token, chosen group + 1 starting there: 0 between uses. */
  private groupAt = new Int32Array(1024);
  /**
   * The chosen groups' names, end to end (`pickedSize` of them; the array keeps its length, see
   * above), and where each chosen group's start in it: each name as its films and its article
   * flag, all that `take` reads of it, so that a name known by its node (sole-names.ts) is
   * picked without reading its object.
   */
  private pickedFilms: string[][] = [];
  private pickedArticle = new Uint8Array(64);
  private pickedSize = 0;
  private pickedAt: number[] = [];

  clear(): void {
    this.size = 0;
  }

  add(name: TitleName, start: number, end: number, typo: boolean): void {
    this.put(name, -1, start, end, typo);
  }

  /** A name of the node being resolved (Resolve). */
  pick(name: TitleName): void {
    this.pickFilms(name.filmIds, name.article);
  }

  /** A name of the node being resolved (Resolve), by its films and its article flag. */
  pickFilms(filmIds: string[], article: boolean): void {
    const i = this.pickedSize++;
    this.pickedFilms[i] = filmIds;
    if (i === this.pickedArticle.length) {
      const grown = new Uint8Array(i * 2);
      grown.set(this.pickedArticle);
      this.pickedArticle = grown;
    }
    this.pickedArticle[i] = article ? 1 : 0;
  }

  /** An exact hit at trie node `node`: its names are asked for (Resolve) if its span is chosen. */
  addNode(node: number, start: number, end: number): void {
    this.put(null, node, start, end, false);
  }

  private put(name: TitleName | null, node: number, start: number, end: number, typo: boolean): void {
    const i = this.size++;
    if (i === this.starts.length) this.grow();
    this.names[i] = name;
    this.nodes[i] = node;
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
    const nodes = new Int32Array(size);
    nodes.set(this.nodes);
    this.nodes = nodes;
  }

  /**
   * Longest matches first (then exact before typo, then leftmost); no two overlap. A span
   * spelt by several names is one match with all their films. A span none of whose names the
   * page supports (`resolve` gives none) is no match and leaves its tokens free. `take` is
   * called in text order.
   */
  chooseLongest(tokenCount: number, resolve: Resolve, take: TakeMatch): void {
    const n = this.size;
    this.pickedSize = 0;
    // Exact hits come in text order (by start); a block's typo candidates, after them. In text
    // order the choice splits at every token no candidate spans across: each run of overlapping
    // candidates is chosen on its own, and most such runs are one span (one group).
    if (this.inTextOrder()) {
      const { starts, ends, ranks } = this;
      for (let a = 0; a < n;) {
        let reach = ends[a]!;
        let b = a + 1;
        let one = true;
        for (; b < n && starts[b]! < reach; b++) {
          if (ranks[b] !== ranks[a]) one = false;
          if (ends[b]! > reach) reach = ends[b]!;
        }
        if (one) {
          this.resolveGroup(a, b, null, resolve);
          if (this.pickedSize > 0) this.take(a, 0, take);
          this.pickedSize = 0;
        } else this.chooseAmong(a, b, tokenCount, resolve, take);
        a = b;
      }
      return;
    }
    this.sortOrder(n);
    const order = this.order;
    // Where each chosen group of `order` starts, and where its names start in `picked`.
    const chosen = this.chosen;
    chosen.length = 0;
    const pickedAt = this.pickedAt;
    pickedAt.length = 0;
    if (this.taken.length < tokenCount) this.taken = new Uint8Array(tokenCount * 2);
    const taken = this.taken;
    for (let g = 0; g < n; g = this.groupEnd(g)) {
      const first = order[g]!;
      const start = this.starts[first]!;
      const end = this.ends[first]!;
      let free = true;
      for (let k = start; k < end && free; k++) free = taken[k] === 0;
      if (!free) continue;
      const from = this.pickedSize;
      this.resolveGroup(g, this.groupEnd(g), order, resolve);
      if (this.pickedSize === from) continue;
      taken.fill(1, start, end);
      chosen.push(g);
      pickedAt.push(from);
    }
    pickedAt.push(this.pickedSize);
    for (const g of chosen) taken.fill(0, this.starts[order[g]!]!, this.ends[order[g]!]!);
    // Chosen spans do not overlap, so their starts differ: each marks its place in `chosen`
    // (+ 1) in `groupAt`, and text order is read from there, with no sort.
    const groupAt = this.groupAt.length < tokenCount ? (this.groupAt = new Int32Array(tokenCount * 2)) : this.groupAt;
    let from = tokenCount;
    for (let c = 0; c < chosen.length; c++) {
      const start = this.starts[order[chosen[c]!]!]!;
      groupAt[start] = c + 1;
      if (start < from) from = start;
    }
    for (let k = from, left = chosen.length; left > 0; k++) {
      const c = groupAt[k]! - 1;
      if (c < 0) continue;
      groupAt[k] = 0;
      left--;
      this.take(order[chosen[c]!]!, pickedAt[c]!, take, pickedAt[c + 1]!);
    }
    this.pickedSize = 0;
  }

  /** The names of the group [g, next) of `order` (or of the candidates, when null) the page supports, onto `picked`. */
  private resolveGroup(g: number, next: number, order: Int32Array | null, resolve: Resolve): void {
    for (let i = g; i < next; i++) {
      const c = order ? order[i]! : i;
      const name = this.names[c]!;
      if (name !== null) this.pick(name);
      else resolve(this.nodes[c]!, this.starts[c]!, this.ends[c]!);
    }
  }

  /**
   * `order` := the candidates by rank, ties (one span's names) in order of addition. Each key
   * is the rank and the index in one number, sorted as numbers by the engine (no comparator
   * called): a rank's parts are the span's length, typo or not, and its start token.
   */
  private sortOrder(n: number): void {
    if (this.order.length < n) this.order = new Int32Array(n * 2);
    const order = this.order;
    const ranks = this.ranks;
    if (n > this.keys.length) this.keys = new Float64Array(n * 2);
    // rank < 2^40 (see add); with n < 2^13 a key stays an exact integer below 2^53.
    if (n >= 1 << 13) {
      for (let i = 0; i < n; i++) order[i] = i;
      order.subarray(0, n).sort((a, b) => ranks[a]! - ranks[b]! || a - b);
      return;
    }
    const keys = this.keys.subarray(0, n);
    for (let i = 0; i < n; i++) keys[i] = ranks[i]! * 8192 + i;
    keys.sort();
    for (let i = 0; i < n; i++) order[i] = keys[i]! % 8192;
  }

  /** The match of candidate `first`'s span, whose names are `picked[from, to)`. */
  private take(first: number, from: number, take: TakeMatch, to = this.pickedSize): void {
    const films = this.pickedFilms;
    const articles = this.pickedArticle;
    // One name, as most spans have: its films as they are.
    if (to === from + 1) return take(films[from]!, true, this.starts[first]!, this.ends[first]!, articles[from] === 1);
    const filmIds: string[] = [];
    let article = false;
    for (let i = from; i < to; i++) {
      article ||= articles[i] === 1;
      for (const id of films[i]!) if (!filmIds.includes(id)) filmIds.push(id);
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

  /** Are the candidates in order of their starts? */
  private inTextOrder(): boolean {
    const starts = this.starts;
    for (let i = 1; i < this.size; i++) if (starts[i]! < starts[i - 1]!) return false;
    return true;
  }

  /**
   * The choice among candidates [a, b), which no other candidate overlaps: by rank (insertion
   * sort, as such runs are a few candidates long), then taken in text order.
   */
  private chooseAmong(a: number, b: number, tokenCount: number, resolve: Resolve, take: TakeMatch): void {
    const { starts, ends, ranks } = this;
    const n = b - a;
    if (this.run.length < n) this.run = new Int32Array(2 * n);
    if (this.runChosen.length < n) {
      this.runChosen = new Int32Array(2 * n);
      this.runFrom = new Int32Array(2 * n);
      this.runTo = new Int32Array(2 * n);
    }
    const { run: order, runChosen: chosen, runFrom: from, runTo: to } = this;
    for (let i = 0; i < n; i++) {
      const c = a + i;
      let j = i;
      // Ties (one span's names) keep their order of addition.
      for (; j > 0 && ranks[order[j - 1]!]! > ranks[c]!; j--) order[j] = order[j - 1]!;
      order[j] = c;
    }
    let count = 0;
    if (this.taken.length < tokenCount) this.taken = new Uint8Array(tokenCount * 2);
    const taken = this.taken;
    for (let g = 0; g < n;) {
      const first = order[g]!;
      let next = g + 1;
      while (next < n && ranks[order[next]!] === ranks[first]) next++;
      const start = starts[first]!;
      const end = ends[first]!;
      let free = true;
      for (let k = start; k < end && free; k++) free = taken[k] === 0;
      if (free) {
        const at = this.pickedSize;
        this.resolveGroup(g, next, order, resolve);
        if (this.pickedSize > at) {
          taken.fill(1, start, end);
          // In text order: chosen spans do not overlap, so their starts differ.
          let j = count++;
          for (; j > 0 && starts[chosen[j - 1]!]! > start; j--) {
            chosen[j] = chosen[j - 1]!;
            from[j] = from[j - 1]!;
            to[j] = to[j - 1]!;
          }
          chosen[j] = first;
          from[j] = at;
          to[j] = this.pickedSize;
        }
      }
      g = next;
    }
    for (let c = 0; c < count; c++) taken.fill(0, starts[chosen[c]!]!, ends[chosen[c]!]!);
    for (let c = 0; c < count; c++) this.take(chosen[c]!, from[c]!, take, to[c]!);
    this.pickedSize = 0;
  }
}
