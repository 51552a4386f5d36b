// Laying the merged records out in sync storage items, within the browser's limits, and
// reading them back. Records are packed many to an item (a saved status is about 40 bytes; an
// item is 8 KB), in one order every device computes alike, so two devices holding the same
// records write the same items and neither rewrites what the other wrote.
import { isPlainObject } from '../guards.ts';
import { newest, timeProblem, type TimeProblem, type Version } from './merge.ts';
import { canonicalJson, KINDS, kindOf, type RecordKind } from './records.ts';

/**
 * storage.sync's limits, the same in Chrome (developer.chrome.com/docs/extensions/reference/api/storage)
 * and Firefox (application-services webext_storage: SYNC_QUOTA_BYTES, SYNC_QUOTA_BYTES_PER_ITEM,
 * SYNC_MAX_ITEMS). A set() call is one write operation however many items it holds.
 */
export const SYNC_LIMITS = {
  quotaBytes: 102_400,
  quotaBytesPerItem: 8_192,
  maxItems: 512,
  maxWriteOperationsPerHour: 1_800,
  maxWriteOperationsPerMinute: 120,
} as const;

export interface SyncLimits {
  quotaBytes: number;
  quotaBytesPerItem: number;
  maxItems: number;
}

/** Item keys carry the format's version: a later format can move to new keys and read these. */
export const ITEM_PREFIX = 'ap1.';

/**
 * The most bytes the kinds given space before the plan may take. Settings and feed addresses
 * come first, so that a changed setting is not lost to a long plan; without a cap, records
 * under these prefixes that no release writes (any name, any value another device or a page
 * could store) would take the whole quota and keep the real plan local. Real ones are small:
 * every setting changed is about 300 bytes, a feed address about 100. The cap is by kind and
 * size, not by whether this release knows the record, so devices on different releases lay out
 * the same items and do not rewrite each other's.
 */
export const KIND_SHARE_BYTES: Readonly<Partial<Record<RecordKind, number>>> = { setting: 2_048, feed: 8_192 };

/** A record that stayed on this device, and why: bigger than one item, past its kind's share, or no room left. */
export interface StayedLocal {
  id: string;
  kind: RecordKind;
  deleted: boolean;
  reason: 'too-big' | 'share' | 'full';
}

export interface SyncPlan {
  items: Record<string, Record<string, unknown[]>>;
  stayedLocal: StayedLocal[];
  /** Bytes the items take, as the browser counts them. */
  bytes: number;
}

const encoder = new TextEncoder();

/**
 * Bytes of a JSON text as the browser counts it: UTF-8, and Chromium's JSON writer escapes `<`
 * and U+2028/U+2029 as \uXXXX (base/json/string_escape.cc), so those count 6 each.
 */
export function jsonBytes(text: string): number {
  let extra = 0;
  for (const ch of text) if (ch === '<') extra += 5;
  for (const ch of text) if (ch === '\u2028' || ch === '\u2029') extra += 3;
  return encoder.encode(text).length + extra;
}

const entryOf = (version: Version): unknown[] =>
  version.v === null ? [version.t.toString(36)] : [version.t.toString(36), version.v];

function order(a: [string, Version], b: [string, Version]): number {
  const kind = (id: string) => KINDS.indexOf(kindOf(id) ?? 'event');
  const byKind = kind(a[0]) - kind(b[0]);
  if (byKind !== 0) return byKind;
  // Deletions first within a kind: they are small, and a lost one brings a deleted record back.
  const byDeleted = Number(b[1].v === null) - Number(a[1].v === null);
  if (byDeleted !== 0) return byDeleted;
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/**
 * The items to store, in kind order (settings, feeds, saved, corrections, own films, own
 * events), and what did not fit. A record over one item's size, or past the total, stays local and is reported.
 */
export function planItems(merged: Map<string, Version>, limits: SyncLimits = SYNC_LIMITS): SyncPlan {
  const items: SyncPlan['items'] = {};
  const stayedLocal: StayedLocal[] = [];
  let current: Record<string, unknown[]> | null = null;
  let currentBytes = 0;
  let count = 0;
  let total = 0;
  const kindBytes = new Map<RecordKind, number>();
  const open = () => {
    const key = `${ITEM_PREFIX}${count}`;
    current = {};
    items[key] = current;
    count += 1;
    // The key, and the braces of an empty object.
    currentBytes = jsonBytes(key) + 2;
    total += currentBytes;
  };
  for (const [id, version] of [...merged].sort(order)) {
    const entry = entryOf(version);
    // `"id":[…]`, and a comma after the item's first record.
    const bytes = jsonBytes(JSON.stringify(id)) + 1 + jsonBytes(JSON.stringify(entry));
    const emptyItem = jsonBytes(`${ITEM_PREFIX}${count}`) + 2;
    const left = (reason: StayedLocal['reason']) =>
      stayedLocal.push({ id, kind: kindOf(id) ?? 'event', deleted: version.v === null, reason });
    if (emptyItem + bytes > limits.quotaBytesPerItem) {
      left('too-big');
      continue;
    }
    const kind = kindOf(id) ?? 'event';
    const share = KIND_SHARE_BYTES[kind];
    if (share !== undefined && (kindBytes.get(kind) ?? 0) + bytes > share) {
      left('share');
      continue;
    }
    const comma = current === null || Object.keys(current).length === 0 ? 0 : 1;
    if (current === null || currentBytes + comma + bytes > limits.quotaBytesPerItem) {
      if (count >= limits.maxItems || total + emptyItem + bytes > limits.quotaBytes) {
        left('full');
        continue;
      }
      open();
    } else if (total + comma + bytes > limits.quotaBytes) {
      left('full');
      continue;
    }
    const target = current as unknown as Record<string, unknown[]>;
    const added = bytes + (Object.keys(target).length === 0 ? 0 : 1);
    target[id] = entry;
    kindBytes.set(kind, (kindBytes.get(kind) ?? 0) + bytes);
    currentBytes += added;
    total += added;
  }
  return { items, stayedLocal, bytes: total };
}

const MAX_ID = 2_000;

/** A record this device left out for its change time; `id` is cut to 80 characters. */
export interface RefusedRecord {
  id: string;
  reason: TimeProblem;
}

export interface ReadItems {
  /** The records believed here, the newest version of each. */
  versions: Map<string, Version>;
  /**
   * Records dated too far ahead of this clock: neither applied nor counted here, and written
   * back as they are, so that this device neither deletes them for the others nor, by writing
   * without them, starts a rewrite with the device that wrote them.
   */
  held: Map<string, Version>;
  refused: RefusedRecord[];
  problems: string[];
}

/**
 * The records in what storage.sync holds; anything unreadable is skipped and said (another
 * device may run a newer Afterparty, or the data may be damaged), and so is a record whose time
 * is not a time or is far ahead of `now`: the round goes on with the rest.
 */
export function readItems(stored: Record<string, unknown>, now = Infinity): ReadItems {
  const versions = new Map<string, Version>();
  const held = new Map<string, Version>();
  const refused = new Map<string, RefusedRecord>();
  const problems: string[] = [];
  for (const [key, item] of Object.entries(stored)) {
    if (!key.startsWith(ITEM_PREFIX)) continue;
    if (!isPlainObject(item)) {
      problems.push(`${key} is not an object`);
      continue;
    }
    for (const [id, entry] of Object.entries(item)) {
      const t = Array.isArray(entry) && typeof entry[0] === 'string' ? parseInt(entry[0], 36) : NaN;
      if (id.length > MAX_ID || !kindOf(id) || !Array.isArray(entry) || entry.length > 2 || !(t > 0)) {
        problems.push(`${key}: unreadable record ${id.slice(0, 80)}`);
        continue;
      }
      const version: Version = { t, v: entry.length === 2 ? (entry[1] ?? null) : null };
      const problem = timeProblem(t, now);
      if (problem) refused.set(id, { id: id.slice(0, 80), reason: problem });
      if (problem === 'time-ahead') held.set(id, newest(held.get(id), version) as Version);
      if (!problem) versions.set(id, newest(versions.get(id), version) as Version);
    }
  }
  return { versions, held, refused: [...refused.values()], problems };
}

/** What to write so storage holds `plan`: the items that differ, and ours that are no longer needed. */
export function itemChanges(
  plan: SyncPlan['items'],
  stored: Record<string, unknown>,
): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(plan)) {
    if (canonicalJson(item) !== canonicalJson(stored[key] ?? null)) set[key] = item;
  }
  const remove = Object.keys(stored).filter((key) => key.startsWith(ITEM_PREFIX) && !Object.hasOwn(plan, key));
  return { set, remove };
}
