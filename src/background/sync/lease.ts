// Single flight across worker restarts: a sync holds a lease row with an expiry, renewed as it
// goes. A worker stopped mid-sync leaves a lease that simply runs out.
import type { AfterpartyDb } from '../../db/database.ts';

export const LEASE_NAME = 'sync';
/** Longer than Chrome's 30-second idle stop, so a live sync renews it in time. */
export const LEASE_MS = 45_000;

export async function acquireLease(db: AfterpartyDb, owner: string, now: number, ms = LEASE_MS): Promise<boolean> {
  return db.transaction('rw', db.leases, async () => {
    const current = await db.leases.get(LEASE_NAME);
    if (current && current.owner !== owner && current.expires > now) return false;
    await db.leases.put({ name: LEASE_NAME, owner, expires: now + ms });
    return true;
  });
}

export async function releaseLease(db: AfterpartyDb, owner: string): Promise<void> {
  await db.transaction('rw', db.leases, async () => {
    const current = await db.leases.get(LEASE_NAME);
    if (current?.owner === owner) await db.leases.delete(LEASE_NAME);
  });
}
