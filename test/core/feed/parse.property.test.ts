// Properties of the JSON feed parser over generated documents: it never throws, returns (hostile
// documents included; nothing is timed, the test timeout is only a safety net), refuses a
// non-feed with a reason, and inside a feed accounts for every item: each one is either kept
// (clean, within limits, links http(s) only, references resolved) or reported as skipped with a
// reason at its path.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEED_LIMITS, parseFeed, type ParseResult } from '../../../src/core/feed/parse.ts';
import type { Feed } from '../../../src/core/model.ts';

// Control characters (but tab and newline), bidi controls and lone surrogates never survive.
const UNCLEAN =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '\u202Eylno noitativnI',
    '\uD800',
    '\u0000\u001b[31m',
    '__proto__',
    'constructor',
    ' ',
    '',
    'x'.repeat(6000),
  ),
);
const hostileUrl = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<b>',
    'vbscript:x',
    '//evil.example/x',
    'http://',
    'https://ok.example/a?b#c',
    `https://x.example/${'a'.repeat(2100)}`,
  ),
  hostileText,
);
const hostileDate = fc.oneof(
  fc.constantFrom(
    '2007-09-06',
    '2007-09-06T21:30:00-04:00',
    '2007-09-06T21:30:00Z',
    '2007-02-30',
    '2007-09-06T21:30',
    '2007-13-01',
    '2007-09-06T25:00:00Z',
    `2007-09-06T${'9'.repeat(5000)}`,
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  hostileText,
);
const anyJson = fc.jsonValue({ maxDepth: 2 });
/** A field: mostly plausible, sometimes anything at all, sometimes absent. */
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 12, arbitrary: good },
    { weight: 1, arbitrary: anyJson },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
/** Mostly well-formed, sometimes hostile. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad });
const name = mostly(
  fc.constantFrom('Fugitive Pieces', 'Wicked', 'Amélie', 'מסיבה', 'Young People F***ing'),
  hostileText,
);
const day = mostly(fc.constantFrom('2007-09-06', '2007-09-15', '2008-02-29'), hostileDate);
const moment = mostly(fc.constantFrom('2007-09-06T21:30:00-04:00', '2007-09-07', '2007-09-06T23:00:00Z'), hostileDate);
const link = mostly(fc.webUrl(), hostileUrl);
const ids = fc.constantFrom('a', 'b', 'c', 'tiff', 'cannes', '__proto__');

// Keys are always generated; `field` makes a value absent now and then.
const item = <T>(record: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 1, arbitrary: anyJson }, { weight: 8, arbitrary: record });
const festival = item(
  fc.record({
    id: field(ids),
    name: field(name),
    timeZone: field(
      mostly(
        fc.constantFrom('America/Toronto', 'Europe/Paris', 'UTC'),
        fc.constantFrom('Mars/Olympus', '', 'america/toronto'),
      ),
    ),
    start: field(day),
    end: field(day),
  }),
);
const film = item(
  fc.record({
    id: field(ids),
    title: field(name),
    aliases: field(fc.array(name, { maxLength: 4 })),
    year: field(fc.integer({ min: 1800, max: 2200 })),
    directors: field(fc.array(name, { maxLength: 3 })),
  }),
);
const event = item(
  fc.record({
    id: field(ids),
    kind: field(fc.constantFrom('party', 'Dinner', 'reception', 'rave')),
    title: field(name),
    films: field(fc.array(ids, { maxLength: 4 })),
    festival: field(ids),
    start: field(moment),
    end: field(moment),
    venue: field(fc.oneof(name, fc.record({ name: field(name), address: field(name) }))),
    host: field(name),
    access: field(fc.constantFrom('public', 'rsvp', 'invite', 'ticketed', 'unknown', 'VIP')),
    url: field(link),
    description: field(name),
    source: field(fc.record({ name: field(name), url: field(link) })),
    cancelled: field(fc.boolean()),
  }),
);
const feedLike = fc.record(
  {
    afterparty: fc.oneof({ weight: 5, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: anyJson }),
    title: field(name),
    updated: field(moment),
    festivals: field(fc.array(festival, { maxLength: 4 })),
    films: field(fc.array(film, { maxLength: 6 })),
    events: field(fc.array(event, { maxLength: 8 })),
    extra: field(anyJson),
  },
  { requiredKeys: ['afterparty'] },
);

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

function checkFeed(feed: Feed): void {
  for (const text of strings(feed)) expect(text).not.toMatch(UNCLEAN);
  expect(feed.title.length).toBeGreaterThan(0);
  const festivalIds = new Set(feed.festivals.map((f) => f.id));
  const filmIds = new Set(feed.films.map((f) => f.id));
  expect(festivalIds.size).toBe(feed.festivals.length);
  expect(filmIds.size).toBe(feed.films.length);
  expect(new Set(feed.events.map((e) => e.id)).size).toBe(feed.events.length);
  for (const f of feed.films) expect([...f.title].length).toBeLessThanOrEqual(FEED_LIMITS.title);
  for (const e of feed.events) {
    for (const url of [e.url, e.source?.url ?? null])
      if (url !== null) expect(new URL(url).protocol).toMatch(/^https?:$/);
    for (const id of e.films) expect(filmIds.has(id)).toBe(true);
    if (e.festival !== null) expect(festivalIds.has(e.festival)).toBe(true);
    if (e.end !== null) expect(e.start).not.toBeNull();
    expect([...(e.description ?? '')].length).toBeLessThanOrEqual(FEED_LIMITS.description);
  }
}

/** Every input item is either in the feed or reported skipped, with a reason, at its index. */
function checkAccounting(input: Record<string, unknown>, result: Extract<ParseResult, { ok: true }>): void {
  for (const section of ['festivals', 'films', 'events'] as const) {
    const given = Array.isArray(input[section]) ? (input[section] as unknown[]).length : 0;
    const skipped = new Set(
      result.problems
        .filter((p) => p.path.startsWith(`${section}[`) && /skipped/.test(p.message))
        .map((p) => /^\w+\[(\d+)\]/.exec(p.path)?.[1]),
    );
    expect(result.feed[section].length + skipped.size, section).toBe(given);
  }
  for (const problem of result.problems) {
    expect(typeof problem.path).toBe('string');
    expect(problem.message.length).toBeGreaterThan(0);
  }
}

describe('feed parser properties', () => {
  it('never throws on any text, and refuses what is not a feed with a reason', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ afterparty: 1, title: 't', events: v })),
        ),
        (text) => {
          const result = parseFeed(text);
          if (!result.ok) expect(result.error.length).toBeGreaterThan(10);
          else checkFeed(result.feed);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on any value, and a value and its JSON text read the same', () => {
    // A string handed in is read as the document's text, so only non-strings are compared.
    fc.assert(
      fc.property(
        fc.jsonValue().filter((value) => typeof value !== 'string'),
        (value) => {
          const direct = parseFeed(value);
          const viaText = parseFeed(JSON.stringify(value));
          expect(viaText).toEqual(direct);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps clean items and reports every other one as skipped, with a reason, in feed-shaped documents', () => {
    fc.assert(
      fc.property(feedLike, (doc) => {
        const result = parseFeed(doc);
        if (!result.ok) {
          expect(result.error.length).toBeGreaterThan(10);
          return;
        }
        checkFeed(result.feed);
        checkAccounting(doc, result);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ['a deeply nested list', '['.repeat(1_000_000)],
    ['a deeply nested object', '{"a":'.repeat(200_000)],
    ['a million angle brackets', '<'.repeat(1_000_000)],
    [
      'a date with 100,000 digits',
      JSON.stringify({
        afterparty: 1,
        title: 't',
        events: [{ id: 'e', title: 'e', start: `2007-09-06T${'9'.repeat(100_000)}` }],
      }),
    ],
    ['a million spaces', `${' '.repeat(1_000_000)}x`],
    [
      'a 5 MB description',
      JSON.stringify({
        afterparty: 1,
        title: 't',
        events: [{ id: 'e', title: 'e', description: `${'\u202E<b>x</b> '.repeat(500_000)}` }],
      }),
    ],
  ])('returns on %s: a clean feed, or a refusal with a reason', { timeout: 60_000 }, (_what, text) => {
    const result = parseFeed(text);
    if (result.ok) checkFeed(result.feed);
    else expect(result.error.length).toBeGreaterThan(10);
  });
});
