// One case from schema.org's own examples for each way publishers write events (issue 18).
import { describe, expect, it } from 'vitest';
import { readPageEvents, type PageEventDraft } from '../../../src/core/page-events/index.ts';
import { eventsOf as fixtureEvents, matcher } from './jsonld-fixtures.ts';
import { loadExamples, SCHEMAORG, snapshotOf, type Format } from './schemaorg-examples.ts';

const examples = loadExamples();

function eventsOf(id: string, format: Format): PageEventDraft[] {
  const example = examples.find((e) => e.id === id);
  if (!example) throw new Error(`no example ${id}`);
  return readPageEvents(snapshotOf(example, format) as never, { matcher: null, festivals: [] });
}

describe('microdata `content` on any element', () => {
  it.skipIf(!SCHEMAORG)('reads the start from a div with content, not its text (eg-0171)', () => {
    const [event] = eventsOf('#eg-0171', 'microdata');
    expect(event).toMatchObject({
      title: 'CANCELLED - Typhoon with Radiation City',
      start: '2013-09-14T21:30:00',
      status: 'cancelled',
      venue: { name: 'The Hi-Dive', address: '7 S. Broadway, Denver, CO, 80209' },
    });
  });

  it.skipIf(!SCHEMAORG)('still reads the text of an element without content (positive control)', () => {
    const [event] = eventsOf('#eg-0171', 'microdata');
    expect(event!.venue!.name).toBe('The Hi-Dive');
  });
});

describe('events without a name', () => {
  it.skipIf(!SCHEMAORG)("titles an artist's dated gigs after the performer (eg-0009)", () => {
    const events = eventsOf('#eg-0009', 'jsonld');
    expect(events.map((e) => [e.title, e.titleFrom, e.start])).toEqual([
      ['Foo Fighters', 'performer', '2011-05-20'],
      ['Foo Fighters', 'performer', '2011-05-23'],
    ]);
  });

  it.skipIf(!SCHEMAORG)('titles a broadcast after the episode it publishes (eg-0166, microdata)', () => {
    const events = eventsOf('#eg-0166', 'microdata');
    expect(events.map((e) => [e.title, e.titleFrom])).toEqual([
      ['The Hungry Earth', 'work'],
      ['The Hungry Earth', 'work'],
    ]);
  });

  it('titles a screening that names only its film after the film, then the parent event', () => {
    const read = (node: object) =>
      readPageEvents(
        { url: 'https://cinema.example/', title: 'Cinema', jsonLd: [JSON.stringify(node)], microdata: [] },
        { matcher: null, festivals: [] },
      );
    const screening = {
      '@type': 'ScreeningEvent',
      startDate: '2026-05-14T20:00',
      workPresented: { '@type': 'Movie', name: 'Jaws 3-D' },
    };
    expect(read(screening)[0]).toMatchObject({ title: 'Jaws 3-D', titleFrom: 'work' });
    const festival = {
      '@type': 'Festival',
      name: 'Shark Week',
      subEvent: [{ '@type': 'Event', startDate: '2026-05-15' }],
    };
    expect(read(festival)[0]).toMatchObject({ title: 'Shark Week', titleFrom: 'parent' });
    // Positive control: an event's own name wins over every fallback.
    expect(read({ ...screening, name: 'Jaws at midnight' })[0]).toMatchObject({
      title: 'Jaws at midnight',
      titleFrom: 'name',
    });
    // With nothing to name it by, a dated event is offered without a name, for the user to name;
    // with no date either, there is nothing to offer.
    expect(read({ '@type': 'Event', startDate: '2026-05-15' })).toMatchObject([
      { title: null, titleFrom: 'none', start: '2026-05-15' },
    ]);
    expect(read({ '@type': 'Event', description: 'To be announced' })).toEqual([]);
  });
});

describe('events nothing names', () => {
  it.skipIf(!SCHEMAORG)(
    "offers a TV episode's broadcasts with their starts and no name, for the user to name (eg-0166)",
    () => {
      expect(eventsOf('#eg-0166', 'jsonld').map((e) => [e.title, e.titleFrom, e.start, e.end])).toEqual([
        [null, 'none', '2010-05-22T18:15:00+01:00', null],
        [null, 'none', '2012-06-02T19:45:00+01:00', '2012-06-09T19:44:00+01:00'],
      ]);
      // Positive control: the same markup with a name on the episode titles both after it.
      const example = examples.find((e) => e.id === '#eg-0166')!;
      const json = example.sections.jsonld.replace('"position": "8",', '"position": "8", "name": "Cold Blood",');
      const named = readPageEvents(
        snapshotOf({ ...example, sections: { ...example.sections, jsonld: json } }, 'jsonld'),
        {
          matcher: null,
          festivals: [],
        },
      );
      expect(named.map((e) => [e.title, e.titleFrom])).toEqual([
        ['Cold Blood', 'work'],
        ['Cold Blood', 'work'],
      ]);
    },
  );
});

describe('a start the page gives that cannot be read', () => {
  it.skipIf(!SCHEMAORG)(
    'keeps it as written: a baptism in 1754 is outside the years Afterparty keeps (eg-4540)',
    () => {
      expect(eventsOf('#eg-4540', 'jsonld').map((e) => [e.title, e.start, e.startUnread])).toEqual([
        ['Baptism', null, '1754-08-02'],
        ['Burial', null, '1756-01-18'],
      ]);
    },
  );
});

describe('@id references in @graph', () => {
  it('reads the place, address, organizer and offers that a site plugin emits as nodes of their own', () => {
    const events = fixtureEvents('graph-refs.html');
    expect(events[0]).toMatchObject({
      title: 'Closing night party',
      titleFrom: 'name',
      venue: { name: 'TIFF Lightbox', address: '350 King St W, Toronto' },
      host: 'Festival Friends',
      access: 'ticketed',
    });
    // A nameless event titled after its superEvent, found by reference, with the festival's place.
    expect(events[1]).toMatchObject({ title: 'Fest 2026', titleFrom: 'parent', venue: { name: 'TIFF Lightbox' } });
    expect(events).toHaveLength(2);
  });

  it.skipIf(!SCHEMAORG)(
    'follows a superEvent written as the bare @id of a node, but keeps a url that is an @id a link (eg-0313)',
    () => {
      const events = eventsOf('#eg-0313', 'jsonld');
      // The rowing event has no name: titled after the Rio games it names by @id.
      expect(events.map((e) => [e.title, e.titleFrom, e.start, e.venue?.name ?? null])).toEqual([
        ['The Rio 2016 Summer Olympics', 'name', '2016-08-05', null],
        ['The Rio 2016 Summer Olympics', 'parent', '2016-08-06', 'Lagoa Stadium'],
        ['The London 2012 Summer Olympics', 'name', '2012-07-27', null],
      ]);
      const page = (url: string) =>
        readPageEvents(
          {
            url: 'https://x.example/',
            title: 'X',
            jsonLd: [
              JSON.stringify([
                { '@id': 'https://x.example/e', '@type': 'Event', name: 'E', startDate: '2026-01-02', url },
                { '@id': 'https://x.example/p', '@type': 'Place', name: 'Hall' },
              ]),
            ],
            microdata: [],
          },
          { matcher: null, festivals: [] },
        );
      expect(page('https://x.example/e')[0]!.url).toBe('https://x.example/e');
      expect(page('https://x.example/p')[0]!.url).toBe('https://x.example/p');
    },
  );
});

describe('Event by additionalType, and subtypes not ending in "Event"', () => {
  it.skipIf(!SCHEMAORG)('reads a microdata item that is an Event by additionalType (eg-0437)', () => {
    const [event, ...rest] = eventsOf('#eg-0437', 'microdata');
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ title: 'Las Fallas 2017', start: '2017-03-15T09:00:00' });
  });

  it.skipIf(!SCHEMAORG)('reads the CourseInstances of a course, titled after the course (eg-0333)', () => {
    const events = eventsOf('#eg-0333', 'jsonld');
    expect(events.map((e) => [e.title, e.titleFrom, e.start, e.venue?.name])).toEqual([
      ['HNC Accounting', 'work', '2016-08-31', 'St Brycedale Campus Kirkcaldy'],
      ['HNC Accounting', 'work', '2016-08-29', 'Halbeath Campus Dunfermline'],
    ]);
  });

  it('does not read the deprecated UserInteraction counters, nor a Course itself (positive control: an Event is read)', () => {
    const read = (type: string) =>
      readPageEvents(
        {
          url: 'https://x.example/',
          title: 'X',
          jsonLd: [JSON.stringify({ '@type': type, name: 'N', startDate: '2026-01-02' })],
          microdata: [],
        },
        { matcher: null, festivals: [] },
      );
    expect(read('UserLikes')).toEqual([]);
    expect(read('Course')).toEqual([]);
    expect(read('Event')).toHaveLength(1);
  });
});

describe('RDFa Lite', () => {
  it.skipIf(!SCHEMAORG)('reads vocab/typeof/property with content, nested places and status (eg-0171)', () => {
    const [event, ...rest] = eventsOf('#eg-0171', 'rdfa');
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      title: 'CANCELLED - Typhoon with Radiation City',
      start: '2013-09-14T21:30:00',
      status: 'cancelled',
      venue: { name: 'The Hi-Dive', address: '7 S. Broadway, Denver, CO, 80209' },
    });
  });

  it.skipIf(!SCHEMAORG)(
    'reads items linked by rel, titled after the course (eg-0333); the same day at two campuses is two',
    () => {
      const events = eventsOf('#eg-0333', 'rdfa');
      expect(events.map((e) => [e.title, e.start, e.venue?.name])).toEqual([
        ['HNC Accounting', '2016-08-29', 'St Brycedale Campus Kirkcaldy'],
        ['HNC Accounting', '2016-08-29', 'Halbeath Campus Dunfermline'],
        ['HNC Accounting', '2016-08-31', 'St Brycedale Campus Kirkcaldy'],
      ]);
    },
  );

  it.skipIf(!SCHEMAORG)(
    'leaves RDFa out of the microdata and microdata out of RDFa (positive control: each reads its own)',
    () => {
      const example = loadExamples().find((e) => e.id === '#eg-0171')!;
      const rdfa = snapshotOf(example, 'rdfa');
      expect(rdfa.microdata).toEqual([]);
      expect(rdfa.rdfa).toHaveLength(1);
      const microdata = snapshotOf(example, 'microdata');
      expect(microdata.rdfa).toEqual([]);
      expect(microdata.microdata).toHaveLength(1);
    },
  );
});

describe('a screening ties to its film', () => {
  const screening = (work: object | string) =>
    readPageEvents(
      {
        url: 'https://cinema.example/',
        title: 'Cinema',
        jsonLd: [JSON.stringify({ '@type': 'ScreeningEvent', startDate: '2026-05-14T20:00', workPresented: work })],
        microdata: [],
      },
      { matcher, festivals: [] },
    )[0]!;

  it('by an alias of the film, named after it when the screening has no name', () => {
    expect(screening({ '@type': 'Movie', name: '35 Shots of Rum (2008)' })).toMatchObject({
      title: '35 Shots of Rum (2008)',
      titleFrom: 'work',
      kind: 'screening',
      films: ['default/35-rhums'],
      unknownFilms: [],
    });
  });

  it('by an alternateName when the name is not in the listings', () => {
    expect(screening({ '@type': 'Movie', name: 'Trente-cinq rhums', alternateName: '35 Rhums' })).toMatchObject({
      films: ['default/35-rhums'],
      unknownFilms: [],
    });
  });

  it('not by a title inside a longer name: "YPF 2" is another film (positive control: "YPF" is this one)', () => {
    expect(screening({ '@type': 'Movie', name: 'YPF 2' })).toMatchObject({
      films: [],
      unknownFilms: [{ title: 'YPF 2', aliases: [], year: null, directors: [] }],
    });
    expect(screening({ '@type': 'Movie', name: 'YPF' })).toMatchObject({ films: ['default/young-people-fucking'] });
  });

  it('a film not in the listings is offered with only what the page says of it: other names, year, directors', () => {
    const work = {
      '@type': 'Movie',
      name: 'A Film Nobody Lists',
      alternateName: ['Nobody Lists', 'A Film Nobody Lists'],
      datePublished: '2026-03-01',
      director: [{ '@type': 'Person', name: 'Ana Ruiz' }, 'Ben Okri'],
    };
    expect(screening(work).unknownFilms).toEqual([
      { title: 'A Film Nobody Lists', aliases: ['Nobody Lists'], year: 2026, directors: ['Ana Ruiz', 'Ben Okri'] },
    ]);
    // A year the page does not give, or gives out of any film's range, is none.
    expect(screening({ '@type': 'Movie', name: 'Lost', dateCreated: '0999' }).unknownFilms).toEqual([
      { title: 'Lost', aliases: [], year: null, directors: [] },
    ]);
    expect(screening({ '@type': 'Movie', name: 'Lost', copyrightYear: 1999 }).unknownFilms[0]?.year).toBe(1999);
    // A work given by its name alone.
    expect(screening('Lost').unknownFilms).toEqual([{ title: 'Lost', aliases: [], year: null, directors: [] }]);
  });
});
