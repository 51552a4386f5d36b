// The choice among a block's candidates (candidates.ts): an exact hit is kept as its trie node,
// and its names (and the evidence rules behind them) are asked for only when its span's turn
// comes and the span is still free.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Candidates } from '../../../src/core/matching/candidates.ts';
import { EvidenceContext } from '../../../src/core/matching/evidence.ts';
import { compileMatcher } from '../../../src/core/matching/matcher.ts';
import type { TitleName } from '../../../src/core/matching/title-name.ts';
import { film } from './title-source.ts';

const named = (id: number, filmId: string): TitleName => ({
  id,
  filmIds: [filmId],
  words: [],
  gaps: [],
  evidence: 'none',
  censored: false,
  article: false,
  typo: false,
});

/** What chooseLongest takes, as "start-end:films", and which nodes it asked about. */
function choose(build: (c: Candidates) => void, supported: Map<number, TitleName[]>, tokens = 20) {
  const c = new Candidates();
  build(c);
  const asked: number[] = [];
  const taken: string[] = [];
  c.chooseLongest(
    tokens,
    (node) => {
      asked.push(node);
      for (const name of supported.get(node) ?? []) c.pick(name);
    },
    (filmIds, _ordered, start, end) => taken.push(`${start}-${end}:${filmIds.join('+')}`),
  );
  return { asked, taken };
}

describe('Candidates.chooseLongest with hits kept by node', () => {
  it('asks nothing of a shorter hit inside a chosen span', () => {
    const { asked, taken } = choose(
      (c) => {
        c.addNode(1, 2, 6);
        c.addNode(2, 4, 5);
      },
      new Map([
        [1, [named(1, 'long')]],
        [2, [named(2, 'short')]],
      ]),
    );
    expect(taken).toEqual(['2-6:long']);
    expect(asked).toEqual([1]);
  });

  it('leaves a span the page does not support free for a shorter one (positive control)', () => {
    const { asked, taken } = choose(
      (c) => {
        c.addNode(1, 2, 6);
        c.addNode(2, 4, 5);
        c.addNode(3, 8, 9);
      },
      new Map([
        [2, [named(2, 'short')]],
        [3, [named(3, 'later')]],
      ]),
    );
    expect(taken).toEqual(['4-5:short', '8-9:later']);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('merges the names of one span, from nodes and from typos alike, in order of addition', () => {
    const { taken } = choose(
      (c) => {
        c.addNode(1, 0, 2);
        c.addNode(2, 0, 2);
        c.addNode(3, 1, 3);
        c.add(named(9, 'typo'), 5, 7, true);
      },
      new Map([
        [1, [named(1, 'a'), named(2, 'b')]],
        [2, [named(3, 'c')]],
        [3, [named(4, 'd')]],
      ]),
    );
    // Ranks tie on [0, 2) and [1, 3): the leftmost wins; the typo span is apart from both.
    expect(taken).toEqual(['0-2:a+b+c', '5-7:typo']);
  });

  it('takes overlapping runs longest first and in text order', () => {
    const { taken } = choose(
      (c) => {
        c.addNode(1, 0, 2);
        c.addNode(2, 1, 4);
        c.addNode(3, 3, 5);
        c.addNode(4, 6, 7);
      },
      new Map([1, 2, 3, 4].map((n) => [n, [named(n, `f${n}`)]])),
    );
    expect(taken).toEqual(['1-4:f2', '6-7:f4']);
  });
});

describe('the matcher asks the evidence rules only of a span it may choose', () => {
  afterEach(() => vi.restoreAllMocks());
  const matcher = compileMatcher([film('night', 'Night'), film('kalomi', 'The Last Night of Kalomi')]);

  it('does not ask about "Night" inside a title that spans it', () => {
    const accepts = vi.spyOn(EvidenceContext.prototype, 'accepts');
    const found = matcher.find({ text: 'We saw The Last Night of Kalomi at the festival.' });
    expect(found.map((m) => m.surface)).toEqual(['The Last Night of Kalomi']);
    expect(accepts).not.toHaveBeenCalled();
  });

  it('asks about "Night" alone, and finds it (positive control)', () => {
    const accepts = vi.spyOn(EvidenceContext.prototype, 'accepts');
    const found = matcher.find({ text: 'We saw Night at the festival.' });
    expect(found.map((m) => m.surface)).toEqual(['Night']);
    expect(accepts).toHaveBeenCalled();
  });
});
