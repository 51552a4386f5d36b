import { describe, expect, it } from 'vitest';
import { errorText } from '../../src/core/error-text.ts';

describe('errorText', () => {
  it('takes an Error its message and anything else its string form', () => {
    expect(errorText(new TypeError('bad feed'))).toBe('bad feed');
    expect(errorText('plain words')).toBe('plain words');
    expect(errorText(42)).toBe('42');
    expect(errorText(undefined)).toBe('undefined');
  });
  it('cuts to the given length', () => {
    expect(errorText(new Error('x'.repeat(500)), 100)).toHaveLength(100);
    expect(errorText(new Error('short'), 100)).toBe('short');
  });
});
