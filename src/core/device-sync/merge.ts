// Merging one device's records with the ones in sync storage: per record, the newer change
// wins; a deletion is a tombstone with its time, so an edit on one device and a delete on
// another resolve the same way on every device, whatever order they arrive in.
import { checked, int, reword } from '../check.ts';
import { isPlainObject } from '../guards.ts';
import { hashOf } from '../hash.ts';
import { canonicalJson } from './records.ts';

/** One version of a record: its change time (ms since the epoch) and its value, or null when deleted. */
export interface Version {
  t: number;
  v: unknown;
}

/**
 * What this device last had of each record: change time and a hash of the value (null: deleted
 * here). Kept beside the database (extension storage), so a deletion is noticed as a record the
 * ledger has and the database no longer holds.
 */
export type Ledger = Record<string, [t: number, hash: string | null]>;

/**
 * Tombstones live 60 days past the newest change in the merged set: long enough for a phone left
 * in a drawer through a festival to come back and learn what was deleted. A device away longer
 * may bring back a record deleted elsewhere, which is the safe side: nothing is lost. The clock
 * is the data's own, not the device's, so every device with the same records expires the same
 * tombstones and none writes them back after another dropped them.
 */
export const TOMBSTONE_TTL_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * How far ahead of this device's clock a change time is believed. Browsers signed in to one
 * account keep their clocks by the network to within seconds; a day leaves room for a clock set
 * by hand in the wrong zone (up to 14 hours off), and still stops a record dated months ahead
 * from beating every later edit and from expiring every tombstone (the horizon follows the newest
 * time). A record refused for this is not lost: it stays in sync storage and is taken here once
 * this clock is within a day of it.
 */
export const MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

/** The last moment a Date can hold (ECMA-262 21.4.1.22): a later time makes toISOString throw. */
const MAX_DATE_MS = 8.64e15;

export type TimeProblem = 'time-invalid' | 'time-ahead';

const changeTime = checked(reword(int(1, MAX_DATE_MS), 'time-invalid'));

/** Why a change time is not believed here, or null: not a whole time in a Date's range, or too far ahead. */
export function timeProblem(t: unknown, now: number): TimeProblem | null {
  const time = changeTime(t);
  if (typeof time === 'string') return 'time-invalid';
  return time > now + MAX_AHEAD_MS ? 'time-ahead' : null;
}

/**
 * The ledger as stored: an entry whose time is not believed (see `timeProblem`) is dropped, so
 * the record counts as new here and is dated by this clock, never after a planted far-future time.
 */
export function readLedger(stored: unknown, now: number): Ledger {
  const ledger: Ledger = {};
  if (!isPlainObject(stored)) return ledger;
  for (const [id, entry] of Object.entries(stored)) {
    if (!Array.isArray(entry) || entry.length !== 2 || timeProblem(entry[0], now) !== null) continue;
    if (entry[1] === null || typeof entry[1] === 'string') ledger[id] = [entry[0] as number, entry[1]];
  }
  return ledger;
}

export const valueHash = (value: unknown): string => (hashOf(canonicalJson(value)) >>> 0).toString(36);

/** Whether `a` wins over `b`: the newer one; at the same time a deletion; else the greater value. */
export function wins(a: Version, b: Version): boolean {
  if (a.t !== b.t) return a.t > b.t;
  if ((a.v === null) !== (b.v === null)) return a.v === null;
  return a.v !== null && canonicalJson(a.v) > canonicalJson(b.v);
}

export function newest(a: Version | undefined, b: Version | undefined): Version | undefined {
  if (!a) return b;
  if (!b) return a;
  return wins(b, a) ? b : a;
}

/**
 * Notes this device's own changes since the ledger was written: a new or changed value, or a
 * record gone from the database (a tombstone). A change is dated `now`, and always after the
 * version it replaces, so an edit made on a device whose clock is behind still beats what it edited.
 */
export function noteLocalChanges(ledger: Ledger, local: Map<string, unknown>, now: number): Ledger {
  const next: Ledger = { ...ledger };
  const after = (id: string) => Math.max(now, (ledger[id]?.[0] ?? 0) + 1);
  for (const [id, value] of local) {
    const hash = valueHash(value);
    if (ledger[id]?.[1] !== hash) next[id] = [after(id), hash];
  }
  for (const [id, [, hash]] of Object.entries(ledger)) {
    if (hash !== null && !local.has(id)) next[id] = [after(id), null];
  }
  return next;
}

export interface Reconciled {
  /** Every record's winning version, tombstones included (expired ones dropped). */
  merged: Map<string, Version>;
  /** Remote versions that beat what this device holds: to write into its database. */
  toApply: Map<string, Version>;
  /** The ledger with expired tombstones dropped. */
  ledger: Ledger;
}

/**
 * Merges this device's records (values from its database, times from its ledger, which
 * `noteLocalChanges` brought up to date) with the remote ones. A record missing on one side is
 * unknown there, never deleted: only a tombstone deletes. The tombstone horizon follows the
 * newest change but never passes `now`: a time ahead of this clock does not expire anything here.
 */
export function reconcile(
  ledger: Ledger,
  local: Map<string, unknown>,
  remote: Map<string, Version>,
  now = Infinity,
): Reconciled {
  const merged = new Map<string, Version>();
  const toApply = new Map<string, Version>();
  const ids = new Set([...Object.keys(ledger), ...remote.keys()]);
  for (const id of ids) {
    const entry = ledger[id];
    const mine = entry ? { t: entry[0], v: entry[1] === null ? null : (local.get(id) ?? null) } : undefined;
    const theirs = remote.get(id);
    const winner = newest(mine, theirs) as Version;
    merged.set(id, winner);
    if (winner === theirs && (!mine || wins(theirs, mine)) && !sameAsLocal(winner, entry)) toApply.set(id, winner);
  }
  let newestTime = 0;
  for (const version of merged.values()) newestTime = Math.max(newestTime, version.t);
  const horizon = Math.min(newestTime, now) - TOMBSTONE_TTL_MS;
  const kept: Ledger = {};
  // An expired tombstone still deletes an older value it beats (it stays in toApply): only sending it stops.
  for (const [id, version] of merged) {
    if (version.v === null && version.t < horizon) merged.delete(id);
  }
  for (const [id, entry] of Object.entries(ledger)) {
    if (!(entry[1] === null && entry[0] < horizon)) kept[id] = entry;
  }
  return { merged, toApply, ledger: kept };
}

function sameAsLocal(version: Version, entry: Ledger[string] | undefined): boolean {
  if (!entry) return version.v === null;
  return entry[1] === (version.v === null ? null : valueHash(version.v));
}
