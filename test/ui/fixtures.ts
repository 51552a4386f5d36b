import type { EventRow, FestivalRow, FilmRow } from '../../src/core/rows.ts';

export const festival: FestivalRow = {
  id: 'tiff-2007',
  key: 'default/tiff-2007',
  feedId: 'default',
  name: 'Toronto International Film Festival 2007',
  timeZone: 'America/Toronto',
  start: '2007-09-06',
  end: '2007-09-15',
};

export const film: FilmRow = {
  id: 'fugitive-pieces',
  key: 'default/fugitive-pieces',
  feedId: 'default',
  title: 'Fugitive Pieces',
  aliases: [],
  year: 2007,
  directors: ['Jeremy Podeswa'],
};

export function event(id: string, overrides: Partial<EventRow> = {}): EventRow {
  return {
    id,
    key: `default/${id}`,
    feedId: 'default',
    kind: 'party',
    title: `Event ${id}`,
    films: ['fugitive-pieces'],
    filmKeys: ['default/fugitive-pieces'],
    festival: 'tiff-2007',
    start: '2007-09-06T22:38:00-04:00',
    end: null,
    venue: { name: 'A house in Rosedale', address: 'Toronto' },
    host: 'Serendipity Point Films',
    access: 'invite',
    url: null,
    description: null,
    source: { name: 'Toronto Star', url: 'https://www.thestar.com/x' },
    cancelled: false,
    ...overrides,
  };
}
