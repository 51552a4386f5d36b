// One buffer for the stored matcher (stored-bytes.ts): a tree of plain data packed and read
// back as it was, typed arrays as views on the buffer read, and bytes that are not a packed
// tree, or whose markers point outside them, refused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DamagedBytes,
  pack,
  packedSize,
  packSteps,
  PACKED_HEAD,
  tailOf,
  unpack,
} from '../../../src/core/matching/stored-bytes.ts';
import { countSlices } from './count-slices.ts';

const long = (s: string) => s.repeat(Math.ceil(300 / s.length));

const tree = () => ({
  ints: new Int32Array([1, -2, 2 ** 31 - 1]),
  flags: new Uint8Array([0, 1, 255]),
  floats: new Float64Array([0.5, -1e300]),
  shorts: new Uint16Array([7, 65535]),
  empty: new Int32Array(0),
  text: long('Amélie, Léon, 東京物語 and 🎬. '),
  lone: long('a\uD800b'),
  short: 'Fugitive Pieces',
  specials: [NaN, Infinity, -Infinity, -0, undefined, null, true, false, 0, 3.25],
  nested: { a: [{ b: 'c' }, [1, [2, []]]], empty: {} },
});

const refusedBytes = (bytes: unknown) => expect(() => unpack(bytes)).toThrow(DamagedBytes);

describe('a tree packed into one buffer', () => {
  it('comes back as it was: typed arrays, long and short strings, numbers JSON cannot say', () => {
    const back = unpack(pack(tree())) as ReturnType<typeof tree>;
    expect(back).toEqual(tree());
    expect(Object.is(back.specials[3], -0)).toBe(true);
    expect(back.specials[4]).toBeUndefined();
    expect(back.ints).toBeInstanceOf(Int32Array);
    expect(back.shorts).toBeInstanceOf(Uint16Array);
    expect(back.lone).toBe(tree().lone);
  });

  it('gives typed arrays as views on the buffer read, not copies', () => {
    const bytes = pack(tree());
    const back = unpack(bytes) as ReturnType<typeof tree>;
    expect(back.ints.buffer).toBe(bytes);
    expect(back.floats.buffer).toBe(bytes);
    expect(back.ints.byteOffset % 8).toBe(0);
  });

  it('keeps a long string as UTF-8 in the data and a short one in the skeleton', () => {
    const text = long('Burn After Reading ');
    const bytes = pack({ text });
    const skeleton = new TextDecoder().decode(new Uint8Array(bytes, 16, new DataView(bytes).getUint32(4, true)));
    expect(skeleton).not.toContain('Burn After Reading');
    // Positive control: a short one is in it.
    expect(new TextDecoder().decode(pack({ text: 'Burn After Reading' }))).toContain('Burn After Reading');
  });

  it('round-trips generated trees', () => {
    const leaf = fc.oneof(
      fc.string(),
      fc.string({ minLength: 256, maxLength: 400, unit: 'grapheme' }),
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })).map((a) => Int32Array.from(a)),
      fc.array(fc.double({ noNaN: true })).map((a) => Float64Array.from(a)),
    );
    const { value } = fc.letrec((t) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(t('value')),
        fc.dictionary(
          fc.string({ minLength: 1 }).map((k) => `k${k}`),
          t('value'),
        ),
      ),
    }));
    fc.assert(
      fc.property(value, (v) => {
        expect(unpack(pack(v))).toEqual(v);
      }),
      { numRuns: 200 },
    );
  });

  it('packed in slices, is the same bytes as packed at once', () => {
    const big = { lists: Array.from({ length: 3_000 }, (_, i) => ({ n: i, s: `name ${i}`, v: new Int32Array([i]) })) };
    const { value, slices } = countSlices(packSteps(big, 0));
    expect(slices).toBeGreaterThan(3);
    expect(Buffer.from(value).equals(Buffer.from(pack(big)))).toBe(true);
  });

  it('keeps an Int32Array in the narrowest kind its values fit, and gives it back as an Int32Array', () => {
    const size = (v: Int32Array) => pack({ v }).byteLength;
    const wide = (lo: number, hi: number) => Int32Array.from({ length: 1_000 }, (_, i) => (i % 2 ? lo : hi));
    for (const [lo, hi, bytes] of [
      [-128, 127, 1],
      [0, 255, 1],
      [-32_768, 32_767, 2],
      [0, 65_535, 2],
      // Positive controls: one value past each range is stored as it is.
      [-32_769, 0, 4],
      [0, 65_536, 4],
      [-(2 ** 31), 2 ** 31 - 1, 4],
    ] as const) {
      const v = wide(lo, hi);
      const back = (unpack(pack({ v })) as { v: Int32Array }).v;
      expect(back).toBeInstanceOf(Int32Array);
      expect(back).toEqual(v);
      expect(size(v) - size(new Int32Array(0)), `${lo}..${hi}`).toBeGreaterThanOrEqual(1_000 * bytes);
      expect(size(v) - size(new Int32Array(0)), `${lo}..${hi}`).toBeLessThan(1_000 * bytes + 64);
    }
  });

  it('looks for the narrowest kind in slices too, and packs the same bytes', () => {
    const big = { v: Int32Array.from({ length: 200_000 }, (_, i) => i % 300) };
    const { value, slices } = countSlices(packSteps(big, 0));
    expect(slices).toBeGreaterThan(3);
    expect(Buffer.from(value).equals(Buffer.from(pack(big)))).toBe(true);
    expect(value.byteLength).toBeLessThan(200_000 * 2 + 256);
  });

  it('keeps a tail after the tree, read with it or apart: the tree alone is enough to unpack', () => {
    const tail = new TextEncoder().encode(long('[{"title":"Fugitive Pieces"}]'));
    const whole = pack(tree(), tail);
    const size = packedSize(whole.slice(0, PACKED_HEAD));
    expect(size).toEqual({ tree: pack(tree()).byteLength, tail: tail.byteLength });
    expect(whole.byteLength).toBe(size!.tree + size!.tail);
    const treeAlone = whole.slice(0, size!.tree);
    expect(unpack(treeAlone)).toEqual(tree());
    expect(tailOf(treeAlone)).toBeNull();
    // Positive controls: read whole, the same tree, and the tail with it.
    expect(unpack(whole)).toEqual(tree());
    expect(tailOf(whole)).toEqual(tail);
    // Anything between the two is cut short: refused.
    refusedBytes(whole.slice(0, size!.tree + 1));
    refusedBytes(whole.slice(0, size!.tree - 8));
    expect(packedSize(new ArrayBuffer(PACKED_HEAD))).toBeNull();
    expect(packedSize(whole.slice(0, 8))).toBeNull();
  });

  it('refuses to pack what it could not give back: a function, a class instance, a key of its markers', () => {
    expect(() => pack({ f: () => 1 })).toThrow(/function cannot be stored/);
    expect(() => pack({ m: new Map() })).toThrow(/Map cannot be stored/);
    expect(() => pack({ $a: 1 })).toThrow(/may not begin with \$/);
    expect(() => pack({ d: new DataView(new ArrayBuffer(4)) })).toThrow(/DataView cannot be stored/);
    // Positive control: plain data is packed.
    expect(unpack(pack({ a: 1 }))).toEqual({ a: 1 });
  });
});

describe('bytes that are not a packed tree are refused', () => {
  /** A buffer with this skeleton and `dataSize` bytes of data, laid out as pack lays it out. */
  const laidOut = (skeleton: string, dataSize: number, magic = 0x31585041): ArrayBuffer => {
    const json = new TextEncoder().encode(skeleton);
    const dataAt = (16 + json.byteLength + 7) & ~7;
    const out = new ArrayBuffer(dataAt + dataSize);
    const head = new DataView(out);
    head.setUint32(0, magic, true);
    head.setUint32(4, json.byteLength, true);
    head.setUint32(8, dataSize, true);
    new Uint8Array(out).set(json, 16);
    return out;
  };
  const refused = (bytes: unknown) => expect(() => unpack(bytes)).toThrow(DamagedBytes);

  it('not bytes, shorter than its head, another kind of file, cut short or longer than it says', () => {
    refused('x');
    refused(new Uint8Array(32));
    refused(new ArrayBuffer(8));
    refused(laidOut('{}', 0, 0x12345678));
    const whole = pack({ ints: new Int32Array(100) });
    refused(whole.slice(0, whole.byteLength - 8));
    const longer = new Uint8Array(whole.byteLength + 8);
    longer.set(new Uint8Array(whole));
    refused(longer.buffer);
    refused(laidOut('{"a": ', 0));
    // Positive controls: the whole buffer, and one laid out by hand.
    expect(unpack(whole)).toEqual({ ints: new Int32Array(100) });
    expect(unpack(laidOut('{"v":{"$a":5,"o":0,"n":2}}', 8))).toEqual({ v: new Int32Array(2) });
  });

  it('a marker past the data, out of alignment, without its place, of no known kind', () => {
    refused(laidOut('{"v":{"$a":5,"o":0,"n":3}}', 8));
    refused(laidOut('{"v":{"$a":5,"o":4,"n":1}}', 16));
    refused(laidOut('{"v":{"$a":5,"o":-8,"n":1}}', 16));
    refused(laidOut('{"v":{"$a":5,"n":1}}', 16));
    refused(laidOut('{"v":{"$a":42,"o":0,"n":1}}', 16));
    refused(laidOut('{"v":{"$s":0,"n":9}}', 8));
    refused(laidOut('{"v":{"$n":"many"}}', 0));
    // Positive controls: the same markers in place.
    expect(unpack(laidOut('{"v":{"$a":5,"o":8,"n":2}}', 16))).toEqual({ v: new Int32Array(2) });
    expect(unpack(laidOut('{"v":{"$s":0,"n":8}}', 8))).toEqual({ v: '\0'.repeat(8) });
    expect(unpack(laidOut('{"v":{"$n":"NaN"}}', 0))).toEqual({ v: NaN });
  });

  it('a narrowed array marked to be widened to a kind it cannot be, or from one that is not narrower', () => {
    refused(laidOut('{"v":{"$a":4,"o":0,"n":2,"w":6}}', 8));
    refused(laidOut('{"v":{"$a":5,"o":0,"n":2,"w":5}}', 8));
    refused(laidOut('{"v":{"$a":8,"o":0,"n":1,"w":5}}', 8));
    // Positive controls: Uint16 and Int8 widened to Int32.
    expect(unpack(laidOut('{"v":{"$a":4,"o":0,"n":2,"w":5}}', 8))).toEqual({ v: new Int32Array(2) });
    const bytes = laidOut('{"v":{"$a":0,"o":0,"n":2,"w":5}}', 8);
    new Uint8Array(bytes).set([0xff, 0x7f], bytes.byteLength - 8);
    expect(unpack(bytes)).toEqual({ v: new Int32Array([-1, 127]) });
  });

  it('a long string that is not UTF-8', () => {
    const bytes = laidOut('{"v":{"$s":0,"n":2}}', 8);
    new Uint8Array(bytes).set([0xc3, 0x28], bytes.byteLength - 8);
    refused(bytes);
    // Positive control: the same place holding "é".
    new Uint8Array(bytes).set([0xc3, 0xa9], bytes.byteLength - 8);
    expect(unpack(bytes)).toEqual({ v: 'é' });
  });
});
