import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { parseFeed } from '../../../src/core/feed/parse';
import type { FeedProblem, ParseResult } from '../../../src/core/feed/parse';
import type { Feed } from '../../../src/core/model';

const schema: object = JSON.parse(
  readFileSync(new URL('../../../schema/feed-v1.schema.json', import.meta.url), 'utf8'),
);

// The example from the product brief, with a second event so skips can be seen around it.
function briefExample() {
  return {
    afterparty: 1,
    title: 'TIFF 2007 parties',
    updated: '2007-09-16T12:00:00Z',
    festivals: [
      {
        id: 'tiff-2007',
        name: 'Toronto International Film Festival 2007',
        timeZone: 'America/Toronto',
        start: '2007-09-06',
        end: '2007-09-15',
      },
    ],
    films: [
      {
        id: 'young-people-fucking',
        title: 'Young People Fucking',
        aliases: ['Young People F***ing', 'YPF'],
        year: 2007,
        directors: ['Martin Gero'],
      },
      { id: 'happy-go-lucky', title: 'Happy-Go-Lucky' },
    ],
    events: [
      {
        id: 'ypf-wicked',
        kind: 'party',
        title: 'Young People F***ing party',
        films: ['young-people-fucking'],
        festival: 'tiff-2007',
        start: '2007-09-06T21:30:00-04:00',
        end: null,
        venue: { name: 'Wicked', address: 'Queen St W, Toronto' },
        host: null,
        access: 'invite',
        url: null,
        description: '...',
      },
      {
        id: 'hgl-dinner',
        kind: 'dinner',
        title: 'Happy-Go-Lucky dinner',
        films: ['happy-go-lucky'],
        festival: 'tiff-2007',
        start: '2007-09-09',
        venue: "Josos'",
        access: 'rsvp',
        url: 'https://example.com/hgl',
        source: { name: 'Toronto Life', url: 'https://example.com/article' },
        cancelled: false,
      },
      {
        id: 'sponsor-bash',
        kind: 'reception',
        title: 'Sponsor reception',
        films: [],
        start: '2007-09-07T22:00Z',
        end: '2007-09-08T02:00:00.000Z',
      },
    ],
  };
}

type Doc = ReturnType<typeof briefExample> & Record<string, unknown>;

function withEvent(index: number, patch: Record<string, unknown>): Doc {
  const doc = briefExample() as Doc;
  doc.events[index] = { ...doc.events[index], ...patch } as Doc['events'][number];
  return doc;
}

function loaded(result: ParseResult): { feed: Feed; problems: FeedProblem[] } {
  if (!result.ok) throw new Error(`expected a feed, got: ${result.error}`);
  return result;
}

function refused(result: ParseResult): string {
  if (result.ok) throw new Error('expected the document to be refused');
  return result.error;
}

function problemAt(problems: FeedProblem[], path: string): string {
  const found = problems.find((p) => p.path === path);
  if (!found) throw new Error(`no problem at ${path}; got ${JSON.stringify(problems)}`);
  return found.message;
}

describe('parseFeed: valid feeds', () => {
  it('reads the brief example from text, filling defaults, with no problems', () => {
    const { feed, problems } = loaded(parseFeed(JSON.stringify(briefExample())));
    expect(problems).toEqual([]);
    expect(feed.title).toBe('TIFF 2007 parties');
    expect(feed.updated).toBe('2007-09-16T12:00:00Z');
    expect(feed.festivals).toEqual([briefExample().festivals[0]]);
    expect(feed.films[1]).toEqual({
      id: 'happy-go-lucky',
      title: 'Happy-Go-Lucky',
      aliases: [],
      year: null,
      directors: [],
    });
    expect(feed.events[0]).toEqual({
      id: 'ypf-wicked',
      kind: 'party',
      title: 'Young People F***ing party',
      films: ['young-people-fucking'],
      festival: 'tiff-2007',
      start: '2007-09-06T21:30:00-04:00',
      end: null,
      venue: { name: 'Wicked', address: 'Queen St W, Toronto' },
      host: null,
      access: 'invite',
      url: null,
      description: '...',
      source: null,
      cancelled: false,
    });
    const dinner = feed.events[1]!;
    expect(dinner.venue).toEqual({ name: "Josos'", address: null });
    expect(dinner.start).toBe('2007-09-09');
    expect(dinner.source).toEqual({ name: 'Toronto Life', url: 'https://example.com/article' });
    expect(feed.events[2]).toMatchObject({
      festival: null,
      films: [],
      access: 'unknown',
      end: '2007-09-08T02:00:00.000Z',
    });
  });

  it('reads an already-parsed value the same as its text', () => {
    expect(parseFeed(briefExample())).toEqual(parseFeed(JSON.stringify(briefExample())));
  });

  it('treats missing lists as empty and ignores unknown fields', () => {
    const { feed, problems } = loaded(parseFeed('\uFEFF{"afterparty": 1, "title": "Empty", "x-note": {"a": [1]}}'));
    expect(feed).toEqual({ title: 'Empty', updated: null, festivals: [], films: [], events: [] });
    expect(problems).toEqual([]);
  });
});

describe('parseFeed: one bad item never costs the feed', () => {
  it('skips an event with a wrong type, loads the others and says where', () => {
    const { feed, problems } = loaded(parseFeed(withEvent(1, { title: 42 })));
    expect(feed.events.map((e) => e.id)).toEqual(['ypf-wicked', 'sponsor-bash']);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toBe('events[1].title');
    expect(problems[0]!.message).toBe('title must be text, but it is a number; this event was skipped');
  });

  it('skips items that are not objects, and films or festivals with missing fields', () => {
    const doc = briefExample() as Doc;
    (doc.events as unknown[]).splice(1, 0, 'oops', null);
    (doc.films as unknown[]).push({ id: 'no-title' }, 7);
    const { feed, problems } = loaded(parseFeed(doc));
    expect(feed.events).toHaveLength(3);
    expect(feed.films).toHaveLength(2);
    expect(problemAt(problems, 'events[1]')).toMatch(/must be an object, but this is text; it was skipped/);
    expect(problemAt(problems, 'events[2]')).toMatch(/but this is null/);
    expect(problemAt(problems, 'films[2].title')).toBe('title is missing; this film was skipped');
    expect(problemAt(problems, 'films[3]')).toMatch(/a number/);
  });

  it('repairs optional fields of the wrong type instead of skipping', () => {
    const { feed, problems } = loaded(
      parseFeed(withEvent(0, { host: 5, cancelled: 'yes', venue: [1], description: { html: '<b>' } })),
    );
    expect(feed.events[0]).toMatchObject({ host: null, cancelled: false, venue: null, description: null });
    expect(problems.map((p) => p.path)).toEqual([
      'events[0].venue',
      'events[0].host',
      'events[0].description',
      'events[0].cancelled',
    ]);
  });

  it('maps an unknown kind to other and forgives the case of a known one', () => {
    const doc = briefExample() as Doc;
    (doc.events[0] as Record<string, unknown>).kind = 'rave';
    (doc.events[1] as Record<string, unknown>).kind = 'Dinner';
    delete (doc.events[2] as Record<string, unknown>).kind;
    const { feed, problems } = loaded(parseFeed(doc));
    expect(feed.events.map((e) => e.kind)).toEqual(['other', 'dinner', 'other']);
    expect(problemAt(problems, 'events[0].kind')).toMatch(/"rave" is not one of party, dinner/);
    expect(problemAt(problems, 'events[1].kind')).toMatch(/should be written "dinner"/);
    expect(problems).toHaveLength(2);
  });

  it('keeps the first of two items with the same id', () => {
    const doc = briefExample() as Doc;
    doc.events.push({ ...doc.events[2]!, title: 'Second copy' });
    const { feed, problems } = loaded(parseFeed(doc));
    expect(feed.events.filter((e) => e.id === 'sponsor-bash').map((e) => e.title)).toEqual(['Sponsor reception']);
    expect(problemAt(problems, 'events[3].id')).toMatch(/already used by events\[2\]; this event was skipped/);
  });
});

describe('parseFeed: documents that are not feeds are refused whole', () => {
  const cases: [string, unknown, RegExp][] = [
    [
      'an HTML page',
      '<!DOCTYPE html>\n<html><head><title>404</title></head></html>',
      /^This is not JSON \(it looks like an HTML page\)$/,
    ],
    ['an HTML fragment', '  <div>Parties</div>', /not JSON \(it looks like HTML or XML/],
    ['an RSS feed', '<?xml version="1.0"?><rss></rss>', /not JSON \(it looks like XML/],
    ['an iCalendar file', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n', /iCalendar/],
    ['plain text', 'Parties tonight at Wicked!', /^This is not JSON \(it looks like plain text\)$/],
    ['an empty string', '  \n', /empty/],
    ['truncated JSON', JSON.stringify(briefExample()).slice(0, 120), /ends too early; the file may be cut off/],
    ['malformed JSON', '{"afterparty": 1, title: "x"}', /^This is not valid JSON \(/],
    ['a JSON list', '[]', /^This is a JSON list, not a feed/],
    ['JSON null', 'null', /^This is JSON null, not a feed/],
    ['a JSON number', '1', /a number in JSON, not a feed/],
    ['a JSON string', '"afterparty"', /text in JSON, not a feed/],
    ['nothing', undefined, /no document/],
    [
      'an object without a version',
      '{"title": "x", "events": []}',
      /not an Afterparty feed: it has no "afterparty": 1 field/,
    ],
    ['a newer version', '{"afterparty": 2, "title": "x"}', /unsupported feed version 2/],
    ['a version as text', '{"afterparty": "1", "title": "x"}', /must be the number 1, but it is text/],
    ['a missing title', '{"afterparty": 1, "events": []}', /^This feed has no title/],
    ['a title of the wrong type', '{"afterparty": 1, "title": ["x"]}', /title must be text, but it is a list/],
    ['a blank title', '{"afterparty": 1, "title": " \\u0000 "}', /title is empty/],
    [
      'events that are not a list',
      '{"afterparty": 1, "title": "x", "events": {"0": {}}}',
      /"events" must be a list, but it is an object/,
    ],
    ['films set to null', '{"afterparty": 1, "title": "x", "films": null}', /"films" must be a list, but it is null/],
  ];
  it.each(cases)('refuses %s', (_name, input, message) => {
    expect(refused(parseFeed(input))).toMatch(message);
  });
});

describe('parseFeed: hostile input', () => {
  it('treats __proto__ and constructor as plain data', () => {
    const text = JSON.stringify(briefExample())
      .replace('"afterparty":1', '"__proto__":{"polluted":true},"afterparty":1')
      .replace('"id":"ypf-wicked"', '"id":"__proto__","__proto__":{"kind":"screening","title":"x"}')
      .replace('"id":"happy-go-lucky"', '"id":"constructor"')
      .replace('"films":["happy-go-lucky"]', '"films":["constructor","toString"]');
    const { feed, problems } = loaded(parseFeed(text));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(feed.events[0]).toMatchObject({ id: '__proto__', kind: 'party', title: 'Young People F***ing party' });
    expect(Object.getPrototypeOf(feed.events[0])).toBe(Object.prototype);
    expect(feed.events[1]!.films).toEqual(['constructor']);
    expect(problemAt(problems, 'events[1].films[1]')).toMatch(/"toString" is not among the feed's films/);
  });

  it('survives 10,000 levels of nesting, in text and in values', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const text = `{"afterparty":1,"title":"Deep","events":[{"id":"a","title":"A","extra":${deep}},{"id":"b","title":${deep}}]}`;
    const { feed, problems } = loaded(parseFeed(text));
    expect(feed.events.map((e) => e.id)).toEqual(['a']);
    expect(problemAt(problems, 'events[1].title')).toMatch(/a list/);
    expect(refused(parseFeed(deep))).toMatch(/JSON list/);
    expect(refused(parseFeed('{"a":'.repeat(10_000)))).toMatch(/ends too early/);
    let value: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) value = { title: value };
    expect(refused(parseFeed({ afterparty: 1, title: value }))).toMatch(/title must be text, but it is an object/);
  });

  // Untimed: the result shows the cap was applied; the timeout is only a safety net against a hang.
  it('reads 100,000 events, keeping the first 50,000', { timeout: 60_000 }, () => {
    const events = Array.from({ length: 100_000 }, (_, i) => ({
      id: `e${i}`,
      kind: 'party',
      title: `Party ${i}`,
      films: ['young-people-fucking'],
      festival: 'tiff-2007',
      start: '2007-09-06T21:30:00-04:00',
      venue: { name: 'Wicked', address: null },
      access: 'public',
      url: 'https://example.com/e',
    }));
    const text = JSON.stringify({ ...briefExample(), events });
    const { feed, problems } = loaded(parseFeed(text));
    expect(feed.events).toHaveLength(50_000);
    expect(problems).toEqual([
      { path: 'events', message: 'the feed has 100000 events; only the first 50000 were read' },
    ]);
  });

  it('caps the problem list of a feed that is all problems', () => {
    const events = Array.from({ length: 5000 }, () => 0);
    const { feed, problems } = loaded(parseFeed({ afterparty: 1, title: 'Broken', events }));
    expect(feed.events).toEqual([]);
    expect(problems).toHaveLength(1001);
    expect(problems[1000]).toEqual({ path: '', message: '4000 more problems were found but are not listed' });
  });

  it('never throws, whatever it is given', () => {
    const throwing = Object.defineProperty({ afterparty: 1 }, 'title', {
      enumerable: true,
      get() {
        throw new Error('gotcha');
      },
    });
    const trap = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    const weird: unknown[] = [
      throwing,
      trap,
      Symbol('x'),
      () => 1,
      10n,
      new Date(),
      new Map(),
      Object.create(null),
      {
        afterparty: 1,
        title: 'x',
        events: [Object.create(null), { id: Symbol('s') }, { id: 'a', title: 'b', start: {} }],
      },
      {
        afterparty: 1,
        title: 'x',
        films: [{ id: 'f', title: 't', aliases: 'YPF', directors: [null, 3, 'A'], year: '2007' }],
      },
      {
        afterparty: 1,
        title: 'x',
        events: [{ id: 'n', title: 'n', kind: null, films: null, festival: 3, venue: {}, source: 'x', url: 5 }],
      },
      '\u0000',
      '{',
      '{"afterparty":1e400,"title":"x"}',
      '{"afterparty":1,"title":"x","updated":5}',
    ];
    for (const input of weird) expect(() => parseFeed(input)).not.toThrow();
    expect(refused(parseFeed(throwing))).toMatch(/could not be read \(gotcha\)/);
  });

  it('keeps markup as plain text: the parser does not escape, rendering never uses HTML', () => {
    const title = '<script>alert(1)</script> & <img src=x onerror=alert(2)>';
    const { feed } = loaded(parseFeed(withEvent(0, { title, description: title })));
    expect(feed.events[0]!.title).toBe(title);
    expect(feed.events[0]!.description).toBe(title);
  });

  it('trims, strips control characters and caps lengths', () => {
    const { feed, problems } = loaded(
      parseFeed(
        withEvent(0, {
          title: '  Young\u0000 People\u001b[31m\n\tparty \u200b ',
          host: 'A'.repeat(400),
          description: `Line one\u0007\r\nLine two\t \n${'x'.repeat(6000)}`,
        }),
      ),
    );
    const event = feed.events[0]!;
    expect(event.title).toBe('Young People[31m party \u200b');
    expect(event.host).toHaveLength(300);
    expect(event.description!.startsWith('Line one\nLine two\n')).toBe(true);
    expect([...event.description!]).toHaveLength(5000);
    expect(problemAt(problems, 'events[0].host')).toMatch(/longer than 300 characters/);
    expect(problemAt(problems, 'events[0].description')).toMatch(/longer than 5000 characters/);
  });
});

describe('parseFeed: links', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/x',
    '/relative',
    'not a url',
  ])('drops %s', (url) => {
    const { feed, problems } = loaded(parseFeed(withEvent(0, { url, source: { name: 'S', url } })));
    expect(feed.events[0]!.url).toBeNull();
    expect(feed.events[0]!.source).toEqual({ name: 'S', url: null });
    expect(problemAt(problems, 'events[0].url')).toMatch(/it was left out/);
    expect(problemAt(problems, 'events[0].source.url')).toMatch(/it was left out/);
  });

  it('drops an over-long link rather than cutting it into another one', () => {
    const { feed, problems } = loaded(parseFeed(withEvent(0, { url: `https://example.com/${'a'.repeat(2000)}` })));
    expect(feed.events[0]!.url).toBeNull();
    expect(problemAt(problems, 'events[0].url')).toBe('url is longer than 2000 characters; it was left out');
  });

  it('keeps http and https links, normalised', () => {
    const { feed, problems } = loaded(parseFeed(withEvent(0, { url: ' HTTP://Example.com/a b ' })));
    expect(feed.events[0]!.url).toBe('http://example.com/a%20b');
    expect(problems).toEqual([]);
  });
});

describe('parseFeed: dates and times', () => {
  it.each([
    ['2007-02-30', /not a real calendar date/],
    ['2007-02-29', /not a real calendar date/],
    ['2007-13-01', /not a date like "2007-09-06"/],
    ['2007-09-06T21:30:00', /no UTC offset, so the moment is ambiguous/],
    ['2007-09-06 21:30', /no UTC offset/],
    ['2007-09-06T25:00:00Z', /neither a date/],
    ['Sept 6, 9:30pm', /neither a date/],
  ])('skips an event starting %s', (start, message) => {
    const { feed, problems } = loaded(parseFeed(withEvent(1, { start })));
    expect(feed.events.map((e) => e.id)).toEqual(['ypf-wicked', 'sponsor-bash']);
    expect(problemAt(problems, 'events[1].start')).toMatch(message);
    expect(problemAt(problems, 'events[1].start')).toMatch(/this event was skipped$/);
  });

  it('accepts 29 February in a leap year, offsets, Z and fractions', () => {
    for (const start of ['2008-02-29', '2000-02-29T00:00+14:00', '2007-09-06T21:30:00.123456789Z']) {
      const { feed, problems } = loaded(parseFeed(withEvent(1, { start })));
      expect(problems).toEqual([]);
      expect(feed.events[1]!.start).toBe(start);
    }
  });

  it('skips an event whose start is not text', () => {
    const { problems } = loaded(parseFeed(withEvent(0, { start: 1189128600000 })));
    expect(problemAt(problems, 'events[0].start')).toMatch(/must be a date or date-time text, but it is a number/);
  });

  it('drops an end before the start, comparing instants across offsets', () => {
    const early = withEvent(0, { start: '2007-09-06T21:30:00-04:00', end: '2007-09-07T01:00:00Z' });
    const { feed, problems } = loaded(parseFeed(early));
    expect(feed.events[0]!.end).toBeNull();
    expect(problemAt(problems, 'events[0].end')).toMatch(/is before start/);
    const sameDay = loaded(parseFeed(withEvent(0, { end: '2007-09-06' })));
    expect(sameDay.feed.events[0]!.end).toBe('2007-09-06');
    expect(sameDay.problems).toEqual([]);
    const later = loaded(parseFeed(withEvent(0, { end: '2007-09-07T02:00:00Z' })));
    expect(later.feed.events[0]!.end).toBe('2007-09-07T02:00:00Z');
  });

  it('drops an end without a start', () => {
    const { feed, problems } = loaded(parseFeed(withEvent(0, { start: null, end: '2007-09-07' })));
    expect(feed.events[0]).toMatchObject({ start: null, end: null });
    expect(problemAt(problems, 'events[0].end')).toMatch(/without a start/);
  });

  it('keeps an end time after a date-alone start: the end is known, the start time is not', () => {
    const { feed, problems } = loaded(
      parseFeed(withEvent(1, { start: '2007-09-09', end: '2007-09-09T15:00:00-04:00' })),
    );
    expect(feed.events[1]).toMatchObject({ start: '2007-09-09', end: '2007-09-09T15:00:00-04:00' });
    expect(problems).toEqual([]);
  });

  it('reads timeNote as one line of text, capped at 200 characters, and leaves it out when absent', () => {
    const { feed, problems } = loaded(
      parseFeed(withEvent(1, { timeNote: '  after the 6 pm\n gala\u0000 screening ' })),
    );
    expect(feed.events[1]!.timeNote).toBe('after the 6 pm gala screening');
    expect(problems).toEqual([]);
    // Positive control for the absence: the event without a note has no timeNote key at all.
    expect('timeNote' in feed.events[0]!).toBe(false);
    expect(loaded(parseFeed(withEvent(1, { timeNote: null }))).feed.events[1]).not.toHaveProperty('timeNote');
    const long = loaded(parseFeed(withEvent(1, { timeNote: 'x'.repeat(250) })));
    expect([...long.feed.events[1]!.timeNote!]).toHaveLength(200);
    expect(problemAt(long.problems, 'events[1].timeNote')).toMatch(/longer than 200 characters/);
    const wrong = loaded(parseFeed(withEvent(1, { timeNote: 22 })));
    expect(wrong.feed.events[1]).not.toHaveProperty('timeNote');
    expect(wrong.feed.events.map((e) => e.id)).toContain('hgl-dinner');
    expect(problemAt(wrong.problems, 'events[1].timeNote')).toMatch(
      /must be text, but it is a number; it was left out/,
    );
  });

  it('leaves out an unreadable updated date', () => {
    const doc = { ...briefExample(), updated: '16/09/2007' };
    const { feed, problems } = loaded(parseFeed(doc));
    expect(feed.updated).toBeNull();
    expect(problemAt(problems, 'updated')).toMatch(/left out/);
  });
});

describe('parseFeed: festivals and references', () => {
  it('skips a festival with an unknown time zone or impossible dates', () => {
    for (const [patch, path, message] of [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'festivals[0].timeZone', /not a known IANA time zone/],
      [{ timeZone: 'Toronto' }, 'festivals[0].timeZone', /not a known IANA time zone/],
      [{ start: '2007-09-31' }, 'festivals[0].start', /not a real calendar date/],
      [{ end: '2007-09-15T00:00:00Z' }, 'festivals[0].end', /not a date like/],
    ] as const) {
      const doc = briefExample() as Doc;
      doc.festivals[0] = { ...doc.festivals[0]!, ...patch };
      const { feed, problems } = loaded(parseFeed(doc));
      expect(feed.festivals).toEqual([]);
      expect(problemAt(problems, path)).toMatch(message);
      // The events pointing at it lose the link, with a reason each.
      expect(feed.events[0]!.festival).toBeNull();
      expect(problemAt(problems, 'events[0].festival')).toMatch(/"tiff-2007" is not among the feed's festivals/);
    }
  });

  it('reads a festival ending before it starts as one day', () => {
    const doc = briefExample() as Doc;
    doc.festivals[0] = { ...doc.festivals[0]!, end: '2007-09-01' };
    const { feed, problems } = loaded(parseFeed(doc));
    expect(feed.festivals[0]).toMatchObject({ start: '2007-09-06', end: '2007-09-06' });
    expect(problemAt(problems, 'festivals[0].end')).toMatch(/before start/);
  });

  it('drops unknown festival and film references, keeping the event', () => {
    const { feed, problems } = loaded(
      parseFeed(
        withEvent(0, { festival: 'cannes-2007', films: ['young-people-fucking', 'ghost', 3, 'young-people-fucking'] }),
      ),
    );
    expect(feed.events[0]).toMatchObject({ id: 'ypf-wicked', festival: null, films: ['young-people-fucking'] });
    expect(problemAt(problems, 'events[0].festival')).toBe(
      'festival "cannes-2007" is not among the feed\'s festivals; it was left out',
    );
    expect(problemAt(problems, 'events[0].films[2]')).toMatch(/must be text, but it is a number/);
    expect(problems.some((p) => p.message.includes('"ghost" is not among the feed\'s films'))).toBe(true);
  });
});

describe('schema/feed-v1.schema.json agrees with the parser', () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const validate = ajv.compile(schema);
  const defaultFeed: unknown = JSON.parse(
    readFileSync(new URL('../../../src/data/default-feed.json', import.meta.url), 'utf8'),
  );

  const docsExample: unknown = JSON.parse(
    /```json\n([\s\S]*?)```/.exec(readFileSync(new URL('../../../docs/feed-format.md', import.meta.url), 'utf8'))![1]!,
  );

  const valid: [string, unknown][] = [
    ['the brief example', briefExample()],
    ['the example in docs/feed-format.md', docsExample],
    ['a minimal feed', { afterparty: 1, title: 'Nothing yet' }],
    [
      'a feed with unknown fields',
      { afterparty: 1, title: 'x', generator: 'cli', events: [{ id: 'a', title: 'A', extra: [1] }] },
    ],
    ['the embedded default feed', defaultFeed],
    ['an event with a timeNote', withEvent(1, { timeNote: 'from 10 pm' })],
  ];
  it.each(valid)('accepts %s, which parses with no problems', (_name, doc) => {
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(loaded(parseFeed(doc)).problems).toEqual([]);
  });

  const refusedWhole: [string, unknown][] = [
    ['a list', []],
    ['null', null],
    ['a number', 1],
    ['no version', { title: 'x' }],
    ['version 2', { afterparty: 2, title: 'x' }],
    ['version as text', { afterparty: '1', title: 'x' }],
    ['no title', { afterparty: 1 }],
    ['a blank title', { afterparty: 1, title: '   ' }],
    ['a title of the wrong type', { afterparty: 1, title: 7 }],
    ['events not a list', { afterparty: 1, title: 'x', events: {} }],
    ['festivals null', { afterparty: 1, title: 'x', festivals: null }],
  ];
  it.each(refusedWhole)('rejects %s, which the parser refuses whole', (_name, doc) => {
    expect(validate(doc)).toBe(false);
    expect(parseFeed(doc).ok).toBe(false);
  });

  const repaired: [string, Doc][] = [
    ['an event title of the wrong type', withEvent(1, { title: 42 })],
    ['an unknown kind', withEvent(0, { kind: 'rave' })],
    ['a javascript: link', withEvent(0, { url: 'javascript:alert(1)' })],
    ['a time without offset', withEvent(0, { start: '2007-09-06T21:30:00' })],
    ['an over-long description', withEvent(0, { description: 'x'.repeat(5001) })],
    ['an end without a start', withEvent(0, { start: null, end: '2007-09-07' })],
    ['a venue without a name', withEvent(0, { venue: { address: 'Queen St W' } })],
    ['a timeNote of the wrong type', withEvent(0, { timeNote: ['late'] })],
    ['an over-long timeNote', withEvent(0, { timeNote: 'x'.repeat(201) })],
  ];
  it.each(repaired)('rejects a feed with %s, which the parser loads with problems', (_name, doc) => {
    expect(validate(doc)).toBe(false);
    const { problems } = loaded(parseFeed(doc));
    expect(problems.length).toBeGreaterThan(0);
  });
});
