// A single block can be megabytes long (one huge text node, a <pre> log). The matcher is
// linear, but one call on 5 MB is still a long task, so a long block is matched in windows
// that overlap by more than any title's length; each match is kept by the window owning it.

import type { Matcher, TextSpan, TitleMatch } from '../core/matching/index.ts';

/** Windows longer than this are cut: a few milliseconds of matching each, even on text dense with titles. */
export const CHUNK_CHARS = 8_000;
/** Longer than any title or alias, with room for the words around it that evidence reads. */
export const CHUNK_OVERLAP = 400;

export interface BlockText {
  text: string;
  marks?: TextSpan[];
}

/** Where to cut near `at`: just after a whitespace, so no word is split between windows. */
function cutNear(text: string, at: number, floor: number): number {
  for (let i = at; i > floor; i--) if (/\s/u.test(text[i - 1] ?? '')) return i;
  return at;
}

/**
 * The matches of `block`, one window at a time (the caller yields between windows). Every
 * match is in block offsets, in text order, and found once.
 */
export function* matchInChunks(
  matcher: Matcher,
  block: BlockText,
  chunk = CHUNK_CHARS,
  overlap = CHUNK_OVERLAP,
): Generator<TitleMatch[], void, undefined> {
  const { text } = block;
  if (text.length <= chunk) {
    yield matcher.find(block);
    return;
  }
  let own = 0;
  while (own < text.length) {
    const ownEnd = own + chunk >= text.length ? text.length : cutNear(text, own + chunk, own + chunk / 2);
    const from = own === 0 ? 0 : cutNear(text, Math.max(0, own - overlap), Math.max(0, own - 2 * overlap));
    const to = ownEnd === text.length ? text.length : Math.min(text.length, ownEnd + overlap);
    const marks = (block.marks ?? [])
      .filter((m) => m.end > from && m.start < to)
      .map((m) => ({ start: Math.max(m.start, from) - from, end: Math.min(m.end, to) - from }));
    const found = matcher.find({ text: text.slice(from, to), marks });
    const kept: TitleMatch[] = [];
    for (const m of found) {
      const start = m.start + from;
      // Owned by this window if it starts here; one reaching the window's cut edge may be cut
      // short, so the next window owns it.
      if (start < own || start >= ownEnd) continue;
      if (m.end + from >= to && to < text.length) continue;
      kept.push({ ...m, start, end: m.end + from });
    }
    yield kept;
    own = ownEnd;
  }
}
