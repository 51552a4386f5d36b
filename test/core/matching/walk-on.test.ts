// walkOn's answer: the first step's lookup (the root child's child for the next word), which
// the typo pre-check (typo-possible.ts) takes instead of asking the trie again, or NOT_LOOKED_UP
// when the walk stopped before it asked.
import { describe, expect, it } from 'vitest';
import { scanTokens } from '../../../src/core/matching/fold-scan.ts';
import { compileMatcher, compileTitles } from '../../../src/core/matching/matcher.ts';
import { TokenTable } from '../../../src/core/matching/token-table.ts';
import { CENSORED_STEPS_PER_BLOCK, Hits, NOT_LOOKED_UP, walkOn } from '../../../src/core/matching/trie-walk.ts';
import { film } from './title-source.ts';

const CATALOG = [film('elah', 'In the Valley of Elah'), film('bruges', 'In Bruges')];
const { index } = compileTitles(CATALOG);

/** walkOn from the text's first word, and the lookup it should have made. */
function firstStep(text: string): { answer: number; expected: number } {
  const t = new TokenTable();
  scanTokens(text, index.vocabulary, t);
  const node = index.trie.rootChild(t.ids[0]!);
  const answer = walkOn(index.trie, index.ends, t, 0, node, { censored: CENSORED_STEPS_PER_BLOCK }, new Hits());
  return { answer, expected: t.count > 1 ? index.trie.child(node, t.ids[1]!) : NOT_LOOKED_UP };
}

describe('walkOn', () => {
  it("gives the first step's child when it looked the next word up", () => {
    const { answer, expected } = firstStep('in the valley');
    expect(expected).toBeGreaterThan(0);
    expect(answer).toBe(expected);
  });

  it('gives -1 for a next word no title has there', () => {
    expect(firstStep('in paris').answer).toBe(-1);
  });

  it('gives NOT_LOOKED_UP when punctuation or the block ends the walk first', () => {
    expect(firstStep('in; the valley').answer).toBe(NOT_LOOKED_UP);
    expect(firstStep('in').answer).toBe(NOT_LOOKED_UP);
  });

  it('leaves the typo walks after such a word as they were', () => {
    const matcher = compileMatcher(CATALOG);
    const found = matcher.find({ text: 'We saw In the Vallley of Elah and In Bruges.' });
    expect(found.map((m) => m.surface)).toEqual(['In the Vallley of Elah', 'In Bruges']);
  });
});
