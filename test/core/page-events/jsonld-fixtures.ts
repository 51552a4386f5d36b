// Publisher-shaped pages (test/fixtures/jsonld) read the way the content script reads them,
// then parsed against the default feed's catalog, the way the popup does.
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { parseFeed } from '../../../src/core/feed/parse.ts';
import {
  readPageEvents,
  type FestivalWindow,
  type PageEventDraft,
  type PageSnapshot,
} from '../../../src/core/page-events/jsonld-events.ts';
import { compileMatcher } from '../../../src/core/matching/matcher.ts';
import { snapshotPage } from '../../../src/content/page-snapshot.ts';

const feed = parseFeed(JSON.parse(readFileSync('src/data/default-feed.json', 'utf8')));
if (!feed.ok) throw new Error('default feed does not parse');

export const matcher = compileMatcher(feed.feed.films.map((f) => ({ ...f, id: `default/${f.id}` })));
export const festivals: FestivalWindow[] = feed.feed.festivals.map((f) => ({ ...f, key: `default/${f.id}` }));

export function snapshot(name: string, url = `https://publisher.example/${name}`): PageSnapshot {
  const html = readFileSync(`test/fixtures/jsonld/${name}`, 'utf8');
  const window = new Window({ url, settings: { disableJavaScriptEvaluation: true } });
  const doc = new window.DOMParser().parseFromString(html, 'text/html');
  return snapshotPage(doc as unknown as Document, url);
}

export function eventsOf(name: string, url?: string): PageEventDraft[] {
  return readPageEvents(snapshot(name, url), { matcher, festivals });
}
