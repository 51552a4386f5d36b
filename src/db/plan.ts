// The user's plan: events saved as "going" or "interested". Written only by the user's own
// clicks (card, popup); feed loading never opens the `saved` table.
import type { EventRow, FestivalRow, FilmRow } from '../messages/index.ts';
import { festivalKeyOf } from '../messages/user-events.ts';
import type { AfterpartyDb, SavedRow } from './database.ts';

export type SaveStatus = SavedRow['status'];

export interface Plan {
  saved: SavedRow[];
  /** The saved events still known (from feeds or the user's own), with their films and festivals. */
  events: EventRow[];
  films: FilmRow[];
  festivals: FestivalRow[];
}

async function findEvent(db: AfterpartyDb, key: string): Promise<EventRow | undefined> {
  return (await db.events.get(key)) ?? (await db.userEvents.get(key));
}

/** Saves, changes or (status null) removes one event from the plan. */
export async function setSaved(db: AfterpartyDb, eventKey: string, status: SaveStatus | null, now = new Date()): Promise<SavedRow | null> {
  if (status === null) {
    await db.saved.delete(eventKey);
    return null;
  }
  if (!(await findEvent(db, eventKey))) throw new Error('That event is not in your listings any more.');
  const row: SavedRow = { eventKey, status, savedAt: now.toISOString() };
  await db.saved.put(row);
  return row;
}

export async function readPlan(db: AfterpartyDb): Promise<Plan> {
  const saved = await db.saved.toArray();
  const keys = saved.map((s) => s.eventKey);
  const [fromFeeds, fromUser] = await Promise.all([db.events.bulkGet(keys), db.userEvents.bulkGet(keys)]);
  const events = keys.map((_, i) => fromFeeds[i] ?? fromUser[i]).filter((e): e is EventRow => e !== undefined);
  const filmKeys = [...new Set(events.flatMap((e) => e.filmKeys))];
  const festivalKeys = [...new Set(events.map(festivalKeyOf).filter((k): k is string => !!k))];
  const [films, festivals] = await Promise.all([db.films.bulkGet(filmKeys), db.festivals.bulkGet(festivalKeys)]);
  return {
    saved,
    events,
    films: films.filter((f): f is FilmRow => f !== undefined),
    festivals: festivals.filter((f): f is FestivalRow => f !== undefined),
  };
}
