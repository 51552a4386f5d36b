import { describe, expect, it } from 'vitest';
import { dereferencer, indexIds } from '../../../src/core/page-events/jsonld-refs.ts';
import { readPageEvents } from '../../../src/core/page-events/index.ts';
import type { JsonRecord } from '../../../src/core/guards.ts';

/** A node with `width` keys each naming the node itself and its `width - 1` siblings by @id. */
function selfReferencing(width: number): JsonRecord[] {
  const ids = Array.from({ length: width }, (_, i) => `#n${i}`);
  return ids.map((id, i) => ({
    '@id': id,
    '@type': i === 0 ? 'Event' : 'Place',
    name: `Node ${i}`,
    startDate: '2026-09-10T20:00:00-04:00',
    ...Object.fromEntries(
      ids.map((other, k) => [`p${k}`, ids.map((target) => ({ '@id': target === other ? id : target }))]),
    ),
  }));
}

function workFor(width: number): number {
  const roots = selfReferencing(width);
  const dereference = dereferencer(indexIds(roots));
  for (const node of roots) dereference(node);
  return dereference.work;
}

describe('dereferencing @id references', () => {
  it('replaces a reference by the node it names, a few levels deep', () => {
    const roots = [
      { '@id': '#place', '@type': 'Place', name: 'The Drake', address: { '@id': '#address' } },
      { '@id': '#address', '@type': 'PostalAddress', streetAddress: '1150 Queen St W' },
    ];
    const event = { '@type': 'Event', name: 'After-party', location: { '@id': '#place' }, superEvent: '#place' };
    const copy = dereferencer(indexIds(roots))(event);
    expect(copy.location).toEqual({
      '@id': '#place',
      '@type': 'Place',
      name: 'The Drake',
      address: { '@id': '#address', '@type': 'PostalAddress', streetAddress: '1150 Queen St W' },
    });
    expect((copy.superEvent as JsonRecord).name).toBe('The Drake');
    // The event node itself is left as it was.
    expect(event.location).toEqual({ '@id': '#place' });
  });

  it('does work linear in the page, however its nodes name each other', () => {
    // Positive control: references really are followed at both sizes.
    const roots = selfReferencing(6);
    const copy = dereferencer(indexIds(roots))(roots[0]!);
    expect(((copy.p1 as JsonRecord[])[0] as JsonRecord).name).toBe('Node 0');
    const [small, large] = [workFor(8), workFor(16)];
    expect(small).toBeGreaterThan(0);
    // The page holds width² keys of width values: four times the input at twice the width.
    expect(large / small).toBeLessThanOrEqual(4 * 2);
  });

  it('stops at its budget and keeps the rest as written', () => {
    const roots = selfReferencing(40);
    const dereference = dereferencer(indexIds(roots), 1_000);
    for (const node of roots) dereference(node);
    expect(dereference.work).toBe(1_000);
  });

  it('reads the events of a self-referencing page and returns', () => {
    const page = {
      url: 'https://example.org/',
      title: 'A page',
      jsonLd: [JSON.stringify(selfReferencing(30))],
      microdata: [],
      rdfa: [],
    };
    const drafts = readPageEvents(page, { matcher: null, festivals: [] });
    expect(drafts.map((d) => d.title)).toEqual(['Node 0']);
  });
});
