// Rows for tests of which slot a feed's films are live in (src/db/feed-slots.ts).
import type { FilmRow } from '../../src/core/rows.ts';
import type { FeedRow } from '../../src/db/database.ts';
import { DEFAULT_SYNC_STATE } from '../../src/db/feed-sync-state.ts';
import { feedRow } from '../background/feed-row.ts';

/** A feed whose films are live in `slot`, or none when it is switched off. */
export const liveFeed = (id: string, slot: 'a' | 'b', enabled = true): FeedRow => ({
  ...feedRow(id, `https://example.org/${id}.json`),
  id,
  sync: { ...DEFAULT_SYNC_STATE, enabled, slot },
});

/** A film of `feedId` with a title and nothing else. */
export const film = (feedId: string, id: string, title: string): FilmRow => ({
  key: `${feedId}/${id}`,
  feedId,
  id,
  title,
  aliases: [],
  year: null,
  directors: [],
});
