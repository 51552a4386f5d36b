// A batch's matches as they travel from the worker to a page. As objects, a 2 MB article's
// 36,000 matches were 3 MB of JSON, and the extension messaging that carries them spent some
// 80 ms per batch between the worker's answer and the page's (docs/performance.md). A surface
// is the page's own text, so it is not sent back; a list of film ids is sent once per batch
// however many matches carry it.

import type { TextBlock, TitleMatch } from './match-types.ts';

export interface PackedMatches {
  /** Every distinct list of film ids the batch's matches carry. */
  films: string[][];
  /** Per block, for each match in text order: its start, its end and the index of its film list. */
  spans: number[][];
}

export function packMatches(matches: readonly (readonly TitleMatch[])[]): PackedMatches {
  const films: string[][] = [];
  const index = new Map<string, number>();
  const spans = matches.map((found) => {
    const flat: number[] = [];
    for (const { start, end, filmIds } of found) {
      const key = filmIds.join('\n');
      let at = index.get(key);
      if (at === undefined) {
        at = films.length;
        films.push(filmIds);
        index.set(key, at);
      }
      flat.push(start, end, at);
    }
    return flat;
  });
  return { films, spans };
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
