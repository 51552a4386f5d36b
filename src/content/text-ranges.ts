// From an offset in a block's text back to the page: the text nodes it came from, and a Range.

import type { Block, TextSegment } from './text-extract.ts';

/** Index of the segment holding offset `at`; `atEnd` picks the earlier one on a boundary. */
function segmentAt(segments: TextSegment[], at: number, atEnd: boolean): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const seg = segments[mid] as TextSegment;
    const before = atEnd ? seg.end < at : seg.end <= at;
    if (before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `block.text.slice(start, end)` lies in the page: its text nodes and its offsets in the first and last. */
export interface TextPlace {
  /** Every text node the slice covers, in order. */
  nodes: Text[];
  startOffset: number;
  endOffset: number;
}

/** The place of `block.text.slice(start, end)`, or null for a block without text nodes. */
export function placeOf(block: Block, start: number, end: number): TextPlace | null {
  if (block.segments.length === 0) return null;
  const s = Math.max(0, Math.min(block.text.length, start));
  const e = Math.max(s, Math.min(block.text.length, end));
  const first = segmentAt(block.segments, s, false);
  const last = segmentAt(block.segments, e, true);
  const a = block.segments[first] as TextSegment;
  const b = block.segments[last] as TextSegment;
  const nodes: Text[] = [];
  for (let i = first; i <= last; i++) nodes.push((block.segments[i] as TextSegment).node);
  return { nodes, startOffset: a.nodeOffset + s - a.start, endOffset: b.nodeOffset + e - b.start };
}

/** A DOM Range over a place; offsets are clamped, since a text node may have shrunk since extraction. */
export function rangeOver(place: TextPlace, doc?: Document): Range {
  const a = place.nodes[0]!;
  const b = place.nodes[place.nodes.length - 1]!;
  const range = (doc ?? a.ownerDocument).createRange();
  range.setStart(a, Math.max(0, Math.min(a.length, place.startOffset)));
  range.setEnd(b, Math.max(0, Math.min(b.length, place.endOffset)));
  return range;
}

/** The DOM Range covering `block.text.slice(start, end)`, possibly across several nodes. */
export function rangeFor(block: Block, start: number, end: number, doc?: Document): Range {
  const place = placeOf(block, start, end);
  return place ? rangeOver(place, doc) : (doc ?? globalThis.document).createRange();
}
