// Events as publishers really write them (issue 31): many starts on one item, a running time for
// an end, JSON a strict parser refuses, dates as written, times only in the page's text, one
// event marked up twice, and pages with more events than the reader lists.
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { readPageEventsReport, type PageSnapshot, type MicrodataItem } from '../../../src/core/page-events/index.ts';
import { JSONLD_LIMITS } from '../../../src/core/page-events/jsonld-parse.ts';
import { snapshotPage } from '../../../src/content/page-snapshot.ts';

const context = { matcher: null, festivals: [] };
const page = (jsonLd: string[], more: Partial<PageSnapshot> = {}): PageSnapshot => ({
  url: 'https://cinema.example/week',
  title: 'This week',
  jsonLd,
  microdata: [],
  ...more,
});
const read = (snapshot: PageSnapshot) => readPageEventsReport(snapshot, context);

describe('showtimes', () => {
  it('offers each startDate of an item, its end from the running time', () => {
    const { drafts } = read(
      page([
        JSON.stringify({
          '@type': 'ScreeningEvent',
          name: 'Coraline',
          startDate: ['2020-12-05T11:30:00+00:00', '2020-12-23T13:45:00+00:00', '2020-12-28T13:15:00+00:00'],
          duration: 'PT1H47M',
        }),
      ]),
    );
    expect(drafts.map((d) => [d.start, d.end])).toEqual([
      ['2020-12-05T11:30:00+00:00', '2020-12-05T13:17:00+00:00'],
      ['2020-12-23T13:45:00+00:00', '2020-12-23T15:32:00+00:00'],
      ['2020-12-28T13:15:00+00:00', '2020-12-28T15:02:00+00:00'],
    ]);
    expect(drafts[0]!.notes).toContainEqual({ kind: 'duration', minutes: 107 });
  });

  it('gives no end for a running time of zero (a placeholder), nor for an end equal to the start', () => {
    const { drafts } = read(
      page([
        JSON.stringify({ '@type': 'Event', name: 'A', startDate: '2020-12-05T11:30', duration: 'PT0H0M' }),
        JSON.stringify({ '@type': 'Event', name: 'B', startDate: '2020-12-05T11:30', endDate: '2020-12-05T11:30' }),
        JSON.stringify({ '@type': 'Event', name: 'C', startDate: '2020-12-05T11:30', duration: 'PT100M' }),
      ]),
    );
    expect(drafts.map((d) => d.end)).toEqual([null, null, '2020-12-05T13:10:00']);
  });

  it("takes a cinema's address for the events it lists that name no place", () => {
    const theater: MicrodataItem = {
      types: ['http://schema.org/MovieTheater'],
      props: {
        name: ['AMC Quail Springs Mall 24'],
        address: [{ types: ['http://schema.org/PostalAddress'], props: { addressLocality: ['Oklahoma City'] } }],
        event: [
          {
            types: ['http://schema.org/TheaterEvent'],
            props: { name: ['Nerve'], startDate: ['2016-08-01T14:30-05:00', '2016-08-01T17:05-05:00'] },
          },
        ],
      },
    };
    const { drafts } = read(page([], { microdata: [theater] }));
    expect(drafts).toHaveLength(2);
    expect(drafts.map((d) => d.venue?.name)).toEqual(['AMC Quail Springs Mall 24', 'AMC Quail Springs Mall 24']);
  });

  it('counts the occurrences past its ceiling instead of dropping them silently', () => {
    const films = Array.from({ length: 6 }, (_, f) =>
      JSON.stringify({
        '@type': 'ScreeningEvent',
        name: `Film ${f}`,
        startDate: Array.from({ length: 200 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i, 18)).toISOString()),
      }),
    );
    const report = read(page(films));
    expect(report.drafts).toHaveLength(JSONLD_LIMITS.occurrences);
    expect(report.beyond).toBe(6 * 200 - JSONLD_LIMITS.occurrences);
    // Positive control: under the ceiling, nothing is beyond.
    expect(read(page(films.slice(0, 2))).beyond).toBe(0);
  });
});

describe('JSON-LD mended, and said so', () => {
  it('mends trailing commas and invalid backslashes, and the offer says which', () => {
    const { drafts, skippedScripts } = read(
      page([
        '{"@type":"Event","name":"Genesis","startDate":"2020-12-03T21:00","offers":[{"price":"5",}],}',
        '{"@type":"Event","name":"Rules \\- committee","description":"It\\\'s on","startDate":"2024-02-07"}',
        '{"@type":"Event","name":"Strict","startDate":"2024-02-07"}',
      ]),
    );
    expect(skippedScripts).toEqual([]);
    expect(drafts.map((d) => d.title)).toEqual(['Genesis', 'Rules - committee', 'Strict']);
    expect(drafts[0]!.notes).toContainEqual({ kind: 'repaired', repairs: ['trailing-commas'] });
    expect(drafts[1]!.notes).toContainEqual({ kind: 'repaired', repairs: ['bad-escapes'] });
    expect(drafts[1]!.description).toBe("It's on");
    expect(drafts[2]!.notes.some((n) => n.kind === 'repaired')).toBe(false);
  });

  it('skips an unterminated block with its reason, and reads the others', () => {
    const { drafts, skippedScripts } = read(
      page(['{"@type":"Event","name":"Never closed', '{"@type":"Event","name":"Fine","startDate":"2024-02-07"}']),
    );
    expect(drafts.map((d) => d.title)).toEqual(['Fine']);
    expect(skippedScripts).toEqual([{ reason: 'unterminated-string', start: '{"@type":"Event","name":"Never closed' }]);
  });
});

describe('dates as written', () => {
  it('reads unpadded fields and a decimal offset the one way they can be, and says so', () => {
    const { drafts } = read(
      page([
        JSON.stringify({
          '@type': 'Event',
          name: 'Stand-up',
          startDate: '2024-5-24T19:00+5.5:00',
          endDate: '2024-5-24T20:15+5.5:00',
        }),
      ]),
    );
    expect(drafts[0]!.start).toBe('2024-05-24T19:00:00+05:30');
    expect(drafts[0]!.end).toBe('2024-05-24T20:15:00+05:30');
    expect(drafts[0]!.notes).toContainEqual({ kind: 'asWritten', written: '2024-5-24T19:00+5.5:00' });
  });

  it('leaves a garbled date unread, and a floating time flagged floating', () => {
    const { drafts } = read(
      page([
        JSON.stringify({ '@type': 'Event', name: 'Garbled', startDate: '2019-9-18T10-10-00-00' }),
        JSON.stringify({ '@type': 'Event', name: 'Local', startDate: '2019-9-18T10:00' }),
      ]),
    );
    expect(drafts[0]!.start).toBeNull();
    expect(drafts[0]!.startUnread).toBe('2019-9-18T10-10-00-00');
    expect(drafts[1]!.start).toBe('2019-09-18T10:00:00');
    expect(drafts[1]!.floating).toBe(true);
  });
});

describe("the markup checked against the page's text", () => {
  const meeting = (name: string, startDate: string) => JSON.stringify({ '@type': 'Event', name, startDate });

  it("takes the time the page's text gives a date-only event, and shows both", () => {
    const { drafts } = read(
      page([meeting('Police Discipline Work Group', '2024-02-01'), meeting('Rules Committee', '2024-02-07')], {
        texts: [
          '01Feb Police Discipline Work Group 6:30 pm – 8:30 pm CPC Offices',
          '01Feb Police Discipline Work Group 6:30 pm – 8:30 pm CPC Offices 07Feb Rules Committee 6:00 pm – 8:00 pm',
        ],
      }),
    );
    expect(drafts[0]!.start).toBe('2024-02-01T18:30:00');
    expect(drafts[0]!.end).toBe('2024-02-01T20:30:00');
    expect(drafts[0]!.floating).toBe(true);
    expect(drafts[0]!.notes).toContainEqual({
      kind: 'pageTime',
      markup: '2024-02-01',
      page: '6:30 pm – 8:30 pm',
      used: true,
    });
    // The block naming two events cannot say whose time it gives: the second keeps its date alone.
    expect(drafts[1]!.start).toBe('2024-02-07');
  });

  it('never picks between two times the page gives, nor a time of another day', () => {
    const { drafts } = read(
      page([meeting('Board meeting', '2024-02-01'), meeting('Budget meeting', '2024-02-08')], {
        texts: ['Board meeting 6:00 pm', 'Board meeting 7:00 pm', '15Feb Budget meeting 6:30 pm'],
      }),
    );
    expect(drafts.map((d) => d.start)).toEqual(['2024-02-01', '2024-02-08']);
    expect(drafts.every((d) => d.notes.length === 0)).toBe(true);
  });

  it('shows a contradiction and keeps the markup', () => {
    const { drafts } = read(
      page([meeting('Doors and show', '2015-10-31T19:30:00-04:00')], {
        texts: ['Saturday 31 October 2015 Doors and show: 8:00 pm'],
      }),
    );
    expect(drafts[0]!.start).toBe('2015-10-31T19:30:00-04:00');
    expect(drafts[0]!.notes).toContainEqual({
      kind: 'pageTime',
      markup: '2015-10-31T19:30:00-04:00',
      page: '8:00 pm',
      used: false,
    });
  });

  it("reads a +00:00 stamped on local times in the zone the page states, when the page's clock agrees", () => {
    const events = [meeting('EDC Regular Board Meeting', '2022-07-12T09:00:00+00:00')];
    const texts = ['July 12 @ 9:00 am - 10:00 am Recurring EDC Regular Board Meeting'];
    const { drafts } = read(page(events, { texts, zone: 'America/Detroit' }));
    expect(drafts[0]!.start).toBe('2022-07-12T09:00:00-04:00');
    expect(drafts[0]!.end).toBe('2022-07-12T10:00:00-04:00');
    expect(drafts[0]!.notes[0]).toMatchObject({ kind: 'pageTime', used: true, zone: 'America/Detroit' });
    // Without a zone the page states, the markup stands: no offset is guessed.
    expect(read(page(events, { texts })).drafts[0]!.start).toBe('2022-07-12T09:00:00+00:00');
  });
});

describe('one event marked up twice', () => {
  it('is offered once, with the fuller fields of the two', () => {
    const microdata: MicrodataItem = {
      types: ['http://schema.org/Event'],
      props: {
        name: ['CCLBA Finance Committee Meeting'],
        startDate: ['2019-9-20T08:30'],
        endDate: ['2019-9-20T10:00'],
        url: ['https://landbank.example/finance'],
      },
    };
    const jsonLd = JSON.stringify({
      '@type': 'Event',
      name: 'CCLBA Finance Committee Meeting',
      startDate: '2019-9-20T08-08-30-00',
      location: { '@type': 'Place', name: "Conference Room 'B'", address: '69 W Washington St.' },
    });
    const { drafts } = read(page([jsonLd], { microdata: [microdata] }));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      start: '2019-09-20T08:30:00',
      end: '2019-09-20T10:00:00',
      url: 'https://landbank.example/finance',
      venue: { name: "Conference Room 'B'", address: '69 W Washington St.' },
    });
    // Positive control: the same name on another day is another event.
    const other = { ...microdata, props: { ...microdata.props, startDate: ['2019-12-13T09:00'] } };
    expect(read(page([jsonLd], { microdata: [microdata, other] })).drafts).toHaveLength(2);
  });
});

describe("the snapshot's text near clock times", () => {
  const docOf = (html: string) => {
    const window = new Window({ url: 'https://cpc.example/', settings: { disableJavaScriptEvaluation: true } });
    return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  };

  it("carries a listing's cards and the zone the page's scripts state, bounded", () => {
    const doc =
      docOf(`<html><body><script>var s = {"gmt_offset":"-4:00","timezone_string":"America\\/Detroit"};</script>
      <ul><li><b>01Feb</b> <a>Police Discipline Work Group</a> <span>6:30 pm – 8:30 pm</span> CPC Offices</li>
      <li>No time here</li></ul></body></html>`);
    const snap = snapshotPage(doc);
    expect(snap.zone).toBe('America/Detroit');
    expect(snap.texts).toContain('01Feb Police Discipline Work Group 6:30 pm – 8:30 pm CPC Offices');
    expect(snap.texts!.some((t) => t.includes('No time here') && !t.includes('6:30'))).toBe(false);
    const many = docOf(
      `<body>${Array.from({ length: 2000 }, (_, i) => `<p>Talk ${i} at 7:00 pm</p>`).join('')}</body>`,
    );
    expect(snapshotPage(many).texts!.length).toBeLessThanOrEqual(400);
  });
});
