// The user's own events in the `userEvents` table. Only these functions write it, each called
// from a privileged message (an extension page); sync and feed loading never open the table.
import { USER_FEED_ID, type EventRow, type InvitationRef, type SavedRow, type UserEventRow } from '../core/rows.ts';
import type { UserEventInput } from '../core/user-event-input.ts';
import type { InvitationChange, InvitationOutcome } from '../core/invitation-change.ts';
import type { AfterpartyDb } from './database.ts';
import { liveByKey, liveSlots } from './feed-slots.ts';

export type { InvitationChange, InvitationOutcome } from '../core/invitation-change.ts';

export interface UserEventDeps {
  now?: () => Date;
  newId?: () => string;
}

/** Keeps only film keys and a festival key the catalog knows: a deleted feed's film cannot be linked. */
async function known(db: AfterpartyDb, input: UserEventInput): Promise<Pick<UserEventInput, 'films' | 'festival'>> {
  const slots = await liveSlots(db);
  const [films, festivals] = await Promise.all([
    liveByKey(db, 'films', input.films, slots),
    liveByKey(db, 'festivals', input.festival ? [input.festival] : [], slots),
  ]);
  return { films: input.films.filter((key) => films.has(key)), festival: [...festivals.keys()][0] ?? null };
}

/** The stored row: key and feed are always the user's, whatever the input says. */
export function userEventRow(
  id: string,
  input: UserEventInput,
  links: Pick<UserEventInput, 'films' | 'festival'>,
  createdAt: string,
  updatedAt: string,
): UserEventRow {
  return {
    ...input,
    ...links,
    id,
    key: `${USER_FEED_ID}/${id}`,
    feedId: USER_FEED_ID,
    filmKeys: links.films,
    createdAt,
    updatedAt,
  };
}

/** The saved row an event the user brought starts with: Going. */
function goingRow(eventKey: string, savedAt: string): SavedRow {
  return { eventKey, status: 'going', savedAt };
}

/** An edited or updated event stays out of the plan if the user took it out (core/plan/brought.ts). */
function keepChoice(existing: UserEventRow, next: UserEventRow): UserEventRow {
  return existing.outOfPlan ? { ...next, outOfPlan: true } : next;
}

export async function addUserEvent(
  db: AfterpartyDb,
  input: UserEventInput,
  deps: UserEventDeps = {},
): Promise<UserEventRow> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const id = deps.newId?.() ?? crypto.randomUUID();
  const event = userEventRow(id, input, await known(db, input), now, now);
  // What the user brought is in their plan as Going until they say otherwise.
  await db.transaction('rw', db.userEvents, db.saved, async () => {
    await db.userEvents.add(event);
    await db.saved.put(goingRow(event.key, now));
  });
  return event;
}

export async function updateUserEvent(
  db: AfterpartyDb,
  key: string,
  input: UserEventInput,
  deps: UserEventDeps = {},
): Promise<UserEventRow> {
  const links = await known(db, input);
  return db.transaction('rw', db.userEvents, async () => {
    const existing = await db.userEvents.get(key);
    if (!existing) throw new Error('This event no longer exists; it may have been deleted.');
    const event = keepChoice(
      existing,
      userEventRow(existing.id, input, links, existing.createdAt, (deps.now?.() ?? new Date()).toISOString()),
    );
    await db.userEvents.put(event);
    return event;
  });
}

/** Deletes the event and, with it, its place in the saved plan. */
export async function deleteUserEvent(db: AfterpartyDb, key: string): Promise<boolean> {
  return db.transaction('rw', db.userEvents, db.saved, async () => {
    const existed = (await db.userEvents.get(key)) !== undefined;
    await db.userEvents.delete(key);
    await db.saved.delete(key);
    return existed;
  });
}

export async function listUserEvents(db: AfterpartyDb): Promise<UserEventRow[]> {
  return (await db.userEvents.toArray()) as UserEventRow[];
}

/** The user's events tied to any of these films, for the hover card. */
export async function userEventsForFilms(db: AfterpartyDb, filmKeys: string[]): Promise<EventRow[]> {
  return db.userEvents.where('filmKeys').anyOf(filmKeys).distinct().toArray();
}

/** A row's series: as stored, or for one imported before it was kept, its UID without an occurrence's day. */
function seriesOf(ref: InvitationRef): string {
  return ref.series ?? ref.uid.replace(/\/\d{4}-\d{2}-\d{2}(?:T\d{4})?$/, '');
}

/**
 * The stored events a CANCEL or update applies to: the event of that UID, or, for a CANCEL
 * naming a whole series, every stored occurrence of exactly that series (never a UID that
 * merely starts the same way: "UID:https:" is no series of every web address).
 */
function invited(rows: UserEventRow[], ref: InvitationRef, wholeSeries: boolean): UserEventRow[] {
  const exact = rows.filter((row) => row.invitation?.uid === ref.uid);
  if (exact.length > 0 || !wholeSeries || (ref.series ?? ref.uid) !== ref.uid) return exact;
  return rows.filter((row) => row.invitation && seriesOf(row.invitation) === ref.uid);
}

function outcomeOf(
  rows: UserEventRow[],
  change: InvitationChange,
): { outcome: InvitationOutcome; rows: UserEventRow[] } {
  const ref = change.event.invitation;
  const cancel = change.method === 'CANCEL';
  const found = invited(rows, ref, cancel);
  if (found.length === 0) return { outcome: cancel ? 'unknown' : 'added', rows: [] };
  // Only the organiser changes an invitation (RFC 5546 §2.1.4); a UID is no secret. An event
  // imported without an ORGANIZER is changed only by a file without one, as are events
  // imported before the organiser was kept.
  const organizer = ref.organizer ?? null;
  const theirs = found.filter((row) => (row.invitation?.organizer ?? null) === organizer);
  if (theirs.length === 0) return { outcome: 'foreign', rows: [] };
  const stored = (row: UserEventRow) => row.invitation?.sequence ?? 0;
  // A CANCEL may carry the SEQUENCE of the REQUEST it calls off (RFC 5546 §3.2.5); an update
  // needs a higher one, so opening the same file twice changes nothing.
  const applies = theirs.filter((row) =>
    cancel ? !row.cancelled && ref.sequence >= stored(row) : ref.sequence > stored(row),
  );
  if (applies.length === 0) return { outcome: 'unchanged', rows: [] };
  return { outcome: cancel ? 'cancelled' : 'updated', rows: applies };
}

/** What applying each change would do, with every stored event it would change, for the review before saving. */
export async function previewInvitation(
  db: AfterpartyDb,
  changes: InvitationChange[],
): Promise<{ outcome: InvitationOutcome; rows: UserEventRow[] }[]> {
  const rows = await listUserEvents(db);
  return changes.map((change) => outcomeOf(rows, change));
}

/** Applies an invitation's events in one transaction; each with its outcome and the row it wrote. */
export async function applyInvitation(
  db: AfterpartyDb,
  changes: InvitationChange[],
  deps: UserEventDeps = {},
): Promise<{ uid: string; outcome: InvitationOutcome; event: UserEventRow | null }[]> {
  const links = await Promise.all(changes.map((change) => known(db, change.event)));
  return db.transaction('rw', db.userEvents, db.saved, async () => {
    const now = (deps.now?.() ?? new Date()).toISOString();
    const rows = (await db.userEvents.toArray()) as UserEventRow[];
    const results = [];
    for (const [i, change] of changes.entries()) {
      const { outcome, rows: targets } = outcomeOf(rows, change);
      const uid = change.event.invitation.uid;
      let event: UserEventRow | null = null;
      if (outcome === 'added') {
        const id = deps.newId?.() ?? crypto.randomUUID();
        event = userEventRow(id, change.event, links[i] as (typeof links)[number], now, now);
        await db.userEvents.add(event);
        await db.saved.put(goingRow(event.key, now));
        rows.push(event);
      }
      for (const target of targets) {
        event =
          outcome === 'cancelled'
            ? {
                ...target,
                cancelled: true,
                invitation: { ...(target.invitation ?? { uid }), sequence: change.event.invitation.sequence },
                updatedAt: now,
              }
            : keepChoice(
                target,
                userEventRow(target.id, change.event, links[i] as (typeof links)[number], target.createdAt, now),
              );
        await db.userEvents.put(event);
        rows[rows.indexOf(target)] = event;
      }
      results.push({ uid, outcome, event });
    }
    return results;
  });
}
