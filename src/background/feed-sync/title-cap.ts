// The title index is capped across all feeds (core/matching/cap-titles.ts, applied where the
// index is answered): after every sync, each feed left partly out says so in its warning, and a
// feed back within the cap loses the warning.
import { capTitles, titleBytes, TITLE_LIMITS, type TitleLimit } from '../../core/matching/index.ts';
import type { FilmRow } from '../../core/rows.ts';
import {
  listFeeds,
  listUserFilms,
  liveFilms,
  syncStateOf,
  updateSyncState,
  type AfterpartyDb,
  type FeedRow,
} from '../../db/index.ts';

/**
 * The cap as capTitles draws it. Every feed row carries what its titles cost (titleBytes, summed
 * when its rows were stored), so a catalog within the budget, all of it kept, is told from the
 * feed rows and the user's few films: only one past it, or a feed row from before the sum was
 * kept, reads every film (100,000 at issue 28's scale) to find where the cut falls.
 */
async function capped(
  db: AfterpartyDb,
  feeds: FeedRow[],
  limits: typeof TITLE_LIMITS,
): Promise<{ kept: number; cut: Map<string, TitleLimit> }> {
  const live = feeds.filter((feed) => syncStateOf(feed).enabled);
  if (live.every((feed) => typeof feed.titleBytes === 'number')) {
    const own = await listUserFilms(db);
    let bytes = 0;
    for (const feed of live) bytes += feed.titleBytes!;
    for (const film of own) bytes += titleBytes(film);
    if (bytes <= limits.bytes)
      return { kept: live.reduce((n, feed) => n + feed.filmCount, own.length), cut: new Map() };
  }
  const { kept, cut } = capTitles<FilmRow>(await liveFilms(db), limits);
  return { kept: kept.length, cut };
}

export async function recordTitleCap(db: AfterpartyDb, limits = TITLE_LIMITS): Promise<void> {
  const feeds = await listFeeds(db);
  const { kept, cut } = await capped(db, feeds, limits);
  for (const feed of feeds) {
    const warning = syncStateOf(feed).warning;
    const was = typeof warning === 'object' && warning?.code === 'titles-capped' ? warning : null;
    const limit = cut.get(feed.id);
    if (limit) {
      if (was?.kept !== kept || was.limit !== limit)
        await updateSyncState(db, feed.id, { warning: { code: 'titles-capped', kept, limit } });
    } else if (was) {
      await updateSyncState(db, feed.id, { warning: null });
    }
  }
}
