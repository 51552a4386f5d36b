// The title index is capped across all feeds (core/matching/cap-titles.ts, applied where the
// index is answered): after every sync, each feed left partly out says so in its warning, and a
// feed back within the cap loses the warning.
import { capTitles, TITLE_LIMITS } from '../../core/matching/index.ts';
import { listFeeds, liveFilms, syncStateOf, updateSyncState, type AfterpartyDb } from '../../db/index.ts';

export async function recordTitleCap(db: AfterpartyDb, limits = TITLE_LIMITS): Promise<void> {
  const { kept, cut } = capTitles(await liveFilms(db), limits);
  for (const feed of await listFeeds(db)) {
    const warning = syncStateOf(feed).warning;
    const was = typeof warning === 'object' && warning?.code === 'titles-capped' ? warning : null;
    const limit = cut.get(feed.id);
    if (limit) {
      if (was?.kept !== kept.length || was.limit !== limit)
        await updateSyncState(db, feed.id, { warning: { code: 'titles-capped', kept: kept.length, limit } });
    } else if (was) {
      await updateSyncState(db, feed.id, { warning: null });
    }
  }
}
