// An event with nothing but a key, a title after it and a start, for export tests that look at one field.
import type { FeedEvent } from '../../../src/core/model.ts';

export function plainEvent(key: string, fields: Partial<FeedEvent> = {}): FeedEvent & { key: string } {
  return {
    id: key,
    key,
    kind: 'party',
    title: `Party ${key}`,
    films: [],
    festival: null,
    start: '2007-09-10T21:00:00-04:00',
    end: null,
    venue: null,
    host: null,
    access: 'unknown',
    url: null,
    description: null,
    source: null,
    cancelled: false,
    ...fields,
  };
}
