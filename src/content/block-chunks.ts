// A single block can be megabytes long (one huge text node, a <pre> log). The matcher is
// linear, but one call on 5 MB is still a long task, so a long block is matched in windows
// that overlap by more than any title's length; each match is kept by the window owning it.

import type { Matcher, TextBlock, TextSpan, TitleMatch } from '../core/matching/index.ts';

/** Windows longer than this are cut: a few milliseconds of matching each, even on text dense with titles. */
export const CHUNK_CHARS = 8_000;
/** Longer than any title or alias, with room for the words around it that evidence reads. */
export const CHUNK_OVERLAP = 400;

export interface BlockText {
  text: string;
  marks?: TextSpan[];
  controls?: TextSpan[];
}

/** One window of a block: what the matcher is given, and which part of the block it owns. */
export interface BlockWindow {
  /** The window's text and marks, in window offsets. */
  piece: TextBlock;
  /** Where the window starts in the block. */
  from: number;
  /** Matches starting in [own, ownEnd) of the block belong to this window. */
  own: number;
  ownEnd: number;
  /** A match reaching this block offset may be cut short, unless it is the block's end. */
  to: number;
  length: number;
}

/** Where to cut near `at`: just after a whitespace, so no word is split between windows. */
function cutNear(text: string, at: number, floor: number): number {
  for (let i = at; i > floor; i--) if (/\s/u.test(text[i - 1] ?? '')) return i;
  return at;
}

/** The windows of `block`, in order; a short block is one window, the block itself. */
export function windowsOf(block: BlockText, chunk = CHUNK_CHARS, overlap = CHUNK_OVERLAP): BlockWindow[] {
  const { text } = block;
  if (text.length <= chunk)
    return [{ piece: block, from: 0, own: 0, ownEnd: text.length, to: text.length, length: text.length }];
  const out: BlockWindow[] = [];
  let own = 0;
  while (own < text.length) {
    const ownEnd = own + chunk >= text.length ? text.length : cutNear(text, own + chunk, own + chunk / 2);
    const from = own === 0 ? 0 : cutNear(text, Math.max(0, own - overlap), Math.max(0, own - 2 * overlap));
    const to = ownEnd === text.length ? text.length : Math.min(text.length, ownEnd + overlap);
    const clip = (spans: TextSpan[]): TextSpan[] =>
      spans
        .filter((m) => m.end > from && m.start < to)
        .map((m) => ({ start: Math.max(m.start, from) - from, end: Math.min(m.end, to) - from }));
    const marks = clip(block.marks ?? []);
    const piece: TextBlock = block.controls
      ? { text: text.slice(from, to), marks, controls: clip(block.controls) }
      : { text: text.slice(from, to), marks };
    out.push({ piece, from, own, ownEnd, to, length: text.length });
    own = ownEnd;
  }
  return out;
}

/** The window's matches that it owns, in block offsets. */
export function ownedMatches(w: BlockWindow, found: readonly TitleMatch[]): TitleMatch[] {
  if (w.from === 0 && w.to === w.length) return [...found];
  const kept: TitleMatch[] = [];
  for (const m of found) {
    const start = m.start + w.from;
    // Owned by this window if it starts here; one reaching the window's cut edge may be cut
    // short, so the next window owns it.
    if (start < w.own || start >= w.ownEnd) continue;
    if (m.end + w.from >= w.to && w.to < w.length) continue;
    kept.push({ ...m, start, end: m.end + w.from });
  }
  return kept;
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
  for (const w of windowsOf(block, chunk, overlap)) yield ownedMatches(w, matcher.find(w.piece));
}
