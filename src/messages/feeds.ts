import { bool, field, guard, obj, reword, say, type Check } from '../core/check.ts';
import { isPlainObject, own } from '../core/guards.ts';
import { checkParams, noParams, type SpecsFor } from './spec.ts';

export interface FeedStatus {
  id: string;
  title: string;
  url: string | null;
  builtIn: boolean;
  kind: 'json' | 'ical';
  enabled: boolean;
  eventCount: number;
  filmCount: number;
  lastSync: string | null;
  lastError: string | null;
  /** Data kept with a caveat (its titles left out of the title index…), in words. */
  warning: string | null;
  problems: string[];
  /** The festivals its listings name, and the first and last day of its events ("YYYY-MM-DD"). */
  festivals: string[];
  firstDay: string | null;
  lastDay: string | null;
}

/** A feed or calendar a web page links to, offered when its address gives the page instead. */
export interface FoundFeedLink {
  url: string;
  title: string | null;
  kind: 'json' | 'ical';
}

export interface SyncLine {
  running: boolean;
  /** Subscribed feeds (not the built-in one). */
  feeds: number;
  failing: number;
  /** The latest successful sync of any subscribed feed. */
  lastSync: string | null;
  /** A storage fault in plain words, when the database refuses to work. */
  fault: string | null;
}

/** What one feed's sync did: requests made and feed rows put or deleted (`npm run bench` reads them). */
export interface SyncOutcomeLine {
  feedId: string;
  status: 'updated' | 'unchanged' | 'failed' | 'busy' | 'skipped';
  requests: number;
  written: number;
}

export interface FeedMessages {
  getFeeds: { params: Record<string, never>; result: { feeds: FeedStatus[] } };
  addFeed: { params: { url: string }; result: { feed: FeedStatus } };
  /**
   * The options page's address box: subscribes as addFeed does, or, when the address gives a
   * web page, answers the feeds and calendars the page links to (none: refused as addFeed is).
   */
  addFeedOrFind: { params: { url: string }; result: { feed: FeedStatus } | { found: FoundFeedLink[] } };
  /** What removing a feed would leave unlisted in the plan, for the options page to ask first. */
  getFeedRemoval: { params: { id: string }; result: { saved: number; reminders: number } };
  removeFeed: { params: { id: string }; result: { removed: true } };
  setFeedEnabled: { params: { id: string; enabled: boolean }; result: { feed: FeedStatus } };
  /** Syncs every enabled feed, or one; answers once done, with each feed's status. */
  syncNow: { params: { id?: string }; result: { feeds: FeedStatus[]; errors: string[]; outcomes: SyncOutcomeLine[] } };
  getSyncStatus: { params: Record<string, never>; result: SyncLine };
}

const MAX_URL = 2_000;

const FEED_ID = guard(
  (v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200,
  'must be a feed id',
);
const feedId: Check<{ id: string }> = reword(
  (v, path) => ({ id: field(obj(v, path), 'id', FEED_ID, path) }),
  'needs {id: string}',
);
const isString = (v: unknown): v is string => typeof v === 'string';
const feedUrl: Check<{ url: string }> = (v, path) => {
  const url = reword((x, p) => field(obj(x, p), 'url', guard(isString, ''), p), 'needs {url: string}')(v, path);
  if (url.length > MAX_URL) say('url', `the URL is longer than ${MAX_URL} characters`);
  return { url };
};

export const feedSpecs: SpecsFor<FeedMessages> = {
  // Feed addresses may carry a private token, and sync status is the popup's: pages ask neither.
  getFeeds: { privileged: true, validate: noParams('getFeeds') },
  getSyncStatus: { privileged: true, validate: noParams('getSyncStatus') },
  addFeed: { privileged: true, changes: true, validate: checkParams('addFeed', feedUrl) },
  addFeedOrFind: { privileged: true, changes: true, validate: checkParams('addFeedOrFind', feedUrl) },
  getFeedRemoval: { privileged: true, validate: checkParams('getFeedRemoval', feedId) },
  removeFeed: { privileged: true, changes: true, validate: checkParams('removeFeed', feedId) },
  setFeedEnabled: {
    privileged: true,
    changes: true,
    validate: checkParams('setFeedEnabled', (v, path) => {
      const { id } = feedId(v, path);
      // A refusal of `enabled` names the params, as its absence does.
      return { id, enabled: reword(bool, 'needs {enabled: boolean}')(own(obj(v, path), 'enabled'), path) };
    }),
  },
  syncNow: {
    privileged: true,
    changes: true,
    validate: checkParams('syncNow', (v, path) =>
      v === undefined || (isPlainObject(v) && v.id === undefined) ? {} : feedId(v, path),
    ),
  },
};
