import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstWhere, MarkIndex } from '../../../src/core/matching/mark-index.ts';
import type { TextSpan } from '../../../src/core/matching/match-types.ts';

// The scans the index replaced (issue 26 item 3), kept as the reference it must agree with.
const reference = {
  holds: (marks: TextSpan[], start: number, stop: number) => marks.some((m) => m.start <= start && stop <= m.end),
  linkAround: (marks: TextSpan[], start: number, stop: number) =>
    marks.find((m) => m.link === true && m.start <= start && stop <= m.end),
  linked: (marks: TextSpan[], at: number) => marks.some((m) => m.link === true && m.start <= at && at < m.end),
};

const span = fc
  .tuple(fc.nat(60), fc.nat(30), fc.boolean())
  .map(([start, length, link]): TextSpan =>
    link ? { start, end: start + length, link } : { start, end: start + length },
  );
const sortedMarks = fc.array(span, { maxLength: 12 }).map((marks) => [...marks].sort((a, b) => a.start - b.start));

describe('MarkIndex answers as the scans of the marks did', () => {
  it('for random marks and spans, the same mark object included', () => {
    fc.assert(
      // Many questions of one index, in any order: each search starts where the last one ended.
      fc.property(sortedMarks, fc.array(fc.tuple(fc.nat(70), fc.nat(20)), { maxLength: 8 }), (marks, questions) => {
        const index = new MarkIndex(marks);
        for (const [start, length] of questions) {
          const stop = start + length;
          expect(index.holds(start, stop)).toBe(reference.holds(marks, start, stop));
          expect(index.linkAround(start, stop)).toBe(reference.linkAround(marks, start, stop));
          expect(index.linked(start)).toBe(reference.linked(marks, start));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('with no marks', () => {
    const index = new MarkIndex([]);
    expect([index.holds(0, 1), index.linkAround(0, 1), index.linked(0)]).toEqual([false, undefined, false]);
  });
});

describe('firstWhere', () => {
  it('finds where a predicate starts to hold, as a walk would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(50), { maxLength: 30 }),
        fc.nat(55),
        fc.integer({ min: -2, max: 35 }),
        (values, bound, hint) => {
          const sorted = [...values].sort((a, b) => a - b);
          const walked = sorted.findIndex((v) => v > bound);
          expect(firstWhere(sorted.length, (i) => sorted[i]! > bound, hint)).toBe(walked < 0 ? sorted.length : walked);
        },
      ),
    );
  });
});
