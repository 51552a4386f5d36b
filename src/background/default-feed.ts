import { parseFeed } from '../core/feed/index.ts';
import { getFeed, recordFeedError, replaceFeed, type AfterpartyDb } from '../db/index.ts';
import defaultFeed from '../data/default-feed.json';

export const DEFAULT_FEED_ID = 'default';

/**
 * Loads the embedded listings, so the extension is useful offline from the first minute.
 * A refused document keeps whatever was cached before and says why.
 */
export async function loadDefaultFeed(
  db: AfterpartyDb,
  now = new Date(),
  document: unknown = defaultFeed,
): Promise<void> {
  const parsed = parseFeed(document);
  if (!parsed.ok) {
    await recordFeedError(db, DEFAULT_FEED_ID, { code: 'not-a-feed', detail: parsed.error });
    throw new Error(`The embedded feed was refused: ${parsed.error}`);
  }
  const problems = parsed.problems.map((p) => `${p.path}: ${p.message}`);
  await replaceFeed(db, { id: DEFAULT_FEED_ID, url: null, builtIn: true, problems }, parsed.feed, now);
}

/** True when the cache has never been filled (first run, or a wiped profile). */
export async function needsDefaultFeed(db: AfterpartyDb): Promise<boolean> {
  return (await getFeed(db, DEFAULT_FEED_ID)) === undefined;
}
