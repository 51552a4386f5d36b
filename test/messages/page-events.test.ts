import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPageEventsReport, type PageSnapshot } from '../../src/core/page-events/index.ts';
import { parseRequest } from '../../src/messages/index.ts';
import { MAX_FIND_FILMS_CHARS } from '../../src/messages/listings.ts';
import { checkPageSnapshot, fitPageSnapshot, SNAPSHOT_LIMITS } from '../../src/messages/page-events.ts';

const EVENT = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Event',
  name: 'Fugitive Pieces after-party',
  startDate: '2007-09-06T23:00:00-04:00',
});
const item = (props: Record<string, unknown[]>, types = ['https://schema.org/Event']) => ({ types, props });
const snapshot = (patch: Partial<Record<keyof PageSnapshot, unknown>> = {}) => ({
  url: 'https://festival.example/programme',
  title: 'Programme',
  jsonLd: [EVENT],
  microdata: [item({ name: ['Dinner'], startDate: ['2007-09-07T19:00'] })],
  rdfa: [],
  ...patch,
});
const nested = (depth: number): unknown => (depth === 0 ? 'deep' : item({ about: [nested(depth - 1)] }));

describe('previewPageEvents', () => {
  it('accepts a page snapshot within the reader’s limits, as it is', () => {
    expect(parseRequest({ type: 'previewPageEvents', params: { snapshot: snapshot() } })).toEqual({
      type: 'previewPageEvents',
      params: { snapshot: snapshot() },
    });
    // A snapshot without RDFa (rdfa is optional), and items nested as deep as the reader goes (depth 8).
    const { rdfa: _rdfa, ...plain } = snapshot({ microdata: [nested(9)] });
    expect(checkPageSnapshot(plain)).toEqual(plain);
  });

  const manyProps = Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`p${i}`, ['v']]));
  it.each([
    ['no params', undefined, /needs \{snapshot\}/],
    ['no snapshot', {}, /must be \{url, title, jsonLd, microdata, rdfa\?\}/],
    ['a url not a string', { snapshot: snapshot({ url: 3 }) }, /must be \{url, title/],
    ['a long url', { snapshot: snapshot({ url: 'x'.repeat(SNAPSHOT_LIMITS.url + 1) }) }, /a url of at most/],
    ['a long title', { snapshot: snapshot({ title: 'x'.repeat(SNAPSHOT_LIMITS.title + 1) }) }, /a title of at most/],
    ['jsonLd not a list', { snapshot: snapshot({ jsonLd: 'text' }) }, /jsonLd must be a list/],
    ['41 scripts', { snapshot: snapshot({ jsonLd: Array(41).fill(EVENT) }) }, /at most 40 JSON-LD scripts/],
    ['a long script', { snapshot: snapshot({ jsonLd: ['x'.repeat(500_001)] }) }, /at most 500000 characters/],
    [
      'too much JSON-LD',
      { snapshot: snapshot({ jsonLd: Array(3).fill('x'.repeat(400_000)) }) },
      /at most 1000000 characters of JSON-LD/,
    ],
    ['items nested ten deep', { snapshot: snapshot({ microdata: [nested(10)] }) }, /nested at most 8 deep/],
    ['201 items', { snapshot: snapshot({ microdata: Array(201).fill(item({})) }) }, /at most 200 microdata items/],
    ['an RDFa item not an object', { snapshot: snapshot({ rdfa: [3] }) }, /every item must be \{types, props\}/],
    ['6 types', { snapshot: snapshot({ microdata: [item({}, ['a', 'b', 'c', 'd', 'e', 'f'])] }) }, /at most 5 types/],
    ['61 properties', { snapshot: snapshot({ microdata: [item(manyProps)] }) }, /at most 60 properties/],
    ['201 values', { snapshot: snapshot({ microdata: [item({ name: Array(201).fill('v') })] }) }, /at most 200 values/],
    [
      'a long text value',
      { snapshot: snapshot({ microdata: [item({ name: ['x'.repeat(10_001)] })] }) },
      /text values of at most 10000/,
    ],
    [
      'values not a list',
      { snapshot: snapshot({ microdata: [item({ name: 'Dinner' } as never)] }) },
      /with a list of values/,
    ],
  ])('refuses %s with a reason', (_what, params, reason) => {
    const refused = parseRequest({ type: 'previewPageEvents', params });
    expect(typeof refused).toBe('string');
    expect(refused).toMatch(/^previewPageEvents/);
    expect(refused).toMatch(reason);
  });
});

describe('fitPageSnapshot: what the popup sends of what the page gave', () => {
  const value: fc.Arbitrary<unknown> = fc.letrec<{ item: unknown; value: unknown }>((tie) => ({
    item: fc.record({
      types: fc.array(
        fc.oneof(fc.constantFrom('https://schema.org/Event', 'https://schema.org/Place'), fc.anything()),
        {
          maxLength: 7,
        },
      ),
      props: fc.dictionary(
        fc.oneof(fc.constantFrom('name', 'startDate', 'location', 'workPresented', '__proto__'), fc.string()),
        fc.array(tie('value'), { maxLength: 3 }),
        { maxKeys: 4 },
      ),
    }),
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth: 10 },
      fc.constantFrom('Fugitive Pieces', '2007-09-06T21:30', 'The Drake'),
      fc.string(),
      tie('item'),
    ),
  })).value;
  const pages = fc.record({
    url: fc.constantFrom('https://festival.example/', 'not a url'),
    title: fc.string(),
    jsonLd: fc.array(fc.oneof(fc.constant(EVENT), fc.string(), fc.integer()), { maxLength: 3 }),
    microdata: fc.array(value, { maxLength: 3 }),
    rdfa: fc.option(fc.array(value, { maxLength: 3 }), { nil: undefined }),
  });

  it('is always accepted on receipt', () => {
    fc.assert(
      fc.property(pages, (page) => {
        const fitted = fitPageSnapshot(page);
        expect(fitted).not.toBeNull();
        expect(checkPageSnapshot(fitted)).toEqual(fitted);
      }),
      { numRuns: 200 },
    );
  });

  it('reads as the page it came from', () => {
    fc.assert(
      fc.property(pages, (page) => {
        const context = { matcher: null, festivals: [] };
        const fitted = fitPageSnapshot(page)!;
        expect(readPageEventsReport(fitted, context)).toEqual(readPageEventsReport(page as PageSnapshot, context));
      }),
      { numRuns: 200 },
    );
  });

  it('reads a page past every limit as the reader reads it whole', () => {
    const props = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`p${i}`, ['v']]));
    const event = item({ ...props, name: [...Array(25).fill('Fugitive Pieces party'), 'x'.repeat(20_000)] }, [
      ...Array(3).fill(7),
      ...Array(6).fill('https://schema.org/Event'),
    ]);
    const page = snapshot({
      jsonLd: [...Array(45).fill(EVENT), 'x'.repeat(600_000)],
      microdata: [event, ...Array(230).fill(item({ name: ['Dinner'], startDate: ['2007-09-07'] })), nested(12)],
    });
    const fitted = fitPageSnapshot(page)!;
    expect(checkPageSnapshot(fitted)).toEqual(fitted);
    const context = { matcher: null, festivals: [] };
    expect(readPageEventsReport(fitted, context)).toEqual(readPageEventsReport(page as PageSnapshot, context));
  });

  it('is null for what is not a snapshot at all', () => {
    expect(fitPageSnapshot(null)).toBeNull();
    expect(fitPageSnapshot({ url: 'https://a.example/' })).toBeNull();
  });
});

describe('findFilms', () => {
  it('accepts a typed title', () => {
    expect(parseRequest({ type: 'findFilms', params: { text: 'fugitive pieces' } })).toEqual({
      type: 'findFilms',
      params: { text: 'fugitive pieces' },
    });
  });

  it.each([
    ['no params', undefined, 'findFilms needs {text}'],
    ['a text not a string', { text: 3 }, 'findFilms needs {text}'],
    [
      'a long text',
      { text: 'x'.repeat(MAX_FIND_FILMS_CHARS + 1) },
      `findFilms accepts a title of at most ${MAX_FIND_FILMS_CHARS} characters`,
    ],
  ])('refuses %s with a reason', (_what, params, reason) => {
    expect(parseRequest({ type: 'findFilms', params })).toBe(reason);
  });
});
