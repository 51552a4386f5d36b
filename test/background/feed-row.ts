import { DEFAULT_SYNC_STATE } from '../../src/db/index.ts';

/** A subscribed feed's row as insertFeed takes it, never synced yet: the device-sync tests' feeds. */
export const feedRow = (title: string, url: string) => ({
  title,
  url,
  builtIn: false,
  updated: null,
  lastSync: null,
  lastError: null,
  problems: [],
  eventCount: 0,
  filmCount: 0,
  sync: DEFAULT_SYNC_STATE,
});
