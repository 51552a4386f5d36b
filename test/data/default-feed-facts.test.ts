// The embedded feed states only what its three source articles state (issue 14). Each event's
// start, end, venue, host and access is held to this table, which quotes the article's words
// for it; a field the table has no quote for must be empty in the feed. A clock time at which
// the diarist arrived or wrote is not a start: it belongs in the description.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Access, Feed, FeedEvent } from '../../src/core/model';

const feed = JSON.parse(readFileSync(new URL('../../src/data/default-feed.json', import.meta.url), 'utf8')) as Feed;

/** A value with the article's words for it. */
interface Fact<T> {
  value: T;
  says: string;
}

interface EventFacts {
  start: Fact<string> | null;
  end: Fact<string> | null;
  venue: Fact<string> | null;
  host: Fact<string> | null;
  access: Fact<Exclude<Access, 'unknown'>> | null;
  timeNote: Fact<string> | null;
  /** The diarist's clock time, which the description keeps as what it was. */
  clock?: Fact<string>;
}

// 2007 diary: Day 1 is Thursday 6 September 2007, the festival's opening night.
const FACTS: Record<string, EventFacts> = {
  'ypf-wicked': {
    start: { value: '2007-09-06', says: 'DAY 1 … Opening night began at a swingers bar' },
    end: null,
    venue: { value: 'Wicked', says: "Queen West's Wicked was the host venue for 'Young People F***ing.'" },
    host: null,
    access: null,
    timeNote: null,
    clock: { value: 'arrived at 9:35pm', says: '9:35pm - Opening night began at a swingers bar.' },
  },
  'fugitive-pieces-rosedale': {
    start: { value: '2007-09-06', says: 'DAY 1 … the Fugitive Pieces party' },
    end: null,
    venue: { value: 'Mansion in Rosedale', says: 'when invited to a film fest house party in … Rosedale' },
    host: null,
    access: { value: 'invite', says: "when invited to a film fest house party in Toronto's uber-rich neighbourhood" },
    timeNote: { value: 'late evening', says: 'This giant late-evening garden party' },
    clock: { value: 'arrived at 10:38pm', says: '10:38pm - … Parking my humble Suzuki in front of a palace' },
  },
  'opening-gala-liberty-grand': {
    start: { value: '2007-09-06', says: "DAY 1 … for TIFF's opening night gala party" },
    end: null,
    venue: { value: 'Liberty Grand', says: 'The Liberty Grand on the CNE grounds was once again the venue' },
    host: { value: 'Toronto International Film Festival', says: "TIFF's opening night gala party" },
    access: null,
    timeNote: null,
    clock: { value: 'got there at 12:15am', says: '12:15am - The Liberty Grand on the CNE grounds' },
  },
  'schmooze-2007': {
    start: { value: '2007-09-07', says: 'DAY 2 … for the 2007 Schmooze party' },
    end: null,
    venue: {
      value: 'CityTV/CTV/ETalk/CHUM building parking lot',
      says: 'City TV/CTV/ETalk/CHUM building … the glitzed-up Queen West parking lot',
    },
    host: null,
    access: null,
    timeNote: null,
    clock: { value: 'timed 9pm', says: '9pm - Dressed in something far too warm' },
  },
  'holt-renfrew-2007': {
    start: { value: '2007-09-07', says: 'DAY 2 … the entrance to the Holt Renfrew party' },
    end: null,
    venue: null,
    host: { value: 'Holt Renfrew', says: "the Holt Renfrew party … This year's Holts party" },
    access: null,
    timeNote: null,
    clock: { value: 'arrived at 10:46pm', says: '10:46pm - … met me at the entrance to the Holt Renfrew party' },
  },
  'backstage-this-is-london': {
    start: { value: '2007-09-08', says: "DAY 3 … Tonight Hilary Duff … to host a 'Backstage' party" },
    end: null,
    venue: { value: 'This is London', says: "high-tailed it over to This is London to host a 'Backstage' party" },
    host: { value: 'Hilary Duff', says: "Hilary Duff … to host a 'Backstage' party" },
    access: null,
    timeNote: {
      value: "after Hilary Duff's Air Canada Centre concert",
      says: 'Hilary Duff performed for just over an hour at the Air Canada Centre and then high-tailed it over',
    },
    clock: { value: '10:30pm', says: 'Duff arrived shortly before me at 10:30pm' },
  },
  'cfc-bayview-2007': {
    start: { value: '2007-09-09', says: 'DAY 4 … Sunday … I walked up Bayview to the Canadian Film Centre grounds' },
    end: { value: '2007-09-09T15:00:00-04:00', says: 'long after its 3pm end-time' },
    venue: { value: 'Canadian Film Centre grounds', says: 'I walked up Bayview to the Canadian Film Centre grounds' },
    host: {
      value: 'Canadian Film Centre',
      says: "the Canadian Film Centre event … to celebrate CFC's accomplishments",
    },
    access: null,
    timeNote: null,
  },
  'corner-house-davenport': {
    start: { value: '2007-09-10', says: 'DAY 5 … Two parties were held a block away from each other this evening' },
    end: null,
    venue: { value: 'Corner House Restaurant', says: 'the Corner House Restaurant on Davenport' },
    host: null,
    access: null,
    timeNote: { value: 'evening', says: 'Two parties were held a block away from each other this evening' },
    clock: { value: 'timed 8:30pm', says: '8:30pm - Two parties were held' },
  },
  'elah-et-canada-casa-loma': {
    start: { value: '2007-09-10', says: 'DAY 5 … Up the hill, ET Canada began a four-night reign at Casa Loma' },
    end: null,
    venue: { value: 'Casa Loma', says: "dined in the castle's large ballroom" },
    // ET Canada's four nights at Casa Loma are the setting; the article does not say it hosted the dinner.
    host: null,
    access: null,
    timeNote: { value: 'evening', says: 'Two parties were held a block away from each other this evening' },
    clock: { value: 'at 9:46pm', says: '9: 46pm - … While I waited on the red carpet outside' },
  },
  'canadian-filmmakers-gladstone': {
    start: {
      value: '2007-09-11',
      says: 'DAY 6 … arrived at the Gladstone Hotel tonight for the Canadian Filmmakers party',
    },
    end: null,
    venue: { value: 'Gladstone Hotel', says: 'arrived at the Gladstone Hotel tonight' },
    host: null,
    access: null,
    timeNote: null,
    clock: { value: 'timed 9:12pm', says: '9:12pm - A funky party' },
  },
  'et-canada-casa-loma-day-10': {
    // Told under DAY 10 in the past tense ("My final party was…"); ET Canada's four nights began on Day 5.
    start: null,
    end: null,
    venue: { value: 'Casa Loma', says: 'My final party was at Casa Loma' },
    host: { value: 'ET Canada', says: 'for a nother ET Canada party' },
    access: null,
    timeNote: null,
  },
  // 2008 dispatch.
  'happy-go-lucky-joso': {
    start: null, // "the other night"
    end: null,
    venue: { value: "Joso's", says: "at Josos', where the party was held" },
    host: null,
    access: null,
    timeNote: null,
  },
  'medicine-for-melancholy-karaoke': {
    // The only Tuesday of TIFF 2008 (4–13 September).
    start: { value: '2008-09-09', says: "Tuesday night's IFC/SXSW party for the film Medicine for Melancholy" },
    end: null,
    venue: null,
    host: { value: 'IFC/SXSW', says: "Tuesday night's IFC/SXSW party" },
    access: null,
    timeNote: { value: 'night', says: "Tuesday night's IFC/SXSW party" },
  },
  // 2010 CBC piece: no dates.
  'stroumboulopoulos-bash-2010': {
    start: null,
    end: null,
    venue: null,
    host: { value: 'George Stroumboulopoulos', says: "George Stroumboulopoulos's TIFF bash" },
    access: null,
    timeNote: null,
  },
  'ubisoft-revenge-of-the-nerds-2010': {
    start: null, // "Just last night"
    end: null,
    venue: null,
    host: { value: 'Ubisoft Toronto', says: 'Ubisoft Toronto\'s "Revenge of the Nerds" TIFF grand opening party' },
    access: null,
    timeNote: null,
  },
  'hazelton-hotel-2010': {
    start: null,
    end: null,
    venue: { value: 'Hazelton Hotel', says: "I watched poor K'naan at the Hazelton Hotel" },
    host: null,
    access: null,
    timeNote: null,
  },
};

/** Words the articles do not support, found in earlier versions of the feed. */
const UNSUPPORTED = [/last day/i, /invitation[- ]only/i, /industry party/i, /red-carpet industry/i, /TIFF party at/i];

function event(id: string): FeedEvent {
  const found = feed.events.find((e) => e.id === id);
  if (!found) throw new Error(`no event ${id}`);
  return found;
}

describe('default feed: every stated value has the article behind it', () => {
  it('has a row for each event and an event for each row', () => {
    expect(feed.events.map((e) => e.id).sort()).toEqual(Object.keys(FACTS).sort());
    for (const [id, facts] of Object.entries(FACTS)) {
      for (const fact of [facts.start, facts.end, facts.venue, facts.host, facts.access, facts.timeNote]) {
        if (fact) expect(fact.says.length, id).toBeGreaterThan(0);
      }
    }
  });

  it.each(Object.entries(FACTS))('%s: start and end are the stated ones, or none', (id, facts) => {
    const e = event(id);
    expect(e.start).toBe(facts.start?.value ?? null);
    expect(e.end).toBe(facts.end?.value ?? null);
  });

  it.each(Object.entries(FACTS))('%s: venue, host and access are the stated ones, or none', (id, facts) => {
    const e = event(id);
    expect(e.venue?.name ?? null).toBe(facts.venue?.value ?? null);
    expect(e.host).toBe(facts.host?.value ?? null);
    expect(e.access).toBe(facts.access?.value ?? 'unknown');
  });

  it.each(Object.entries(FACTS))('%s: the time note is a stated window, or none', (id, facts) => {
    expect(event(id).timeNote ?? null).toBe(facts.timeNote?.value ?? null);
  });

  it.each(Object.entries(FACTS).filter(([, f]) => f.clock))(
    '%s: the diarist’s clock time is in the description, not the start',
    (id, facts) => {
      const e = event(id);
      expect(e.description).toContain(facts.clock!.value);
      // Positive control: the clock time is a time of day, which the start must not carry.
      expect(facts.clock!.value).toMatch(/\d(:\d\d)?[ap]m/);
      expect(e.start ?? '').not.toContain('T');
    },
  );

  it('keeps the Liberty Grand gala on opening night, Thursday 6 September 2007', () => {
    const gala = event('opening-gala-liberty-grand');
    expect(gala.start).toBe('2007-09-06');
    expect(new Date(`${gala.start}T12:00:00Z`).getUTCDay()).toBe(4);
  });

  it('gives the Canadian Film Centre event its stated 3pm end on a day with no stated start time', () => {
    const cfc = event('cfc-bayview-2007');
    expect(cfc.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cfc.end).toBe('2007-09-09T15:00:00-04:00');
  });

  it('says nothing the articles do not, in titles and descriptions', () => {
    const texts = feed.events.map((e) => `${e.title}\n${e.description ?? ''}`);
    for (const pattern of UNSUPPORTED) {
      expect(
        texts.filter((t) => pattern.test(t)),
        String(pattern),
      ).toEqual([]);
    }
    // Positive control: the same check finds a phrase the feed does use.
    expect(texts.filter((t) => /Gardiner Museum/.test(t))).toHaveLength(1);
    expect(UNSUPPORTED.some((p) => p.test('Another ET Canada party on the last day'))).toBe(true);
  });
});

describe('the demo page retells the articles without additions', () => {
  const demo = readFileSync(new URL('../../demo/index.html', import.meta.url), 'utf8');

  it('has no anecdote or claim of its own', () => {
    for (const phrase of [/last day/i, /fans who had tried to crash/i, /ET Canada hosted/i, /quiet party/i]) {
      expect(demo, String(phrase)).not.toMatch(phrase);
    }
    // Positive control: phrases the articles do support are there.
    expect(demo).toMatch(/Gardiner Museum/);
    expect(demo).toMatch(/ET Canada began four nights at Casa Loma/);
  });
});
