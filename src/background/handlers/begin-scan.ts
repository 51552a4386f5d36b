import { correctionsFor, loadSettings, type AfterpartyDb } from '../../db/index.ts';
import type { ListingMessages } from '../../messages/index.ts';
import { findInTurns, type MatchQueue } from '../match-queue.ts';
import { timed } from '../dev-marks.ts';
import type { SiteRegistry } from '../sites/site-registry.ts';
import { senderSite } from '../sites/site-of.ts';
import type { TitleMatcherCache } from '../title-matcher.ts';
import type { HandlersFor } from './types.ts';

/**
 * A frame's start-up in one round trip: its site switch, settings and corrections used to be
 * two round trips before its first batch was even sent, 25-60 ms each on a busy machine
 * (docs/performance.md). The text of a switched-off site is not matched.
 */
export function beginScanHandlers({
  db,
  titles,
  sites,
  queue,
}: {
  db: AfterpartyDb;
  queue: MatchQueue;
  titles: TitleMatcherCache;
  sites: () => SiteRegistry;
}): HandlersFor<Pick<ListingMessages, 'beginScan'>> {
  return {
    async beginScan({ blocks }, from) {
      const site = senderSite(from);
      const matcher = titles.get();
      matcher.catch(() => undefined); // awaited below, unless the site is off
      const [disabled, settings, corrections] = await Promise.all([
        site !== null && timed('beginScan:site', () => sites().isDisabled(site)),
        timed('beginScan:settings', () => loadSettings(db)),
        timed('beginScan:corrections', () => correctionsFor(db, site)),
      ]);
      if (disabled) return { disabled: true };
      const ready = await matcher;
      const matches = await timed('beginScan:find', () => findInTurns(queue, from, ready, blocks));
      return { disabled: false, settings, corrections, matches };
    },
  };
}
