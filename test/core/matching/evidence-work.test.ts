import { describe, expect, it } from 'vitest';
import { evidenceWork } from '../../../src/core/matching/evidence-work.ts';
import { compileMatcher, type TitleSource } from '../../../src/core/matching/matcher.ts';

const film = (id: string, title: string): TitleSource => ({ id, title, aliases: [], year: null, directors: [] });
const matcher = compileMatcher([film('milk', 'Milk'), film('juno', 'Juno'), film('crash', 'Crash')]);

const BEFORE = 'Read more at ';
const PHRASE = 'the crowd saw Milk and then Juno again, ';

/** One block of about `chars` characters, nearly all of it one link full of titles set in prose. */
function linkedBlock(chars: number): { text: string; linkStart: number; linkEnd: number } {
  const inner = PHRASE.repeat(Math.ceil(chars / PHRASE.length)) + 'and left';
  const text = `${BEFORE}${inner} today`;
  return { text, linkStart: BEFORE.length, linkEnd: BEFORE.length + inner.length };
}

function workFor(chars: number): { steps: number; found: number; milkInLink: boolean } {
  const { text, linkStart, linkEnd } = linkedBlock(chars);
  evidenceWork.steps = 0;
  const matches = matcher.find({ text, marks: [{ start: linkStart, end: linkEnd, link: true }] });
  return {
    steps: evidenceWork.steps,
    found: matches.length,
    milkInLink: matches.some((m) => m.filmIds.includes('milk') && m.start > linkStart && m.end < linkEnd),
  };
}

// Issue 26 item 3 and its standing rule: the evidence read for a block is linear in the block,
// whatever its marks, measured in steps rather than time.
describe('evidence work in one linked block', () => {
  it('grows linearly with the block', () => {
    const n = workFor(20_000);
    const twice = workFor(40_000);
    // Positive control: the titles inside the link are read with their evidence, and counted.
    expect(n.steps).toBeGreaterThan(0);
    expect(n.milkInLink).toBe(true);
    expect(twice.found).toBeGreaterThanOrEqual(2 * n.found - 2);
    expect(twice.steps / n.steps).toBeLessThanOrEqual(2.2);
  });
});

describe('evidence work in a block of many links', () => {
  /** A block of about `chars` characters with every title its own link, set in prose. */
  function manyLinks(chars: number): { steps: number; found: number } {
    let text = '';
    const marks: { start: number; end: number; link: true }[] = [];
    while (text.length < chars) {
      text += 'the crowd saw ';
      marks.push({ start: text.length, end: text.length + 4, link: true });
      text += 'Milk and then ';
    }
    evidenceWork.steps = 0;
    const found = matcher.find({ text, marks }).length;
    return { steps: evidenceWork.steps, found };
  }

  it('grows linearly with the block, give or take a bisection', () => {
    const n = manyLinks(10_000);
    const twice = manyLinks(20_000);
    expect(n.steps).toBeGreaterThan(0);
    expect(n.found).toBeGreaterThan(300);
    expect(twice.steps / n.steps).toBeLessThanOrEqual(2.2);
  });
});
