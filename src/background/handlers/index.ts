import type { AfterpartyDb } from '../../db/index.ts';
import type { Messages } from '../../messages/index.ts';
import { addEventHandlers } from './add-event.ts';
import { beginScanHandlers } from './begin-scan.ts';
import { correctionHandlers } from './corrections.ts';
import { deviceSyncHandlers } from './device-sync.ts';
import { feedHandlers } from './feeds.ts';
import { findTitlesHandlers } from './find-titles.ts';
import { listingHandlers } from './listings.ts';
import { pageEventHandlers } from './page-events.ts';
import { planHandlers } from './plan.ts';
import { sharedSiteRegistry, siteHandlers } from './sites.ts';
import { settingsHandlers } from './settings.ts';
import type { DeviceSync } from '../device-sync/device-sync.ts';
import type { SiteRegistry } from '../sites/site-registry.ts';
import { workerMatchQueue, type MatchQueue } from '../match-queue.ts';
import type { TitleMatcherCache } from '../title-matcher.ts';
import type { FeedSync } from '../feed-sync/engine.ts';
import type { HandlersFor } from './types.ts';
import { userEventHandlers } from './user-events.ts';
import { userFilmHandlers } from './user-films.ts';
import { wakeHandlers } from './wake.ts';

export type Handlers = HandlersFor<Messages>;

export interface HandlerDeps {
  db: AfterpartyDb;
  /** Resolves once the cache holds at least the default listings. */
  ready: () => Promise<void>;
  /** The feed sync engine (src/background/feed-sync/engine.ts); absent where no network is wanted. */
  sync?: FeedSync;
  /** The per-site switches; the worker's, over the browser's APIs, unless a test passes its own. */
  sites?: SiteRegistry;
  /** Whether the optional `notifications` permission is granted; reminders say so when it is not. */
  notificationsAllowed?: () => Promise<boolean>;
  clock?: () => number;
  /** The card's keyboard shortcut as the browser has it (open-card-command.ts); none in tests without it. */
  shortcut?: () => Promise<string | null>;
  /** Sync through the browser's account (src/background/device-sync/); absent in tests without it. */
  deviceSync?: DeviceSync;
  /** The worker's title matcher, rebuilt after each catalog change (src/background/title-matcher.ts). */
  titles: TitleMatcherCache;
  /** Where the pages' batches take turns (match-queue.ts); the worker's, unless a test passes its own. */
  matchQueue?: MatchQueue;
}

/** The background's answers, one per message; the compiler checks none is missing. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const queue = deps.matchQueue ?? workerMatchQueue();
  return {
    ...listingHandlers(deps),
    ...findTitlesHandlers({ ...deps, queue }),
    ...pageEventHandlers(deps),
    ...beginScanHandlers({ ...deps, queue, sites: () => deps.sites ?? sharedSiteRegistry(deps.db) }),
    ...feedHandlers(deps),
    ...settingsHandlers(deps),
    ...planHandlers(deps),
    ...userEventHandlers(deps),
    ...userFilmHandlers(deps),
    ...correctionHandlers(deps),
    ...siteHandlers(() => deps.sites ?? sharedSiteRegistry(deps.db)),
    ...addEventHandlers(deps),
    ...deviceSyncHandlers(deps),
    ...wakeHandlers(),
  };
}
