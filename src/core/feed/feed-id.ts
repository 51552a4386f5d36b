// A subscribed feed's id is a hash of its address, so it is the same on every browser and every
// re-subscription: the keys built from it ("<feedId>/<eventId>") then agree across devices
// (device sync's saved statuses) and outlive removing and re-adding the feed. A hash, not the
// address: an address may carry a private token, and keys travel (storage.sync, backups).
import { feedUrlFromLink } from './webcal.ts';

/** The built-in feed's id, kept as it always was (its keys are `default/…` everywhere). */
export const DEFAULT_FEED_ID = 'default';

/**
 * The address as an id sees it: webcal(s) read as https, scheme and host lower-case, the
 * default port and the fragment dropped (neither reaches the server); path and query kept as
 * written, since servers may tell them apart by case. Null when it is not an absolute URL.
 */
export function normalizeFeedAddress(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(feedUrlFromLink(raw.trim()));
  } catch {
    return null;
  }
  url.hash = '';
  return url.href;
}

const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const MASK64 = 0xffffffffffffffffn;

/**
 * 64-bit FNV-1a over the UTF-16 units. 64 bits, not the 32 of core/hash.ts: two of one user's
 * feeds with the same id would share rows and saved events, and with 32 bits a page offering a
 * crafted link needs only ~65,000 tries to hit a known feed's id. Synchronous (unlike
 * crypto.subtle), so the schema upgrade can use it inside its IndexedDB transaction.
 */
function fnv1a64(text: string): string {
  let h = FNV64_OFFSET;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * FNV64_PRIME) & MASK64;
  return h.toString(16).padStart(16, '0');
}

/** The id of the feed subscribed at `address`; null for an address that is not a URL. */
export function feedIdOf(address: string): string | null {
  const normalized = normalizeFeedAddress(address);
  return normalized === null ? null : `f${fnv1a64(normalized)}`;
}

/**
 * `key` ("<feedId>/<rest>") with its feed id replaced through `ids` (old id → new); any other
 * key, the user's own (`user/…`) and the built-in feed's included, is returned as it was.
 */
export function rekey(key: string, ids: ReadonlyMap<string, string>): string {
  const slash = key.indexOf('/');
  if (slash <= 0) return key;
  const next = ids.get(key.slice(0, slash));
  return next === undefined ? key : `${next}${key.slice(slash)}`;
}
