// One round of device sync, in two pure halves around the database write: what to apply here,
// then what to store for the other devices.
import { noteLocalChanges, readLedger, reconcile, valueHash, type Ledger, type Version } from './merge.ts';
import {
  itemChanges,
  planItems,
  readItems,
  SYNC_LIMITS,
  type RefusedRecord,
  type SyncLimits,
  type SyncPlan,
} from './quota.ts';

export interface CycleStart {
  ledger: Ledger;
  merged: Map<string, Version>;
  /** Remote versions to write into this device's database. */
  toApply: Map<string, Version>;
  /** Records in sync storage that could not be read. */
  problems: string[];
  /** Records left out for their change time, with why. */
  refused: RefusedRecord[];
}

/**
 * Notes this device's changes (dated `now`) and merges them with what sync storage holds. The
 * ledger is read as stored (`unknown`): its times are checked like the records'.
 */
export function beginCycle(
  ledger: unknown,
  local: Map<string, unknown>,
  stored: Record<string, unknown>,
  now: number,
): CycleStart {
  const { versions, held, refused, problems } = readItems(stored, now);
  const noted = noteLocalChanges(readLedger(ledger, now), local, now);
  const reconciled = reconcile(noted, local, versions, now);
  for (const [id, version] of held) reconciled.merged.set(id, version);
  return { ...reconciled, problems, refused };
}

export interface CycleEnd {
  ledger: Ledger;
  plan: SyncPlan;
  /** What to write to sync storage; both empty when it already holds the plan. */
  set: Record<string, unknown>;
  remove: string[];
}

/**
 * After the database took what it could of `toApply` (`localAfter` is what it holds now): the
 * ledger records each applied version with the time it carried, so it is not taken for a
 * change of this device's; a version the database refused is left out of the ledger and stays
 * in sync storage for the devices that can use it, never deleted for this one's sake.
 */
export function endCycle(
  start: CycleStart,
  localAfter: Map<string, unknown>,
  stored: Record<string, unknown>,
  limits: SyncLimits = SYNC_LIMITS,
): CycleEnd {
  const ledger: Ledger = { ...start.ledger };
  for (const [id, version] of start.toApply) {
    const here = localAfter.has(id);
    if (version.v === null && !here) ledger[id] = [version.t, null];
    else if (version.v !== null && here) ledger[id] = [version.t, valueHash(localAfter.get(id))];
  }
  const plan = planItems(start.merged, limits);
  return { ledger, plan, ...itemChanges(plan.items, stored) };
}
