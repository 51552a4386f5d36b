// One round of device sync, in two pure halves around the database write: what to apply here,
// then what to store for the other devices.
import { noteLocalChanges, reconcile, valueHash, type Ledger, type Version } from './merge.ts';
import { itemChanges, planItems, readItems, SYNC_LIMITS, type SyncLimits, type SyncPlan } from './quota.ts';

export interface CycleStart {
  ledger: Ledger;
  merged: Map<string, Version>;
  /** Remote versions to write into this device's database. */
  toApply: Map<string, Version>;
  /** Records in sync storage that could not be read. */
  problems: string[];
}

/** Notes this device's changes (dated `now`) and merges them with what sync storage holds. */
export function beginCycle(
  ledger: Ledger,
  local: Map<string, unknown>,
  stored: Record<string, unknown>,
  now: number,
): CycleStart {
  const { versions, problems } = readItems(stored);
  const noted = noteLocalChanges(ledger, local, now);
  return { ...reconcile(noted, local, versions), problems };
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
