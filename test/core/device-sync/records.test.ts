import { describe, expect, it } from 'vitest';
import { planItems, recordsOf, rowChangeOf } from '../../../src/core/device-sync/index.ts';
import type { UserEventRow, UserFilmRow } from '../../../src/core/rows.ts';
import { DEFAULT_SETTINGS } from '../../../src/core/settings.ts';

const row = {
  key: 'user/u1',
  id: 'u1',
  feedId: 'user',
  kind: 'party',
  title: 'Cast drinks',
  films: ['default/fugitive-pieces'],
  filmKeys: ['default/fugitive-pieces'],
  festival: null,
  start: '2007-09-08T23:30:00-04:00',
  end: null,
  venue: { name: 'The Drake Hotel', address: null },
  host: null,
  access: 'invite',
  url: null,
  description: 'On the roof',
  source: null,
  cancelled: false,
  createdAt: '2026-09-01T10:00:00.000Z',
  updatedAt: '2026-09-01T10:00:00.000Z',
  timeZone: null,
  moved: false,
  // A field a later release adds: it travels under its own name.
  seats: 4,
} as unknown as UserEventRow;

const film = {
  key: 'user/f1',
  id: 'f1',
  feedId: 'user',
  title: 'A Film Nobody Lists',
  aliases: [],
  year: 2026,
  directors: ['Ana Ruiz'],
  createdAt: '2026-09-01T09:00:00.000Z',
  updatedAt: '2026-09-01T09:00:00.000Z',
} satisfies UserFilmRow;

const data = {
  saved: [],
  corrections: [],
  userEvents: [row],
  userFilms: [film],
  settings: { ...DEFAULT_SETTINGS },
  feedUrls: [],
};

describe('own events as records', () => {
  it('are written in short field names without what the id or the change time gives', () => {
    const value = recordsOf(data).get('e:u1');
    expect(value).toEqual({
      k: 'party',
      t: 'Cast drinks',
      f: ['default/fugitive-pieces'],
      s: '2007-09-08T23:30:00-04:00',
      v: { name: 'The Drake Hotel', address: null },
      a: 'invite',
      d: 'On the roof',
      C: '2026-09-01T10:00:00.000Z',
      seats: 4,
    });
    expect(JSON.stringify(value).length).toBeLessThan(JSON.stringify(row).length / 2);
  });

  it('read back with every field named again, the id from the record and updatedAt from its time', () => {
    const t = Date.parse('2026-09-02T08:00:00.000Z');
    const change = rowChangeOf('e:u1', recordsOf(data).get('e:u1'), t);
    expect(change).toEqual({
      kind: 'event',
      id: 'u1',
      value: {
        kind: 'party',
        title: 'Cast drinks',
        films: ['default/fugitive-pieces'],
        start: '2007-09-08T23:30:00-04:00',
        venue: { name: 'The Drake Hotel', address: null },
        access: 'invite',
        description: 'On the roof',
        createdAt: '2026-09-01T10:00:00.000Z',
        seats: 4,
        id: 'u1',
        updatedAt: '2026-09-02T08:00:00.000Z',
      },
    });
    expect(rowChangeOf('e:u1', 'text', t)).toBe('event u1 is not an object');
    expect(rowChangeOf('v:default/x', 'maybe', t)).toMatch(/unknown saved status/);
    expect(rowChangeOf('c:not json', 1, t)).toMatch(/unreadable correction/);
  });
});

describe('own films as records', () => {
  it('are written in one-letter fields without empty ones or what the id gives, and read back whole', () => {
    const value = recordsOf(data).get('m:f1');
    expect(value).toEqual({ t: 'A Film Nobody Lists', y: 2026, d: ['Ana Ruiz'], C: '2026-09-01T09:00:00.000Z' });
    const t = Date.parse('2026-09-02T08:00:00.000Z');
    expect(rowChangeOf('m:f1', value, t)).toEqual({
      kind: 'film',
      id: 'f1',
      value: {
        title: 'A Film Nobody Lists',
        aliases: [],
        year: 2026,
        directors: ['Ana Ruiz'],
        createdAt: '2026-09-01T09:00:00.000Z',
        id: 'f1',
        updatedAt: '2026-09-02T08:00:00.000Z',
      },
    });
    expect(rowChangeOf('m:f1', null, t)).toEqual({ kind: 'film', id: 'f1', value: null });
    expect(rowChangeOf('m:f1', 'text', t)).toBe('film f1 is not an object');
  });

  it('come before own events when space is given out: an event may arrive without its film, not the reverse', () => {
    const records = recordsOf(data);
    const merged = new Map(
      ['e:u1', 'm:f1'].map((id) => [id, { t: Date.parse('2026-09-02Z'), v: records.get(id) ?? null }]),
    );
    const roomy = planItems(merged);
    expect(Object.keys(Object.values(roomy.items)[0] ?? {})).toEqual(['m:f1', 'e:u1']);
    // Room for the film alone: the film goes, the event stays local and is said.
    const tight = planItems(merged, { quotaBytes: roomy.bytes - 10, quotaBytesPerItem: 8_192, maxItems: 512 });
    expect(Object.keys(Object.values(tight.items)[0] ?? {})).toEqual(['m:f1']);
    expect(tight.stayedLocal).toEqual([{ id: 'e:u1', kind: 'event', deleted: false, reason: 'full' }]);
  });
});
