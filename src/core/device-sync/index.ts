export { beginCycle, endCycle, type CycleEnd, type CycleStart } from './cycle.ts';
export {
  MAX_AHEAD_MS,
  TOMBSTONE_TTL_MS,
  noteLocalChanges,
  readLedger,
  reconcile,
  timeProblem,
  wins,
  type Ledger,
  type TimeProblem,
  type Version,
} from './merge.ts';
export {
  ITEM_PREFIX,
  KIND_SHARE_BYTES,
  SYNC_LIMITS,
  jsonBytes,
  planItems,
  readItems,
  type RefusedRecord,
  type StayedLocal,
  type SyncPlan,
} from './quota.ts';
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
