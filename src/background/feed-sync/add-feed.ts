// Subscribing: a new feed is fetched once and refused, with the reason, when it is not a feed.
import { discoverFeeds, feedIdOf, feedUrlFromLink, withScheme, type FoundFeed } from '../../core/feed/index.ts';
import { DEFAULT_SYNC_STATE, getFeed, insertFeed, type FeedRow } from '../../db/index.ts';
import { readBody } from './feed-document.ts';
import { fetchFeed, isSecureFeedUrl, NO_VALIDATORS } from './fetch-feed.ts';
import { reasonOf, SyncError } from './sync-error.ts';
import { recordFailure, type SyncContext } from './sync-feed.ts';

function feedUrl(raw: string, allowLoopbackHttp: boolean): string {
  let url: URL;
  try {
    // "festival.example/parties.ics" as typed: https is assumed (core/feed/feed-address.ts).
    url = new URL(feedUrlFromLink(withScheme(raw)));
  } catch {
    throw new SyncError({ code: 'bad-url' });
  }
  if (url.protocol === 'http:' && !isSecureFeedUrl(url.href, allowLoopbackHttp))
    throw new SyncError({ code: 'insecure-url' });
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new SyncError({ code: 'bad-url' });
  url.hash = '';
  return url.href;
}

export type AddOutcome = { feed: FeedRow } | { found: FoundFeed[] };

const HTML_START = /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head)\b/i;

/**
 * Subscribes to the feed at `rawUrl`; `leased` runs the write under the sync lease. With
 * `discover`, an address that gives a web page answers the feeds and calendars the page links
 * to (discoverFeeds), those Afterparty could fetch, instead of being refused.
 */
export async function addFeed(
  ctx: SyncContext,
  leased: <T>(work: () => Promise<T>, busy: () => T) => Promise<T>,
  rawUrl: string,
  discover = false,
): Promise<AddOutcome> {
  const href = feedUrl(rawUrl, ctx.limits.allowLoopbackHttp);
  // The id is the address's (core/feed/feed-id.ts): re-adding a feed finds its saved events again.
  const id = feedIdOf(href);
  if (!id) throw new SyncError({ code: 'bad-url' });
  if (await getFeed(ctx.db, id)) throw new SyncError({ code: 'duplicate' });
  const download = await fetchFeed(href, NO_VALIDATORS, ctx.limits);
  if (download.status === 'failed') throw new SyncError(download.reason);
  if (download.status !== 'ok') throw new SyncError({ code: 'unreachable' });
  const fallbackTitle = new URL(href).hostname;
  const { doc, ...hashes } = await readBody(download.text, download.contentType, ctx.catalog, fallbackTitle);
  if (!doc.ok) {
    const page = doc.reason.code === 'html' || HTML_START.test(download.text);
    const found = discover && page ? linkedFeeds(download.text, download.url, ctx.limits.allowLoopbackHttp) : [];
    if (found.length > 0) return { found };
    throw new SyncError(page ? { code: 'html' } : doc.reason);
  }
  const feed = await insertFeed(ctx.db, id, {
    title: doc.feed.title,
    url: href,
    builtIn: false,
    updated: doc.feed.updated,
    lastSync: null,
    lastError: null,
    problems: [],
    eventCount: 0,
    filmCount: 0,
    sync: { ...DEFAULT_SYNC_STATE, kind: doc.kind },
  });
  if (!feed) throw new SyncError({ code: 'duplicate' });
  const fetched = { body: download.text, etag: download.etag, lastModified: download.lastModified, ...hashes };
  try {
    await leased(
      () => ctx.rows.store(feed, doc, fetched),
      () => 0,
    );
  } catch (error) {
    // Kept subscribed with the reason shown: the next sync tries to store it again.
    await recordFailure(ctx, feed, reasonOf(error)).catch(() => undefined);
    throw new SyncError(reasonOf(error), { cause: error });
  }
  return { feed: (await getFeed(ctx.db, feed.id)) as FeedRow };
}

/** The page's linked feeds that could be fetched: https (loopback http in a --dev build), not the page itself. */
function linkedFeeds(html: string, pageUrl: string, allowLoopbackHttp: boolean): FoundFeed[] {
  return discoverFeeds(html, pageUrl).filter((found) => isSecureFeedUrl(found.url, allowLoopbackHttp));
}
