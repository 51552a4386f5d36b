// A stored own event for tests: `user/<id>`, a party tied to `filmKeys`, the rest as a form leaves it.
import type { UserEventRow } from '../../src/core/rows.ts';

export function userEventRow(id: string, filmKeys: string[], fields: Partial<UserEventRow> = {}): UserEventRow {
  return {
    key: `user/${id}`,
    id,
    feedId: 'user',
    kind: 'party',
    title: `Private ${id}`,
    films: filmKeys,
    filmKeys,
    festival: null,
    start: '2008-09-08T23:00:00-04:00',
    end: null,
    venue: null,
    host: null,
    access: 'invite',
    url: null,
    description: null,
    source: null,
    cancelled: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}
