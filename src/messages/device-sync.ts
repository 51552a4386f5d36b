import type { RecordKind, RefusedRecord, StayedLocal } from '../core/device-sync/index.ts';
import { bool, field, keys, reword } from '../core/check.ts';
import { checkParams, noParams, type SpecsFor } from './spec.ts';

export interface DeviceSyncStatus {
  enabled: boolean;
  lastSync: string | null;
  /** Bytes of sync storage the plan takes, of `quotaBytes`. */
  bytes: number;
  quotaBytes: number;
  /** What did not fit in sync storage: kept on this device only. */
  stayedLocal: { kind: RecordKind; reason: StayedLocal['reason']; count: number }[];
  /**
   * Feeds subscribed on another device and not here: offered, never subscribed without a click
   * (an address on an origin allowed here may be anyone's calendar on a public host).
   */
  waitingFeeds: string[];
  /** Of `waitingFeeds`, those whose origin this browser already lets Afterparty fetch. */
  allowedFeeds: string[];
  /** Privacy settings another device lowered: offered here, not applied. */
  offeredSettings: { name: string; value: unknown }[];
  /** Feeds subscribed elsewhere that could not be subscribed here, with the reason. */
  failedFeeds: { url: string; reason: string }[];
  /** Records from other devices this one could not take (a newer release's, or damaged). */
  skipped: string[];
  /** Records left out for their change time (not a time, or far ahead of this clock), at most 50. */
  refused: RefusedRecord[];
  /** The last write to sync storage that the browser refused (quota or write rate), in its words. */
  error: string | null;
}

export interface DeviceSyncMessages {
  /** Whether the plan syncs through the browser's account, and how the last round went. */
  getDeviceSync: { params: Record<string, never>; result: DeviceSyncStatus };
  /** Turns device sync on or off; off keeps every record, here and in the browser's sync storage. */
  setDeviceSync: { params: { enabled: boolean }; result: DeviceSyncStatus };
}

export const deviceSyncSpecs: SpecsFor<DeviceSyncMessages> = {
  getDeviceSync: { privileged: true, validate: noParams('getDeviceSync') },
  setDeviceSync: {
    privileged: true,
    changes: true,
    validate: checkParams(
      'setDeviceSync',
      reword(
        (v, path) => ({ enabled: field(keys(['enabled'], '')(v, path), 'enabled', bool, path) }),
        'needs {enabled: true or false}',
      ),
    ),
  },
};
