// The marks of a block (links, italics, citations), indexed once per block. The evidence rules
// ask of every candidate which mark holds it and whether its neighbours are linked; a scan of
// the marks or of the link's words per question made one block of 300 K characters inside a
// link cost 6.7 s (issue 26 item 3). Each answer here is two searches that start from the
// previous answer: candidates are asked about in order of position, so a block costs linear time.

import { evidenceWork } from './evidence-work.ts';
import type { TextSpan } from './match-types.ts';

/**
 * The first index in [0, count] where `past` holds, given that it holds from some index on
 * (`count` if nowhere). It gallops from `hint` and then bisects, so an answer `d` places from
 * the hint costs about 2·log(d) steps: a bisection from scratch each time would add a factor
 * of log(marks) to a block of many links.
 */
export function firstWhere(count: number, past: (i: number) => boolean, hint = 0): number {
  const from = Math.min(Math.max(hint, 0), count);
  let lo = 0;
  let hi = count;
  let step = 1;
  evidenceWork.steps++;
  if (from < count && !past(from)) {
    lo = from + 1;
    for (let probe = lo; probe < count; probe = lo + step - 1, step *= 2) {
      evidenceWork.steps++;
      if (past(probe)) {
        hi = probe;
        break;
      }
      lo = probe + 1;
    }
  } else {
    hi = from;
    for (let probe = hi - 1; probe >= 0; probe = hi - step, step *= 2) {
      evidenceWork.steps++;
      if (!past(probe)) {
        lo = probe + 1;
        break;
      }
      hi = probe;
    }
  }
  while (lo < hi) {
    evidenceWork.steps++;
    const mid = (lo + hi) >>> 1;
    if (past(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Spans in order of start, each with the furthest end reached by it and those before it. */
class SpanList {
  private readonly reach: number[];
  /** Where the last question's two searches ended: the next one starts there. */
  private prefixHint = 0;
  private reachHint = 0;

  constructor(private readonly spans: readonly TextSpan[]) {
    let far = -Infinity;
    this.reach = spans.map((s) => (far = Math.max(far, s.end)));
  }

  /**
   * The first span, in order, starting by `start` and ending at or after `stop` (after it, when
   * `strict`): what `spans.find` would return. The spans starting by `start` are a prefix, and
   * in it the reach only grows, so the first span reaching `stop` is found by bisection.
   */
  around(start: number, stop: number, strict: boolean): TextSpan | undefined {
    const { spans, reach } = this;
    const prefix = firstWhere(spans.length, (i) => spans[i]!.start > start, this.prefixHint);
    const i = firstWhere(prefix, (k) => (strict ? reach[k]! > stop : reach[k]! >= stop), this.reachHint);
    this.prefixHint = prefix;
    this.reachHint = i;
    return i < prefix ? spans[i] : undefined;
  }
}

export class MarkIndex {
  private readonly all: SpanList;
  private readonly links: SpanList;

  /** `sorted`: the block's marks in order of start. */
  constructor(sorted: readonly TextSpan[]) {
    this.all = new SpanList(sorted);
    this.links = new SpanList(sorted.filter((m) => m.link === true));
  }

  /** Does any mark hold [start, stop) whole? */
  holds(start: number, stop: number): boolean {
    return this.all.around(start, stop, false) !== undefined;
  }

  /** The first link, in order of start, that holds [start, stop) whole. */
  linkAround(start: number, stop: number): TextSpan | undefined {
    return this.links.around(start, stop, false);
  }

  /** Is the character at `at` inside a link? */
  linked(at: number): boolean {
    return this.links.around(at, at, true) !== undefined;
  }
}
