// The user's plan: events saved as "going" or "interested". Written only by the user's own
// clicks (card, popup); feed loading never opens the `saved` table.
import {
  festivalKeyOf,
  type EventRow,
  type Plan,
  type SavedRow,
  type SaveStatus,
  type UserEventRow,
} from '../core/rows.ts';
import type { ReminderLead, TravelMode } from '../core/settings.ts';
import type { AfterpartyDb } from './database.ts';
import { placeVenues, venuePositions, withBrought } from '../core/plan/index.ts';
import { liveByKey, readLive } from './feed-slots.ts';
import { loadSettings } from './settings.ts';

/** Saves, changes or (status null) removes one event from the plan. */
export async function setSaved(
  db: AfterpartyDb,
  eventKey: string,
  status: SaveStatus | null,
  now = new Date(),
): Promise<SavedRow | null> {
  const listed = async () =>
    (await db.userEvents.get(eventKey)) !== undefined || (await liveByKey(db, 'events', [eventKey])).has(eventKey);
  if (status !== null && !(await listed())) throw new Error('That event is not in your listings any more.');
  return db.transaction('rw', db.saved, db.userEvents, async () => {
    // An own event is Going without a saved row (withBrought): taking it out is kept on the
    // event, and saving it again clears that.
    const own = await db.userEvents.get(eventKey);
    const inPlan = status !== null;
    if (own && inPlan === Boolean(own.outOfPlan)) await db.userEvents.put(withChoice(own, inPlan, now));
    if (status === null) {
      await db.saved.delete(eventKey);
      return null;
    }
    // Going ↔ interested keeps the reminder: it belongs to the saved event, not to the status.
    const remind = (await db.saved.get(eventKey))?.remind;
    const row: SavedRow = { eventKey, status, savedAt: now.toISOString(), ...(remind ? { remind } : {}) };
    await db.saved.put(row);
    return row;
  });
}

/** The own event with the user's choice: in the plan (no mark) or taken out of it. */
function withChoice(event: UserEventRow, inPlan: boolean, now: Date): UserEventRow {
  const { outOfPlan: _was, ...rest } = event;
  return { ...rest, ...(inPlan ? {} : { outOfPlan: true }), updatedAt: now.toISOString() };
}

/** The saved row of an event, or the Going row an own event has until the user takes it out. */
async function savedRowOf(db: AfterpartyDb, eventKey: string): Promise<SavedRow | undefined> {
  const row = await db.saved.get(eventKey);
  if (row) return row;
  const own = await db.userEvents.get(eventKey);
  return own ? withBrought([], [own])[0] : undefined;
}

/** "Remind me" on or off for a saved event; an event that is not saved has no reminder to set. */
export async function setReminder(db: AfterpartyDb, eventKey: string, remind: boolean): Promise<SavedRow> {
  return db.transaction('rw', db.saved, db.userEvents, async () => {
    const row = await savedRowOf(db, eventKey);
    if (!row) throw new Error('Save the event first: reminders are for the events in your plan.');
    const { remind: _was, ...rest } = row;
    const next: SavedRow = remind ? { ...rest, remind: true } : rest;
    await db.saved.put(next);
    return next;
  });
}

/** Events by key (feed events from live slots, then the user's own) with their films and festivals. */
export async function eventsWithContext(db: AfterpartyDb, keys: string[]): Promise<Omit<Plan, 'saved'>> {
  const [fromFeeds, fromUser] = await Promise.all([liveByKey(db, 'events', keys), db.userEvents.bulkGet(keys)]);
  const events = keys.map((key, i) => fromFeeds.get(key) ?? fromUser[i]).filter((e): e is EventRow => e !== undefined);
  const filmKeys = [...new Set(events.flatMap((e) => e.filmKeys))];
  const festivalKeys = [...new Set(events.map(festivalKeyOf).filter((k): k is string => !!k))];
  const [films, festivals] = await Promise.all([
    liveByKey(db, 'films', filmKeys),
    liveByKey(db, 'festivals', festivalKeys),
  ]);
  return { events, films: [...films.values()], festivals: [...festivals.values()] };
}

/**
 * The saved events, each venue without a position given the one a feed (or another own event)
 * gives a venue of that name (venuePositions, src/core/plan/venue-positions.ts), so trips and
 * leave-by reminders can be measured to it.
 */
export async function readPlan(db: AfterpartyDb): Promise<Plan> {
  const [stored, ownEvents] = await Promise.all([db.saved.toArray(), db.userEvents.toArray()]);
  const saved = withBrought(stored, ownEvents);
  const known = await eventsWithContext(
    db,
    saved.map((s) => s.eventKey),
  );
  if (known.events.some((e) => e.venue && !e.venue.geo)) {
    const feedEvents = await readLive(db, 'events', (t) => t.toArray());
    known.events = placeVenues(known.events, venuePositions([...feedEvents, ...ownEvents]));
  }
  const listed = new Set(known.events.map((e) => e.key));
  const unlisted = saved
    .filter((s) => !listed.has(s.eventKey))
    .map((s) => ({ eventKey: s.eventKey, status: s.status, last: s.last ?? null }));
  return { saved, ...known, unlisted };
}

/** What reminders are worked out from: the saved events, the keys with "Remind me" on, the lead and travel mode. */
export interface ReminderInputs {
  events: EventRow[];
  remind: string[];
  lead: ReminderLead;
  mode: TravelMode;
}

/** The plan as reminders read it; `plan` when the caller has just read it, so it is not read twice. */
export async function readReminderInputs(db: AfterpartyDb, plan?: Plan): Promise<ReminderInputs> {
  const [{ saved, events }, settings] = await Promise.all([plan ?? readPlan(db), loadSettings(db)]);
  return {
    events,
    remind: saved.filter((s) => s.remind).map((s) => s.eventKey),
    lead: settings.reminderLead,
    mode: settings.travelMode,
  };
}

/**
 * The keys, among these, of events a card can show: a live feed event or one of the user's
 * own, tied to at least one film some enabled feed lists or the user added. What content
 * scripts may read or save is confined to these (src/background/handlers/plan.ts).
 */
export async function eventsOfListedFilms(db: AfterpartyDb, keys: string[]): Promise<Set<string>> {
  const unique = [...new Set(keys)];
  const [fromFeeds, fromUser] = await Promise.all([liveByKey(db, 'events', unique), db.userEvents.bulkGet(unique)]);
  const events = unique
    .map((key, i) => fromFeeds.get(key) ?? fromUser[i])
    .filter((e): e is EventRow => e !== undefined);
  const films = await liveByKey(db, 'films', [...new Set(events.flatMap((e) => e.filmKeys))]);
  return new Set(events.filter((e) => e.filmKeys.some((key) => films.has(key))).map((e) => e.key));
}

/** The statuses of some events only, for the card. */
export async function savedStatus(db: AfterpartyDb, eventKeys: string[]): Promise<Record<string, SaveStatus>> {
  const keys = [...new Set(eventKeys)];
  const [rows, own] = await Promise.all([db.saved.bulkGet(keys), db.userEvents.bulkGet(keys)]);
  const saved = withBrought(
    rows.filter((r): r is SavedRow => r !== undefined),
    own.filter((e): e is UserEventRow => e !== undefined),
  );
  return Object.fromEntries(saved.map((r) => [r.eventKey, r.status]));
}
