export { beginCycle, endCycle, type CycleEnd, type CycleStart } from './cycle.ts';
export { TOMBSTONE_TTL_MS, noteLocalChanges, reconcile, wins, type Ledger, type Version } from './merge.ts';
export { ITEM_PREFIX, SYNC_LIMITS, jsonBytes, planItems, readItems, type StayedLocal, type SyncPlan } from './quota.ts';
export {
  KIND_PREFIX,
  canonicalJson,
  kindOf,
  recordsOf,
  rowChangeOf,
  type LocalData,
  type RecordKind,
  type RowChange,
} from './records.ts';
