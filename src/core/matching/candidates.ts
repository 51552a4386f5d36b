// The names a block's walks found and the page supports, as flat arrays reused from block to
// block: a page offers hundreds of thousands of candidates per megabyte (every "the" when a
// film is called "The"), so none of them costs an object until it is chosen.
import type { TitleName } from './title-index.ts';

/** A chosen match, in tokens [start, end). */
export interface Accepted {
  filmIds: string[];
  start: number;
  end: number;
  typo: boolean;
  article: boolean;
  /** filmIds are one name's, in catalog order already (see buildTitleIndex). */
  ordered: boolean;
}

export class Candidates {
  size = 0;
  private names: TitleName[] = [];
  private starts: number[] = [];
  private ends: number[] = [];
  /** Longest first, then exact before typo, then leftmost: the order matches are chosen in. */
  private ranks: number[] = [];
  private order: number[] = [];
  private taken = new Uint8Array(1024);

  clear(): void {
    this.size = 0;
    this.names.length = 0;
  }

  add(name: TitleName, start: number, end: number, typo: boolean): void {
    const i = this.size++;
    this.names[i] = name;
    this.starts[i] = start;
    this.ends[i] = end;
    // A title is at most 40 words long; a block at most 2^32 words.
    this.ranks[i] = ((64 - (end - start)) * 2 + (typo ? 1 : 0)) * 2 ** 32 + start;
  }

  /**
   * Longest matches first (then exact before typo, then leftmost); no two overlap. A span
   * spelt by several names is one match with all their films.
   */
  chooseLongest(tokenCount: number): Accepted[] {
    const n = this.size;
    const ranks = this.ranks;
    const order = this.order;
    order.length = n;
    for (let i = 0; i < n; i++) order[i] = i;
    // Candidates come in text order, and on most blocks none overlaps another but those of its
    // own span: then every span is chosen, in that order, and no sort is needed.
    const apart = n < 2 || this.apart();
    if (!apart) order.sort((a, b) => ranks[a]! - ranks[b]! || a - b);
    if (this.taken.length < tokenCount) this.taken = new Uint8Array(tokenCount * 2);
    const taken = this.taken;
    const chosen: Accepted[] = [];
    for (let g = 0; g < n;) {
      const first = order[g]!;
      let next = g + 1;
      while (next < n && ranks[order[next]!] === ranks[first]) next++;
      const start = this.starts[first]!;
      const end = this.ends[first]!;
      let free = true;
      if (!apart) for (let k = start; k < end && free; k++) free = taken[k] === 0;
      if (free) {
        if (!apart) taken.fill(1, start, end);
        const typo = ranks[first]! % 2 ** 33 >= 2 ** 32;
        const one = this.names[first]!;
        if (next === g + 1) {
          // One name, as most spans have: its films as they are, copied for the caller to keep.
          chosen.push({ filmIds: one.filmIds.slice(), start, end, typo, article: one.article, ordered: true });
        } else {
          const match: Accepted = { filmIds: [], start, end, typo, article: false, ordered: false };
          for (let i = g; i < next; i++) {
            const name = this.names[order[i]!]!;
            match.article ||= name.article;
            for (const id of name.filmIds) if (!match.filmIds.includes(id)) match.filmIds.push(id);
          }
          chosen.push(match);
        }
      }
      g = next;
    }
    if (apart) return chosen;
    for (const m of chosen) taken.fill(0, m.start, m.end);
    return chosen.sort((a, b) => a.start - b.start);
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
