// The user's own events in the `userEvents` table. Only these functions write it, each called
// from a privileged message (an extension page); sync and feed loading never open the table.
import { USER_FEED_ID, type EventRow, type UserEventRow } from '../core/rows.ts';
import type { UserEventInput } from '../core/user-event-input.ts';
import type { AfterpartyDb } from './database.ts';
import { liveByKey, liveSlots } from './feed-slots.ts';

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

export async function addUserEvent(
  db: AfterpartyDb,
  input: UserEventInput,
  deps: UserEventDeps = {},
): Promise<UserEventRow> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const id = deps.newId?.() ?? crypto.randomUUID();
  const event = userEventRow(id, input, await known(db, input), now, now);
  await db.userEvents.add(event);
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
    const event = userEventRow(
      existing.id,
      input,
      links,
      existing.createdAt,
      (deps.now?.() ?? new Date()).toISOString(),
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
