import type { DeviceSyncStatus } from '../../../src/messages/index.ts';

/** A device-sync status with nothing to say, but what a test sets. */
export const syncStatus = (over: Partial<DeviceSyncStatus>): DeviceSyncStatus => ({
  enabled: true,
  lastSync: null,
  bytes: 0,
  quotaBytes: 102_400,
  stayedLocal: [],
  waitingFeeds: [],
  allowedFeeds: [],
  offeredSettings: [],
  failedFeeds: [],
  skipped: [],
  refused: [],
  error: null,
  ...over,
});
