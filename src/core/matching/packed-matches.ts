// A batch's matches as they travel from the worker to a page. As objects, a 2 MB article's
// 36,000 matches were 3 MB of JSON, and the extension messaging that carries them spent some
// 80 ms per batch between the worker's answer and the page's (docs/performance.md). A surface
// is the page's own text, so it is not sent back; a list of film ids is sent once per batch
// however many matches carry it.

import type { Matcher, PackedSink, TextBlock, TitleMatch } from './match-types.ts';

export interface PackedMatches {
  /** Every distinct list of film ids the batch's matches carry. */
  films: string[][];
  /** Per block, for each match in text order: its start, its end and the index of its film list. */
  spans: number[][];
}

/**
 * A batch's packed matches, made block by block. Most matches carry a list the matcher keeps
 * for their name (match-types.ts), so a list is looked up by itself first; a list made for the
 * match (several names', or ordered by clues) is then compared, id by id, with the batch's
 * lists that start with the same film: a handful, and mostly none. At 100,000 films a common
 * title's list holds dozens of ids, and the key the ids were joined into was garbage per list.
 */
export class MatchPacker implements PackedSink {
  readonly films: string[][] = [];
  readonly spans: number[][] = [];
  private readonly byList = new Map<string[], number>();
  /** The last list of `films` by its first id ('' for an empty list). */
  private readonly byFirst = new Map<string, number>();
  /** Per list of `films`, the one before it with the same first id, or -1. */
  private readonly sameFirst: number[] = [];

  /** Starts the next block: its spans go in the array returned. */
  block(): number[] {
    const flat: number[] = [];
    this.spans.push(flat);
    return flat;
  }

  /** The index of a list of film ids in `films`, added on first sight. */
  listOf(filmIds: string[]): number {
    let at = this.byList.get(filmIds);
    if (at !== undefined) return at;
    const first = filmIds.length > 0 ? filmIds[0]! : '';
    const last = this.byFirst.get(first) ?? -1;
    let i = last;
    while (i >= 0 && !sameIds(this.films[i]!, filmIds)) i = this.sameFirst[i]!;
    if (i < 0) {
      i = this.films.length;
      this.films.push(filmIds);
      this.sameFirst.push(last);
      this.byFirst.set(first, i);
    }
    at = i;
    this.byList.set(filmIds, at);
    return at;
  }

  /** A block's matches, found as objects. */
  add(found: readonly TitleMatch[]): void {
    const flat = this.block();
    for (const { start, end, filmIds } of found) flat.push(start, end, this.listOf(filmIds));
  }

  packed(): PackedMatches {
    return { films: this.films, spans: this.spans };
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function packMatches(matches: readonly (readonly TitleMatch[])[]): PackedMatches {
  const packer = new MatchPacker();
  for (const found of matches) packer.add(found);
  return packer.packed();
}

/**
 * A block's matches, packed as `find` finds them: straight from the matcher's choice when it
 * can (no match objects, no surfaces), else from `find`.
 */
export function findPacked(matcher: Matcher, block: TextBlock, into: MatchPacker): void {
  if (matcher.findInto) matcher.findInto(block, into);
  else into.add(matcher.find(block));
}

/**
 * The matches of `blocks` (the batch as sent) from their packed form. A span that does not fit
 * its block or names no film list is dropped: the reply is read, not trusted to be whole.
 */
export function unpackMatches(packed: PackedMatches, blocks: readonly TextBlock[]): TitleMatch[][] {
  return blocks.map(({ text }, i) => {
    const flat = packed.spans[i] ?? [];
    const out: TitleMatch[] = [];
    for (let j = 0; j + 2 < flat.length; j += 3) {
      const start = flat[j]!;
      const end = flat[j + 1]!;
      const filmIds = packed.films[flat[j + 2]!];
      if (!filmIds || !(start >= 0 && start < end && end <= text.length)) continue;
      out.push({ filmIds, start, end, surface: text.slice(start, end) });
    }
    return out;
  });
}
