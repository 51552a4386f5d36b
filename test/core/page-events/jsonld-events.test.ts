import { describe, expect, it } from 'vitest';
import type { TextBlock } from '../../../src/core/matching/matcher.ts';
import { readPageEvents } from '../../../src/core/page-events/jsonld-events.ts';
import { findEventNodes, JSONLD_LIMITS } from '../../../src/core/page-events/jsonld-parse.ts';
import { eventsOf, festivals, matcher, snapshot } from './jsonld-fixtures.ts';

const page = (jsonLd: string[], microdata: unknown[] = []) =>
  readPageEvents(
    { url: 'https://host.example/p', title: 'A page', jsonLd, microdata: microdata as never },
    { matcher, festivals },
  );

describe('events read from publisher-shaped pages', () => {
  it('reads an Eventbrite-like ticket page: offset times, PostalAddress, organizer, priced offers', () => {
    const [event, ...rest] = eventsOf('eventbrite-like.html');
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      kind: 'party',
      title: 'Young People F***ing Official After-Party',
      films: ['default/young-people-fucking'],
      festival: 'default/tiff-2007',
      start: '2007-09-08T22:00:00-04:00',
      end: '2007-09-09T02:00:00-04:00',
      floating: false,
      venue: { name: 'Wicked', address: 'Queen St W, Toronto, ON, M5V 2A4, CA' },
      host: 'Maple Pictures',
      access: 'ticketed',
      url: 'https://www.eventbrite.example/e/ypf-after-party-tickets-1234567890',
      status: 'scheduled',
      source: { url: 'https://publisher.example/eventbrite-like.html' },
    });
    // Entities decoded and tags dropped: the description is text, never markup.
    expect(event!.description).toBe(
      "Celebrate the world premiere of Martin Gero's comedy with the cast. 19+ & ID required.",
    );
  });

  it('reads a Meetup-like page: a top-level array, a relative url, free entry, the film found in the description', () => {
    const [event, ...rest] = eventsOf('meetup-like.html');
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      title: 'Press karaoke night',
      kind: 'party',
      films: ['default/medicine-for-melancholy'],
      start: '2008-09-09T23:00:00-04:00',
      end: '2008-09-10T02:30:00-04:00',
      access: 'public',
      url: 'https://publisher.example/toronto-film-press/events/301234567/',
      host: 'Toronto Film Press',
    });
    // The city and region repeated in streetAddress are not written twice; the Place's geo is kept.
    expect(event!.venue).toEqual({
      name: 'Bovine Sex Club',
      address: '542 Queen St W, Toronto, ON, ca',
      geo: { lat: 43.648, lon: -79.402 },
    });
  });

  it('reads a festival site: @graph, Festival with subEvents, workPresented, local times in the festival zone', () => {
    const events = eventsOf('festival-graph.html');
    // The Festival itself is the container, not an event to add.
    expect(events.map((e) => e.title)).toEqual([
      'Gala screening',
      'Dinner for Happy-Go-Lucky',
      'Goodbye Solo reception',
      'JCVD midnight party',
    ]);
    const [gala, dinner, reception, jcvd] = events;
    expect(gala).toMatchObject({
      kind: 'screening',
      films: ['default/burn-after-reading'],
      start: '2008-09-06T19:00:00-04:00',
      end: '2008-09-06T21:10:00-04:00',
      access: 'ticketed',
      festival: 'default/tiff-2008',
    });
    expect(dinner).toMatchObject({
      kind: 'dinner',
      films: ['default/happy-go-lucky'],
      host: 'Mike Leigh, Alliance Films',
      access: 'public',
      venue: { name: "Joso's", address: '202 Davenport Rd, Toronto, ON' },
    });
    expect(reception).toMatchObject({ kind: 'reception', status: 'cancelled', films: ['default/goodbye-solo'] });
    // A sub-event with no location of its own is at the festival's.
    expect(reception!.venue).toEqual({ name: 'Festival Centre', address: 'King St W, Toronto' });
    // After midnight on the day after the festival's last day still belongs to it.
    expect(jcvd).toMatchObject({
      status: 'moved',
      festival: 'default/tiff-2008',
      start: '2008-09-14T00:30:00-04:00',
      films: ['default/jcvd'],
      unknownFilms: [{ title: 'A Film Nobody Lists', aliases: [], year: null, directors: [] }],
    });
  });

  it('finds the Event inside a news Article, with a date alone and a location given as text', () => {
    expect(eventsOf('news-article.html')).toEqual([
      expect.objectContaining({
        title: 'Fugitive Pieces house party',
        kind: 'party',
        films: ['default/fugitive-pieces'],
        festival: 'default/tiff-2007',
        start: '2007-09-06',
        end: null,
        venue: { name: 'A private mansion in Rosedale', address: null },
        source: {
          name: 'Where to be seen this weekend at TIFF - The Daily Example',
          url: 'https://publisher.example/news-article.html',
        },
      }),
    ]);
  });

  it('reads microdata (time datetime, meta content, nested Place and PostalAddress) and drops a duplicate', () => {
    const events = eventsOf('microdata.html');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      title: 'Soirée 35 Rhums',
      kind: 'party',
      films: ['default/35-rhums'],
      start: '2008-09-11T22:00:00-04:00',
      end: '2008-09-12T01:00:00-04:00',
      venue: { name: 'Le Sélect Bistro', address: '432 Wellington St W, Toronto' },
      host: 'Films Distribution',
      url: 'https://publisher.example/agenda/soiree-35-rhums',
    });
  });

  it('keeps times without an offset outside any festival as written, and says so', () => {
    const [event] = eventsOf('floating.html');
    expect(event).toMatchObject({
      festival: null,
      start: '2031-06-20T21:30:00',
      end: '2031-06-20T23:45:00',
      floating: true,
      access: 'public',
      host: 'The Rooftop Club',
    });
    // The online stream is skipped for the place you can walk to.
    expect(event!.venue).toEqual({ name: '1 Main St, Springfield', address: null });
  });

  it('survives a hostile page: repairs what it can, drops bad links, never runs or trusts anything', () => {
    const before = Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted');
    const events = eventsOf('hostile.html');
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(before);
    // The nameless event with a date is offered for the user to name; the one with neither is not.
    expect(events.map((e) => e.title)).toEqual(['Poor Boys Game wrap party', 'Crash & burn night', null, 'Backwards']);
    const [wrap, crash, nameless, backwards] = events;
    expect(nameless).toMatchObject({ titleFrom: 'none', start: '2007-09-10T20:00:00-04:00' });
    // Comment wrapper, trailing commas, a raw line break and an offset without a colon.
    expect(wrap).toMatchObject({
      start: '2007-09-12T21:00:00-04:00',
      films: ['default/poor-boys-game'],
      venue: { name: 'The Drake', address: '1150 Queen St W' },
      url: null,
      host: null,
      access: 'unknown',
      description: 'Line one line two',
    });
    // 30 February is no date; a data: link is no link; a number is no film.
    expect(crash).toMatchObject({ start: null, url: null, venue: null, films: [], unknownFilms: [] });
    // The date the page gave is said as written, not as "not announced"; a readable one is not.
    expect(crash!.startUnread).toBe('2007-02-30T20:00:00Z');
    expect(wrap!.startUnread).toBeNull();
    // An end before the start is left out.
    expect(backwards).toMatchObject({
      start: '2007-09-10T23:00:00-04:00',
      end: null,
      url: 'https://ok.example/backwards',
    });
    for (const event of events) {
      for (const url of [event.url, event.source.url]) if (url) expect(url).toMatch(/^https?:\/\//);
    }
  });

  it('reads the script text only from application/ld+json scripts', () => {
    const snap = snapshot('hostile.html');
    expect(snap.jsonLd.some((t) => t.includes('Not data'))).toBe(false);
    expect(snap.jsonLd.some((t) => t.includes('Wrong script type'))).toBe(false);
    expect(snap.jsonLd).toHaveLength(7);
  });
});

describe('bounded work on hostile JSON-LD', () => {
  it('ignores deep nesting without throwing', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const nested = `${'{"a":'.repeat(5_000)}{"@type":"Event","name":"Too deep"}${'}'.repeat(5_000)}`;
    expect(page([deep, nested, '{"@type":"Event","name":"Shallow"}']).map((e) => e.title)).toEqual(['Shallow']);
  });

  it('caps the number of events and the size of scripts', () => {
    const many = JSON.stringify({
      '@graph': Array.from({ length: 5_000 }, (_, i) => ({ '@type': 'Event', name: `Party ${i}` })),
    });
    // Work counted, not timed: the title matcher runs for the 60 events read, not the 5,000.
    let blocks = 0;
    const counting = { size: matcher.size, find: (block: TextBlock) => (blocks++, matcher.find(block)) };
    const snapshot = { url: 'https://host.example/p', title: 'A page', jsonLd: [many], microdata: [] };
    expect(readPageEvents(snapshot, { matcher: counting, festivals })).toHaveLength(JSONLD_LIMITS.events);
    expect(blocks).toBeGreaterThan(0);
    expect(blocks).toBeLessThanOrEqual(3 * JSONLD_LIMITS.events);
    // The walk over the @graph stops at the 60th event: it visits a few nodes per event read.
    const budget = { nodes: JSONLD_LIMITS.nodes };
    expect(findEventNodes([JSON.parse(many)], budget)).toHaveLength(JSONLD_LIMITS.events);
    expect(JSONLD_LIMITS.nodes - budget.nodes).toBeLessThanOrEqual(3 * JSONLD_LIMITS.events);
    const huge = JSON.stringify({ '@type': 'Event', name: 'Huge', description: 'x'.repeat(600_000) });
    expect(page([huge])).toEqual([]);
  });

  it('cuts long texts and refuses non-http links', () => {
    const [event] = page([
      JSON.stringify({
        '@type': 'Event',
        name: 'N'.repeat(10_000),
        url: 'javascript:alert(1)',
        location: { name: 'Place', url: 'vbscript:x' },
        organizer: 'O'.repeat(1_000),
      }),
    ]);
    expect(event!.title).toHaveLength(300);
    expect(event!.host).toHaveLength(300);
    expect(event!.url).toBeNull();
  });

  it('accepts @type arrays, prefixed types and every shape of list, and skips what has no name', () => {
    const events = page([
      JSON.stringify([
        { '@type': ['Thing', 'http://schema.org/SocialEvent'], name: 'A' },
        [{ '@type': 'schema:ScreeningEvent', name: ['B', 'B2'] }],
      ]),
      JSON.stringify({ '@type': 'Event', description: 'no name' }),
      JSON.stringify({ '@type': 'Event', name: { '@value': 'C', '@language': 'fr' } }),
      'null',
      '42',
    ]);
    expect(events.map((e) => [e.title, e.kind])).toEqual([
      ['A', 'party'],
      ['B', 'screening'],
      ['C', 'other'],
    ]);
  });

  it('never throws on microdata that is not shaped like microdata', () => {
    const odd = [
      null,
      1,
      'x',
      { types: 'Event', props: [] },
      {
        types: ['https://schema.org/Event'],
        props: { __proto__: ['x'], name: ['M'], startDate: [{ types: [], props: {} }] },
      },
    ];
    expect(page([], odd).map((e) => e.title)).toEqual(['M']);
  });

  it('reads offsets written every way, and a festival-local time through a DST change', () => {
    const at = (startDate: string) => page([JSON.stringify({ '@type': 'Event', name: 'T', startDate })])[0]!.start;
    expect(at('2007-09-08T22:00:00Z')).toBe('2007-09-08T22:00:00Z');
    expect(at('2007-09-08T22:00+0200')).toBe('2007-09-08T22:00:00+02:00');
    expect(at('2007-09-08T22:00:00.000-04')).toBe('2007-09-08T22:00:00-04:00');
    expect(at('2010-09-19T23:00')).toBe('2010-09-19T23:00:00-04:00');
    expect(at('2010-12-01T23:00')).toBe('2010-12-01T23:00:00');
    expect(at('next Friday')).toBeNull();
  });
});
