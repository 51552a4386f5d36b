// A restored backup's saved events, matched to the feeds of this browser. A key of an address-made
// id (core/feed/feed-id.ts) attaches by itself; one of an id made by the clock and a random
// draw (backups from before) is attached to the one feed here that lists its event id.
import type { SavedRow } from '../rows.ts';

export interface AttachContext {
  /** Ids of the feeds present here (built-in, subscribed, and "user" for own events). */
  present: ReadonlySet<string>;
  /** Ids made from the backup's feed addresses: keys under these are this format's. */
  addressIds: ReadonlySet<string>;
  /** For an old key's event id: the present subscribed feeds that list an event of that id. */
  listing: (eventId: string) => string[];
}

export interface Attached {
  saved: SavedRow[];
  /** Saved events whose feed is in the backup but not subscribed here. */
  notSubscribed: number;
  /** Saved events of an old id that no feed here lists, or that several list. */
  notFound: number;
}

export function attachSaved(saved: readonly SavedRow[], ctx: AttachContext): Attached {
  const out: Attached = { saved: [], notSubscribed: 0, notFound: 0 };
  const taken = new Set<string>();
  const keep = (row: SavedRow) => {
    if (taken.has(row.eventKey)) return;
    taken.add(row.eventKey);
    out.saved.push(row);
  };
  for (const row of saved) {
    const slash = row.eventKey.indexOf('/');
    const feedId = row.eventKey.slice(0, slash);
    if (ctx.present.has(feedId)) keep(row);
    else if (ctx.addressIds.has(feedId)) {
      // Kept: subscribing to its feed (offered with the restore) brings it back.
      out.notSubscribed += 1;
      keep(row);
    } else {
      const eventId = row.eventKey.slice(slash + 1);
      const feeds = ctx.listing(eventId);
      if (feeds.length === 1) keep({ ...row, eventKey: `${feeds[0]}/${eventId}` });
      else {
        out.notFound += 1;
        keep(row);
      }
    }
  }
  return out;
}
