// listOf (list-of-one.ts): a new one-item array each call, as the literal it stands for.
import { describe, expect, it } from 'vitest';
import { listOf } from '../../../src/core/matching/list-of-one.ts';

describe('listOf', () => {
  it('makes a new array of one item each call, which grows on its own', () => {
    const a = listOf('f1');
    const b = listOf('f2');
    expect(a).toEqual(['f1']);
    expect(b).toEqual(['f2']);
    expect(Array.isArray(a)).toBe(true);
    a.push('f3');
    expect(a).toEqual(['f1', 'f3']);
    // Positive control for the independence: b and a later list hold their own item only.
    expect(b).toEqual(['f2']);
    expect(listOf(7)).toEqual([7]);
  });
});
