// Single flight: one sync at a time in this worker (a promise chain: a second waits), and one
// across workers. Where the Web Locks API exists (Chrome's service worker, Firefox's
// background page) a sync holds the `afterparty-sync` lock: the browser releases it the moment
// its holder stops, so a worker stopped mid-sync never locks the next one out. A lease row with
// an expiry, renewed as the sync goes, is the fallback (and is kept up to date under the lock
// too): without Web Locks, a stopped worker's lease simply runs out.
import { dropLease, takeLease, type AfterpartyDb } from '../../db/index.ts';

const LEASE_NAME = 'sync';
export const LOCK_NAME = 'afterparty-sync';
/** Longer than Chrome's 30-second idle stop, so a live sync renews it in time. */
export const LEASE_MS = 45_000;

/** The part of `navigator.locks` used here. */
export interface LockApi {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/**
 * Takes the lease row unless another owner's is unexpired; `takeOver` takes it anyway (the
 * caller holds the Web Lock, so any other holder of the row is a stopped worker).
 */
export function acquireLease(
  db: AfterpartyDb,
  owner: string,
  now: number,
  ms = LEASE_MS,
  takeOver = false,
): Promise<boolean> {
  return takeLease(db, { name: LEASE_NAME, owner, now, ms, takeOver });
}

function releaseLease(db: AfterpartyDb, owner: string): Promise<void> {
  return dropLease(db, LEASE_NAME, owner);
}

interface LeaseOptions {
  db: AfterpartyDb;
  owner: string;
  clock: () => number;
  ms: number;
  locks?: LockApi;
}

/** Runs `work` as the only sync anywhere in the extension, or answers `busy()` at once. */
async function withLease<T>(options: LeaseOptions, work: () => Promise<T>, busy: () => T): Promise<T> {
  const { db, owner, clock, ms, locks } = options;
  const leased = async (takeOver: boolean): Promise<T> => {
    if (!(await acquireLease(db, owner, clock(), ms, takeOver))) return busy();
    try {
      return await work();
    } finally {
      await releaseLease(db, owner).catch(() => undefined);
    }
  };
  if (!locks) return leased(false);
  return locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? leased(true) : busy()));
}

/** One sync at a time: `exclusive` queues work in this worker, `leased` also holds the lease. */
export function createSingleFlight(options: LeaseOptions & { onSettled?: () => void }) {
  let chain: Promise<unknown> = Promise.resolve();
  let busy = 0;
  return {
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      busy += 1;
      const run = chain.then(work).finally(() => {
        busy -= 1;
        options.onSettled?.();
      });
      chain = run.catch(() => undefined);
      return run;
    },
    leased: <T>(work: () => Promise<T>, busyResult: () => T): Promise<T> => withLease(options, work, busyResult),
    /** Keeps the lease while a long sync goes on; under a Web Lock, any leftover row is a stopped worker's. */
    renew: () => acquireLease(options.db, options.owner, options.clock(), options.ms, !!options.locks),
    running: () => busy > 0,
  };
}
