// `afterparty events PAGE.html … [--json] [--feed FEED.json]`: for publishers, the events the
// popup would offer on each page (its JSON-LD, microdata and RDFa Lite, read by the same
// snapshot and reader), and the event nodes it leaves out with the reason.

import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseFeed } from '../core/feed/index.ts';
import { compileMatcher, type Matcher } from '../core/matching/index.ts';
import { readPageEventsReport, type PageEventDraft, type SkippedEvent } from '../core/page-events/index.ts';
import { snapshotPage } from '../content/page-snapshot.ts';
import { parsePage } from './scan.ts';

/** One event in feed v1's event shape, with the status the page gave. */
export interface PublishedEvent {
  /** Null when nothing on the page names the event (the popup asks the user for a name). */
  title: string | null;
  start: string | null;
  end: string | null;
  venue: { name: string; address: string | null } | null;
  url: string | null;
  description: string | null;
  films: string[];
  status: PageEventDraft['pageStatus'];
}

export interface PageEvents {
  page: string;
  events: PublishedEvent[];
}

function published(draft: PageEventDraft): PublishedEvent {
  return {
    title: draft.title,
    start: draft.start,
    end: draft.end,
    venue: draft.venue && { name: draft.venue.name, address: draft.venue.address },
    url: draft.url,
    description: draft.description,
    films: draft.films,
    status: draft.pageStatus,
  };
}

const REASONS: Record<SkippedEvent['reason'], string> = {
  'no-title': 'no name, no film, performer or parent event to title it by, and no date',
  duplicate: 'the same title and start as an event already listed',
  container: 'a festival or series whose events point to it; its events are listed instead',
  'release-year': "a film's release with no day to read (a year), not an event to go to",
};

const TITLE_FROM = {
  name: '',
  work: ' (titled after its film or work)',
  performer: ' (titled after its performer)',
  parent: ' (titled after its parent event)',
  none: '(no name, and no film, performer or parent event to title it by: the user is asked to name it)',
};

export async function readPage(path: string, matcher: Matcher | null) {
  const doc = parsePage(await readFile(path, 'utf8'));
  // Relative urls resolve against the file, as a browser opening it would.
  const snapshot = snapshotPage(doc, pathToFileURL(path).href);
  return readPageEventsReport(snapshot, { matcher, festivals: [] });
}

function summary(path: string, drafts: PageEventDraft[], skipped: SkippedEvent[], feed: boolean): string[] {
  const lines = [`${path}: ${drafts.length} event${drafts.length === 1 ? '' : 's'}`];
  for (const d of drafts) {
    const when = d.start
      ? `${d.start}${d.end ? ` – ${d.end}` : ''}${d.floating ? ' (no zone given)' : ''}`
      : d.startUnread
        ? `start not read: "${d.startUnread}"`
        : 'no start';
    const status = d.pageStatus === 'scheduled' ? '' : ` [${d.pageStatus}]`;
    lines.push(`  ${d.title ?? ''}${TITLE_FROM[d.titleFrom]}${status}: ${when}${d.venue ? `, ${d.venue.name}` : ''}`);
    if (feed && d.unknownFilms.length > 0)
      lines.push(`    films not in the feed: ${d.unknownFilms.map((f) => f.title).join(', ')}`);
  }
  for (const s of skipped)
    lines.push(`  skipped ${s.types.join('/') || 'node'}${s.name ? ` "${s.name}"` : ''}: ${REASONS[s.reason]}`);
  return lines;
}

export async function eventsCommand(
  pages: string[],
  options: { json: boolean; feed?: string },
  out: { log: (line: string) => void; error: (line: string) => void },
): Promise<number> {
  let matcher: Matcher | null = null;
  if (options.feed) {
    const parsed = parseFeed(await readFile(options.feed, 'utf8'));
    if (!parsed.ok) {
      out.error(`${options.feed}: not a feed: ${parsed.error}`);
      return 1;
    }
    matcher = compileMatcher(parsed.feed.films);
  }
  const results: PageEvents[] = [];
  for (const page of pages) {
    const { drafts, skipped } = await readPage(page, matcher);
    results.push({ page, events: drafts.map(published) });
    if (!options.json) for (const line of summary(page, drafts, skipped, matcher !== null)) out.log(line);
  }
  if (options.json) out.log(JSON.stringify(results, null, 2));
  return 0;
}
