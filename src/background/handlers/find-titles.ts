import type { ListingMessages } from '../../messages/index.ts';
import { findInTurns, type MatchQueue } from '../match-queue.ts';
import type { HandlersFor } from './types.ts';
import type { TitleMatcherCache } from '../title-matcher.ts';

/** A page's batches after its first (which is beginScan's): matched in the sending frame's turns. */
export function findTitlesHandlers({
  titles,
  queue,
}: {
  titles: TitleMatcherCache;
  queue: MatchQueue;
}): HandlersFor<Pick<ListingMessages, 'findTitles'>> {
  return {
    async findTitles({ blocks }, from) {
      const matcher = await titles.get();
      return { matches: await findInTurns(queue, from, matcher, blocks) };
    },
  };
}
