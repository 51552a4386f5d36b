// A downloaded body to a feed: iCalendar when it says so, else the JSON feed format.
import { parseFeed } from '../../core/feed/index.ts';
import { importICalendar, looksLikeICalendar } from '../../core/ical/index.ts';
import type { TitleSource } from '../../core/matching/index.ts';
import type { Feed } from '../../core/model.ts';
import type { FeedKind } from '../../db/feed-sync-state.ts';
import { t } from '../../browser/i18n.ts';

export type ReadDocument =
  | {
      ok: true;
      kind: FeedKind;
      feed: Feed;
      links?: Map<string, string[]>;
      problems: string[];
      refreshMinutes: number | null;
    }
  | { ok: false; error: string };

export function readDocument(
  text: string,
  contentType: string,
  films: () => TitleSource[],
  fallbackTitle: string,
): ReadDocument {
  const calendarType = /text\/calendar/i.test(contentType);
  if (calendarType || looksLikeICalendar(text)) {
    const result = importICalendar(text, { films: films(), fallbackTitle });
    if (!result.ok) return { ok: false, error: result.error };
    return {
      ok: true,
      kind: 'ical',
      feed: result.feed,
      links: result.links,
      problems: result.problems.map((p) => `${p.path}: ${p.message}`),
      refreshMinutes: result.refreshMinutes,
    };
  }
  if (/text\/html/i.test(contentType) && /^\s*</.test(text)) return { ok: false, error: t('sync_errorHtml') };
  const parsed = parseFeed(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return {
    ok: true,
    kind: 'json',
    feed: parsed.feed,
    problems: parsed.problems.map((p) => `${p.path}: ${p.message}`),
    refreshMinutes: null,
  };
}
