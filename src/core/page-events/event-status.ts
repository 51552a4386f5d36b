// schema.org's EventStatusType as the page wrote it, for publishers checking their markup
// (`afterparty events`). The offer itself needs less: statusOf in jsonld-values.ts.

import { isPlainObject, own, type JsonRecord } from '../guards.ts';
import { first, text } from './jsonld-values.ts';

export type PageStatus = 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled' | 'moved online';

const WORDS: Record<string, PageStatus> = {
  eventcancelled: 'cancelled',
  eventpostponed: 'postponed',
  eventrescheduled: 'rescheduled',
  eventmovedonline: 'moved online',
};

export function pageStatusOf(node: JsonRecord): PageStatus {
  const raw = first(own(node, 'eventStatus'));
  const word = text(isPlainObject(raw) ? own(raw, '@id') : raw, 200);
  return WORDS[word?.replace(/^.*[/#:]/, '').toLowerCase() ?? ''] ?? 'scheduled';
}
