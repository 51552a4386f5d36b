// The content script of the store and bench builds goes through terser after esbuild (build.mjs):
// its options must not change what our code does on a page that defines getters of its own.
import { describe, expect, it } from 'vitest';
import { TERSER_OPTIONS, terseContent } from '../../build.mjs';

describe("terser's options for the content script", () => {
  it('uses no unsafe transform and keeps property reads', () => {
    const compress = TERSER_OPTIONS.compress as Record<string, unknown>;
    expect(Object.keys(compress).filter((key) => key.startsWith('unsafe') && compress[key])).toEqual([]);
    expect(compress.pure_getters).toBe(false);
  });

  it('keeps a read whose value is unused: a getter of the page runs as it did', async () => {
    const source = `(() => { const seen = []; const o = { get a() { seen.push('a'); return 1; } }; o.a; globalThis.seen = seen; })();`;
    const out = await terseContent(source);
    const scope: { seen?: string[] } = {};
    new Function('globalThis', out)(scope);
    expect(scope.seen).toEqual(['a']);
    // Control: the same code with no read of the getter sees nothing.
    const control = await terseContent(source.replace('o.a;', ''));
    const controlScope: { seen?: string[] } = {};
    new Function('globalThis', control)(controlScope);
    expect(controlScope.seen).toEqual([]);
  });

  it('minifies: the output is shorter than the input', async () => {
    const source = `(() => { const longVariableName = 1 + 2; globalThis.result = longVariableName; })();`;
    const out = await terseContent(source);
    expect(out.length).toBeLessThan(source.length);
    const scope: { result?: number } = {};
    new Function('globalThis', out)(scope);
    expect(scope.result).toBe(3);
  });
});
