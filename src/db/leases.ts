// Lease rows: whoever holds an unexpired lease of a name does that work; a holder that stops
// without releasing it is outlived by its expiry.
import type { AfterpartyDb } from './database.ts';

export interface LeaseRequest {
  name: string;
  owner: string;
  /** Milliseconds since the epoch. */
  now: number;
  ms: number;
  /** Take it even from another owner's unexpired lease. */
  takeOver?: boolean;
}

/** Takes or renews the lease unless another owner's is unexpired; resolves to whether it did. */
export async function takeLease(
  db: AfterpartyDb,
  { name, owner, now, ms, takeOver = false }: LeaseRequest,
): Promise<boolean> {
  return db.transaction('rw', db.leases, async () => {
    const current = await db.leases.get(name);
    if (!takeOver && current && current.owner !== owner && current.expires > now) return false;
    await db.leases.put({ name, owner, expires: now + ms });
    return true;
  });
}

/** Gives the lease back, if `owner` still holds it. */
export async function dropLease(db: AfterpartyDb, name: string, owner: string): Promise<void> {
  await db.transaction('rw', db.leases, async () => {
    const current = await db.leases.get(name);
    if (current?.owner === owner) await db.leases.delete(name);
  });
}
