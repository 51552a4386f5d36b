import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { ACCESS_LEVELS, EVENT_KINDS, type Feed, type FeedEvent } from '../../src/core/model';
import { parseFeed } from '../../src/core/feed/parse';

const raw: unknown = JSON.parse(readFileSync(new URL('../../src/data/default-feed.json', import.meta.url), 'utf8'));
const doc = raw as Feed & { afterparty: number };
const feed: Feed = doc;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function event(id: string): FeedEvent {
  const found = feed.events.find((e) => e.id === id);
  if (!found) throw new Error(`no event ${id}`);
  return found;
}

function eventsFor(filmId: string): FeedEvent[] {
  return feed.events.filter((e) => e.films.includes(filmId));
}

function sortedKeys(o: object): string[] {
  return Object.keys(o).sort();
}

describe('default feed: shape', () => {
  it('is a feed v1 document with a title and the three seed festivals', () => {
    expect(doc.afterparty).toBe(1);
    expect(typeof feed.title).toBe('string');
    expect(feed.title.length).toBeGreaterThan(0);
    expect(feed.updated === null || DATE_TIME.test(feed.updated)).toBe(true);
    expect(feed.festivals).toEqual([
      {
        id: 'tiff-2007',
        name: 'Toronto International Film Festival 2007',
        timeZone: 'America/Toronto',
        start: '2007-09-06',
        end: '2007-09-15',
      },
      {
        id: 'tiff-2008',
        name: 'Toronto International Film Festival 2008',
        timeZone: 'America/Toronto',
        start: '2008-09-04',
        end: '2008-09-13',
      },
      {
        id: 'tiff-2010',
        name: 'Toronto International Film Festival 2010',
        timeZone: 'America/Toronto',
        start: '2010-09-09',
        end: '2010-09-19',
      },
    ]);
  });

  it('has films with exactly the model fields', () => {
    for (const film of feed.films) {
      expect(sortedKeys(film), film.id).toEqual(['aliases', 'directors', 'id', 'title', 'year']);
      expect(film.id).toMatch(KEBAB);
      expect(film.title.length).toBeGreaterThan(0);
      expect(Array.isArray(film.aliases)).toBe(true);
      expect(film.directors.length, film.id).toBeGreaterThan(0);
      expect(Number.isInteger(film.year), film.id).toBe(true);
    }
  });

  it('has events with every model field, of the right type', () => {
    const fields = [
      'access',
      'cancelled',
      'description',
      'end',
      'festival',
      'films',
      'host',
      'id',
      'kind',
      'source',
      'start',
      'title',
      'url',
      'venue',
    ];
    for (const e of feed.events) {
      // timeNote is optional: present only where the article gives a window.
      expect(
        sortedKeys(e).filter((k) => k !== 'timeNote'),
        e.id,
      ).toEqual(fields);
      if ('timeNote' in e) expect(typeof e.timeNote, e.id).toBe('string');
      expect(EVENT_KINDS, e.id).toContain(e.kind);
      expect(ACCESS_LEVELS, e.id).toContain(e.access);
      expect(typeof e.title).toBe('string');
      expect(e.cancelled, e.id).toBe(false);
      expect(e.url, e.id).toBeNull();
      expect(e.host === null || typeof e.host === 'string', e.id).toBe(true);
      expect(typeof e.description, e.id).toBe('string');
      expect(e.description, e.id).not.toMatch(/[<>]/);
      if (e.venue !== null) {
        // geo only where the venue is a place a map can find (default-feed-geo.test.ts).
        expect(
          sortedKeys(e.venue).filter((k) => k !== 'geo'),
          e.id,
        ).toEqual(['address', 'name']);
        expect(e.venue.name.length, e.id).toBeGreaterThan(0);
      }
    }
  });

  it('gives every event a source naming its article', () => {
    const sources = new Set<string>();
    for (const e of feed.events) {
      expect(e.source, e.id).not.toBeNull();
      expect(sortedKeys(e.source!), e.id).toEqual(['name', 'url']);
      expect(e.source!.name.length, e.id).toBeGreaterThan(0);
      sources.add(e.source!.name);
    }
    // One source per seed article.
    expect(sources.size).toBe(3);
  });
});

describe('default feed: references and ids', () => {
  it('has unique kebab-case ids for festivals, films and events', () => {
    for (const list of [feed.festivals, feed.films, feed.events]) {
      const ids = list.map((x) => x.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(KEBAB);
    }
  });

  it('references only existing films and festivals', () => {
    const films = new Set(feed.films.map((f) => f.id));
    const festivals = new Set(feed.festivals.map((f) => f.id));
    for (const e of feed.events) {
      expect(e.festival, e.id).not.toBeNull();
      expect(festivals.has(e.festival!), e.id).toBe(true);
      for (const f of e.films) expect(films.has(f), `${e.id} -> ${f}`).toBe(true);
      expect(new Set(e.films).size, e.id).toBe(e.films.length);
    }
  });

  it('gives sponsor, brand and industry parties no films', () => {
    for (const id of [
      'opening-gala-liberty-grand',
      'schmooze-2007',
      'holt-renfrew-2007',
      'backstage-this-is-london',
      'cfc-bayview-2007',
      'canadian-filmmakers-gladstone',
      'et-canada-casa-loma-day-10',
      'stroumboulopoulos-bash-2010',
      'ubisoft-revenge-of-the-nerds-2010',
      'hazelton-hotel-2010',
    ]) {
      expect(event(id).films, id).toEqual([]);
    }
    expect(event('holt-renfrew-2007').host).toBe('Holt Renfrew');
    expect(event('ubisoft-revenge-of-the-nerds-2010').host).toBe('Ubisoft Toronto');
  });

  it('ties the film events to their films', () => {
    expect(eventsFor('young-people-fucking').map((e) => e.id)).toEqual(['ypf-wicked']);
    expect(eventsFor('in-the-valley-of-elah').map((e) => e.id)).toEqual(['elah-et-canada-casa-loma']);
    expect(eventsFor('happy-go-lucky').map((e) => e.id)).toEqual(['happy-go-lucky-joso']);
    expect(eventsFor('medicine-for-melancholy').map((e) => e.id)).toEqual(['medicine-for-melancholy-karaoke']);
    expect(eventsFor('fugitive-pieces').map((e) => e.id)).toContain('fugitive-pieces-rosedale');
    // Named only as films, with no event of their own.
    expect(eventsFor('crash')).toEqual([]);
  });

  it('has the films the articles name, with aliases', () => {
    const ypf = feed.films.find((f) => f.id === 'young-people-fucking')!;
    expect(ypf.aliases).toEqual(expect.arrayContaining(['Young People F***ing', 'YPF']));
    const rum = feed.films.find((f) => f.id === '35-rhums')!;
    expect(rum.aliases).toContain('35 Shots of Rum');
    expect(feed.films.find((f) => f.id === 'crash')!.year).toBe(2004);
    expect(feed.films.find((f) => f.id === 'burn-after-reading')!.directors).toEqual(['Joel Coen', 'Ethan Coen']);
    expect(feed.films.map((f) => f.title).sort()).toEqual(
      [
        '35 Rhums',
        'Burn After Reading',
        'Crash',
        'Detroit Metal City',
        'Fugitive Pieces',
        'Goodbye Solo',
        'Happy-Go-Lucky',
        'In the Valley of Elah',
        'JCVD',
        'Medicine for Melancholy',
        'Poor Boys Game',
        'Young People Fucking',
      ].sort(),
    );
  });
});

describe('default feed: dates', () => {
  it('has every start and end as a date-time with offset, a date, or null', () => {
    for (const e of feed.events) {
      for (const v of [e.start, e.end]) {
        if (v === null) continue;
        expect(DATE_TIME.test(v) || DATE.test(v), `${e.id}: ${v}`).toBe(true);
        expect(Number.isNaN(Date.parse(v)), `${e.id}: ${v}`).toBe(false);
        // Every seed festival is in Toronto in September: daylight time.
        if (DATE_TIME.test(v)) expect(v.endsWith('-04:00'), `${e.id}: ${v}`).toBe(true);
      }
      if (e.start === null) expect(e.end, e.id).toBeNull();
      if (e.start !== null && e.end !== null) {
        expect(Date.parse(e.end), e.id).toBeGreaterThan(Date.parse(e.start));
      }
    }
  });

  it('dates every event within its festival (local calendar day)', () => {
    for (const e of feed.events) {
      if (e.start === null) continue;
      const fest = feed.festivals.find((f) => f.id === e.festival)!;
      const day = e.start.slice(0, 10); // the local day, since times carry the local offset
      expect(day >= fest.start && day <= fest.end, `${e.id}: ${day}`).toBe(true);
    }
  });

  it('has the Fugitive Pieces party on opening night in Rosedale', () => {
    const e = event('fugitive-pieces-rosedale');
    expect(e.films).toEqual(['fugitive-pieces']);
    expect(e.kind).toBe('party');
    // Day 1 (Thursday 6 September 2007); "10:38pm" is when the diarist arrived, not a start.
    expect(e.start).toBe('2007-09-06');
    expect(e.timeNote).toBe('late evening');
    expect(e.description).toContain('10:38pm');
    expect(e.venue?.name).toMatch(/Rosedale/);
    expect(e.access).toBe('invite');
  });

  it('has the Young People F***ing party at Wicked, Queen St W, on Day 1 (the diarist there at 9:35pm)', () => {
    const e = event('ypf-wicked');
    expect(e.start).toBe('2007-09-06');
    expect(e.description).toContain('9:35pm');
    expect(e.venue).toEqual({ name: 'Wicked', address: 'Queen St W, Toronto' });
  });

  it("puts the opening night gala party on opening night, not on the day of the diarist's 12:15am", () => {
    const e = event('opening-gala-liberty-grand');
    expect(e.start).toBe('2007-09-06');
    expect(e.description).toContain('12:15am');
    expect(e.kind).toBe('party');
    expect(e.venue?.name).toBe('Liberty Grand');
  });

  it('keeps undated events undated', () => {
    const dinner = event('happy-go-lucky-joso');
    expect(dinner.kind).toBe('dinner');
    expect(dinner.start).toBeNull();
    expect(dinner.festival).toBe('tiff-2008');
    for (const e of feed.events.filter((x) => x.festival === 'tiff-2010')) {
      expect(e.start, e.id).toBeNull();
    }
  });

  it('has the Medicine for Melancholy party on Tuesday 9 September 2008, date alone', () => {
    const e = event('medicine-for-melancholy-karaoke');
    expect(e.start).toBe('2008-09-09');
    expect(new Date('2008-09-09T12:00:00Z').getUTCDay()).toBe(2); // a Tuesday
    expect(e.host).toBe('IFC/SXSW');
  });

  it('has the day-only and time-bounded 2007 events right', () => {
    // Looked back on in the Day 10 entry; its day is not given.
    expect(event('et-canada-casa-loma-day-10').start).toBeNull();
    const cfc = event('cfc-bayview-2007');
    expect(cfc.start).toBe('2007-09-09');
    expect(cfc.end).toBe('2007-09-09T15:00:00-04:00');
    const elah = event('elah-et-canada-casa-loma');
    expect(elah.kind).toBe('dinner');
    expect(elah.start).toBe('2007-09-10');
    expect(elah.host).toBeNull();
    expect(elah.venue?.name).toBe('Casa Loma');
  });
});

describe('default feed: parser', () => {
  it('parses with parseFeed as ok, with zero problems, unchanged', () => {
    const result = parseFeed(raw);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.problems).toEqual([]);
    expect(result.feed.festivals).toEqual(feed.festivals);
    expect(result.feed.films).toEqual(feed.films);
    expect(result.feed.events).toEqual(feed.events);
  });
});
