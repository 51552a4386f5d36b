import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

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
  removeFeed: { params: { id: string }; result: { removed: true } };
  setFeedEnabled: { params: { id: string; enabled: boolean }; result: { feed: FeedStatus } };
  /** Syncs every enabled feed, or one; answers once done, with each feed's status. */
  syncNow: { params: { id?: string }; result: { feeds: FeedStatus[]; errors: string[]; outcomes: SyncOutcomeLine[] } };
  getSyncStatus: { params: Record<string, never>; result: SyncLine };
}

const MAX_URL = 2_000;

function feedId(name: string, params: unknown): string | { id: string } {
  if (!isPlainObject(params) || typeof params.id !== 'string' || params.id.length === 0 || params.id.length > 200) {
    return `${name} needs {id: string}`;
  }
  return { id: params.id };
}

export const feedSpecs: SpecsFor<FeedMessages> = {
  // Feed addresses may carry a private token, and sync status is the popup's: pages ask neither.
  getFeeds: { privileged: true, validate: noParams('getFeeds') },
  getSyncStatus: { privileged: true, validate: noParams('getSyncStatus') },
  addFeed: {
    privileged: true,
    changes: true,
    validate(params) {
      if (!isPlainObject(params) || typeof params.url !== 'string') return 'addFeed needs {url: string}';
      if (params.url.length > MAX_URL) return `addFeed: the URL is longer than ${MAX_URL} characters`;
      return { url: params.url };
    },
  },
  removeFeed: { privileged: true, changes: true, validate: (params) => feedId('removeFeed', params) },
  setFeedEnabled: {
    privileged: true,
    changes: true,
    validate(params) {
      const id = feedId('setFeedEnabled', params);
      if (typeof id === 'string') return id;
      if (!isPlainObject(params) || typeof params.enabled !== 'boolean')
        return 'setFeedEnabled needs {enabled: boolean}';
      return { id: id.id, enabled: params.enabled };
    },
  },
  syncNow: {
    privileged: true,
    changes: true,
    validate(params) {
      if (params === undefined || (isPlainObject(params) && params.id === undefined)) return {};
      return feedId('syncNow', params);
    },
  },
};
