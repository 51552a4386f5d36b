// Schema v6: subscribed feeds move from the ids of the clock and a random draw to the id of
// their address (core/feed/feed-id.ts), and every key built from an old id moves with them, in
// the upgrade's one transaction: a failure leaves the v5 database as it was.
import type { Transaction } from 'dexie';
import { feedIdOf, mergeSaved, rekey, rekeyFeedRow, rekeyRecord, rekeyUserEvent } from '../core/feed/index.ts';
import { isPlainObject } from '../core/guards.ts';
import type { CorrectionRow, SavedRow, UserEventRow } from '../core/rows.ts';
import { correctionId } from './correction-id.ts';

/** The fields of a feed row the upgrade reads (the type of database.ts, which imports this module). */
interface FeedIdFields {
  id: string;
  url: string | null;
  builtIn: boolean;
}

const FEED_TABLES = ['festivals', 'films', 'events', 'festivalsAlt', 'filmsAlt', 'eventsAlt'];

/** Old id → new, for every subscribed feed whose id is not its address's yet. */
async function newIds(tx: Transaction): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const feed of (await tx.table('feeds').toArray()) as FeedIdFields[]) {
    const id = !feed.builtIn && feed.url ? feedIdOf(feed.url) : null;
    if (id && id !== feed.id) ids.set(feed.id, id);
  }
  return ids;
}

/** Replaces `rows` of a table keyed by what `rewrite` may change: old keys out, new rows in. */
async function replaceRows<T>(tx: Transaction, table: string, rows: T[], next: T[], keyOf: (row: T) => string) {
  await tx.table(table).bulkDelete(rows.map(keyOf));
  await tx.table(table).bulkPut(next);
}

async function moveFeeds(tx: Transaction, ids: Map<string, string>): Promise<void> {
  const feeds = ((await tx.table('feeds').toArray()) as FeedIdFields[]).filter((f) => ids.has(f.id));
  // Two subscriptions of one address (once told apart by a fragment) become one feed; the
  // other's rows are the same document's, and its saved events move to the same keys.
  const kept = new Map<string, FeedIdFields>();
  for (const feed of feeds) if (!kept.has(ids.get(feed.id) as string)) kept.set(ids.get(feed.id) as string, feed);
  await replaceRows(
    tx,
    'feeds',
    feeds,
    [...kept].map(([id, feed]) => ({ ...feed, id })),
    (f) => f.id,
  );
  const moving = new Set([...kept.values()].map((f) => f.id));
  for (const table of FEED_TABLES) {
    const rows = (await tx.table(table).toArray()) as { key: string; feedId: string; filmKeys?: string[] }[];
    const touched = rows.filter((r) => ids.has(r.feedId) || r.filmKeys?.some((k) => rekey(k, ids) !== k));
    // A merged-away subscription's rows go: its feed row is gone, so no reader would see them.
    const next = touched.filter((r) => !ids.has(r.feedId) || moving.has(r.feedId)).map((r) => rekeyFeedRow(r, ids));
    await replaceRows(tx, table, touched, next, (r) => r.key);
  }
  const jobs = (await tx.table('stageJobs').toArray()) as { feedId: string }[];
  const movedJobs = jobs.filter((j) => ids.has(j.feedId));
  const nextJobs = movedJobs
    .filter((j) => moving.has(j.feedId))
    .map((j) => ({ ...j, feedId: ids.get(j.feedId) as string }));
  await replaceRows(tx, 'stageJobs', movedJobs, nextJobs, (j) => j.feedId);
}

async function moveUserRows(tx: Transaction, ids: Map<string, string>): Promise<void> {
  const saved = (await tx.table('saved').toArray()) as SavedRow[];
  const rekeyed = saved.map((row) => ({ ...row, eventKey: rekey(row.eventKey, ids) }));
  await tx.table('saved').clear();
  await tx.table('saved').bulkPut(mergeSaved(rekeyed));

  const corrections = (await tx.table('corrections').toArray()) as CorrectionRow[];
  const movedCorrections = corrections.filter((c) => rekey(c.filmKey, ids) !== c.filmKey);
  const nextCorrections = movedCorrections.map((c) => {
    const filmKey = rekey(c.filmKey, ids);
    return { ...c, filmKey, id: correctionId({ filmKey, surface: c.surface, site: c.site }) };
  });
  await replaceRows(tx, 'corrections', movedCorrections, nextCorrections, (c) => c.id);

  // Own events keep their keys: only their links move, so a put replaces each in place.
  const own = (await tx.table('userEvents').toArray()) as UserEventRow[];
  await tx.table('userEvents').bulkPut(own.map((row) => rekeyUserEvent(row, ids)));

  // What reminders set and showed is keyed by event: moved, so nothing notifies twice.
  const reminders = (await tx.table('settings').get('reminders')) as { id: string; value: unknown } | undefined;
  if (reminders && isPlainObject(reminders.value)) {
    const value = { ...reminders.value };
    for (const field of ['scheduled', 'notified']) {
      const record = value[field];
      if (isPlainObject(record)) value[field] = rekeyRecord(record, ids);
    }
    await tx.table('settings').put({ id: 'reminders', value });
  }
}

export async function upgradeFeedIds(tx: Transaction): Promise<void> {
  const ids = await newIds(tx);
  if (ids.size === 0) return;
  await moveFeeds(tx, ids);
  await moveUserRows(tx, ids);
}
