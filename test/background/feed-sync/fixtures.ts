import { readFileSync } from 'node:fs';

// Feeds for the sync tests, as JSON text.
export function jsonFeed(
  events: Array<{ id: string; title: string; film?: string }>,
  films = [{ id: 'fp', title: 'Fugitive Pieces' }],
): string {
  return JSON.stringify({
    afterparty: 1,
    title: 'Sync test feed',
    festivals: [{ id: 'tiff', name: 'TIFF 2007', timeZone: 'America/Toronto', start: '2007-09-06', end: '2007-09-15' }],
    films: films.map((f) => ({ ...f, year: 2007 })),
    events: events.map((e) => ({
      id: e.id,
      title: e.title,
      kind: 'party',
      films: e.film ? [e.film] : [],
      festival: 'tiff',
      start: '2007-09-06T22:00:00-04:00',
    })),
  });
}

export const TWO_EVENTS = jsonFeed([
  { id: 'a', title: 'Fugitive Pieces party', film: 'fp' },
  { id: 'b', title: 'Sponsor lounge' },
]);

/** Our own calendar: a dinner for a film of the default feed, in Toronto time. */
export const ICS = readFileSync(new URL('../../fixtures/ics/party.ics', import.meta.url), 'utf8');
