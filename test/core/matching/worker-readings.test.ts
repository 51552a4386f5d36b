// The worker reads each title it found as the page pass would (namesakes.ts readingOf) and
// sends the readings with the packed matches; the page's pass then takes them instead of
// reading each title itself, and reads only the block's controls, which the worker is never
// sent. The page must underline exactly what it underlined reading every title itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileMatcher,
  findPacked,
  MatchPacker,
  packMatches,
  PageReader,
  unpackMatches,
  type TextBlock,
  type TextSpan,
  type TitleMatch,
} from '../../../src/core/matching/index.ts';

const films = ['Fargo', 'Noah', 'Batman', 'Robin', 'Selma', 'Gone Girl', 'Sign Up', 'Crash'].map((title, i) => ({
  id: `f${i}`,
  title,
  aliases: [],
  year: 2000 + i,
  directors: [],
}));
const matcher = compileMatcher(films);

const PIECES = [
  ' ',
  ' ',
  ' ',
  ', ',
  '. ',
  ': ',
  '(',
  ')',
  '-',
  '“',
  '”',
  "'s",
  ' TV series',
  ' season 2 of ',
  ' the novel ',
  ' on Broadway',
  ' from ',
  ' to ',
  ' and ',
  ' & ',
  ' as ',
  ' played ',
  ' his ',
  ' lives in ',
  ' (2004)',
  ' film',
  ' the film ',
  ' movie ',
  ', Alabama',
  ' (Russell Crowe) recounts',
  'Ben Affleck as ',
  'Fargo',
  'Noah',
  'Batman',
  'Robin',
  'Selma',
  'Gone Girl',
  'Sign Up',
  'Crash',
  'we saw',
  'it was grim',
  'Tonight',
  'menu',
];
/** A block of random pieces, its marks and controls drawn over parts of it. */
const block = fc
  .tuple(
    fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 16 }),
    fc.array(fc.tuple(fc.nat(), fc.nat(12), fc.boolean()), { maxLength: 3 }),
    fc.array(fc.tuple(fc.nat(), fc.nat(12)), { maxLength: 2 }),
  )
  .map(([pieces, marks, controls]): TextBlock => {
    const text = pieces.join('');
    const span = (at: number, length: number): TextSpan => {
      const start = at % (text.length + 1);
      return { start, end: Math.min(text.length, start + length) };
    };
    const b: TextBlock = { text, marks: marks.map(([at, n, link]) => ({ ...span(at, n), ...(link && { link }) })) };
    if (controls.length > 0) b.controls = controls.map(([at, n]) => span(at, n));
    return b;
  });

/** The page's pass over `page`, its matches sent as the worker sends them (`read`) or without readings. */
function pass(page: TextBlock[], read: boolean): TitleMatch[][] {
  let packed;
  if (read) {
    const packer = new MatchPacker();
    // The worker is sent each block's text and marks, never its controls (messages/listings.ts).
    for (const b of page) findPacked(matcher, { text: b.text, marks: b.marks ?? [] }, packer);
    packed = packer.packed();
  } else packed = packMatches(page.map((b) => matcher.find(b)));
  const found = unpackMatches(JSON.parse(JSON.stringify(packed)), page);
  const reader = new PageReader();
  return page.map((b, i) => reader.next(b, found[i]!).map(({ said: _said, ...m }) => m));
}

describe('the page pass with the worker’s readings', () => {
  it('underlines what it underlined reading every title itself, controls and marks included', () => {
    fc.assert(
      fc.property(fc.array(block, { minLength: 1, maxLength: 5 }), (page) => {
        expect(pass(page, true)).toEqual(pass(page, false));
      }),
      { numRuns: 1500 },
    );
  });

  it('is sent readings of every kind, and a control still changes one (positive controls)', () => {
    const readings = new Set<number>();
    let controlled = 0;
    fc.assert(
      fc.property(block, (b) => {
        const packer = new MatchPacker();
        findPacked(matcher, { text: b.text, marks: b.marks ?? [] }, packer);
        const read = packer.packed().readings![0]!;
        for (let i = 1; i < read.length; i += 2) readings.add(read[i]!);
        const plain = pass([{ text: b.text, marks: b.marks ?? [] }], false);
        if (b.controls && JSON.stringify(pass([b], false)) !== JSON.stringify(plain)) controlled++;
      }),
      { numRuns: 1500, seed: 28 },
    );
    // 0 (set off by quotes), 1 strong, 2 weak, 8 (OPEN, not sent alone), with 4 (named as a film).
    for (const r of [0, 1, 2, 6, 12]) expect(readings, `reading ${r}`).toContain(r);
    expect(readings).not.toContain(8);
    expect(controlled).toBeGreaterThan(0);
  });

  it('takes a reading only for a match of its block, and none from a reply without them', () => {
    const text = 'Fargo TV series, and Noah.';
    const packed = { films: [['f0'], ['f1']], spans: [[0, 5, 0, 21, 25, 1]] };
    expect(unpackMatches(packed, [{ text }])[0]!.map((m) => m.said)).toEqual([undefined, undefined]);
    const [fargo, noah] = unpackMatches({ ...packed, readings: [[1, 4, 7, 1]] }, [{ text }])[0]!;
    // Not listed: OPEN (8); the pair naming a seventh match is dropped.
    expect([fargo!.said, noah!.said]).toEqual([8, 4]);
  });
});
