// The word lists the matcher consults (lexicon.ts): each listed everyday word with its regular
// inflections, in the order the stored index's print reads them (stored-index.ts lexiconPrint:
// the same lists in another order cost every stored index a rebuild).
import { describe, expect, it } from 'vitest';
import { lexiconFrom } from '../../../src/core/matching/lexicon.ts';

describe('the word lists', () => {
  it('give each everyday word and then its forms, a word of one or two letters alone', () => {
    const { common, minor } = lexiconFrom({ common: ' try\n leave  up fall ', minor: 'of  the\nand' });
    expect([...common]).toEqual([
      ...['try', 'trys', 'tryes', 'tryed', 'trying', 'tryen', 'tries', 'tried'],
      ...['leave', 'leaves', 'leavees', 'leaved', 'leaving', 'leaveen'],
      'up',
      ...['fall', 'falls', 'falles', 'falled', 'falling', 'fallen'],
    ]);
    expect([...minor]).toEqual(['of', 'the', 'and']);
  });

  it('keep a form met twice where it was first made', () => {
    const { common } = lexiconFrom({ common: 'leaves leave', minor: '' });
    expect([...common].slice(0, 2)).toEqual(['leaves', 'leavess']);
    expect([...common].filter((w) => w === 'leaves')).toHaveLength(1);
    // Positive control: the word's own forms follow it.
    expect([...common]).toContain('leaving');
  });
});
