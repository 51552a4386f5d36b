import { readInvitation } from '../../core/ical/index.ts';
import { filmTie } from '../../core/matching/index.ts';
import type { FestivalRow } from '../../core/rows.ts';
import {
  addUserEvent,
  applyInvitation,
  deleteUserEvent,
  listUserEvents,
  liveFestivals,
  previewInvitation,
  updateUserEvent,
} from '../../db/index.ts';
import { INVITATION_EVENTS_MAX, type InvitationEvent, type UserEventMessages } from '../../messages/index.ts';
import { filmNames } from './film-names.ts';
import type { CatalogDeps, HandlersFor } from './types.ts';

/**
 * The one festival running on the event's day, preferring those in the calendar's zone, so the
 * event is shown and filtered with it; null when none or several fit.
 */
export function festivalOn(start: string | null, zone: string | null, festivals: FestivalRow[]): string | null {
  const day = start?.slice(0, 10);
  if (!day) return null;
  const running = festivals.filter((f) => f.start <= day && day <= f.end);
  const sameZone = running.filter((f) => f.timeZone === zone);
  const fits = sameZone.length > 0 ? sameZone : running;
  return fits.length === 1 ? (fits[0]?.key ?? null) : null;
}

export function userEventHandlers({ db, ready, titles }: CatalogDeps): HandlersFor<UserEventMessages> {
  return {
    async getUserEvents() {
      return { events: await listUserEvents(db) };
    },
    async addUserEvent({ event }) {
      // Films and festivals are checked against the catalog, so it must be loaded first.
      await ready();
      return { event: await addUserEvent(db, event) };
    },
    async updateUserEvent({ key, event }) {
      await ready();
      return { event: await updateUserEvent(db, key, event) };
    },
    async previewInvitation({ text }) {
      await ready();
      const [matcher, festivals] = await Promise.all([titles.latestMatcher(), liveFestivals(db)]);
      const read = readInvitation(text, { tie: filmTie(matcher) });
      if (!read.ok) throw new Error(read.error);
      // One import saves at most INVITATION_EVENTS_MAX: the review shows those and counts the rest,
      // rather than sending and drawing all 26,000 events of a mailbox export.
      const shown = read.items.slice(0, INVITATION_EVENTS_MAX);
      const events: InvitationEvent[] = shown.map(({ uid, series, sequence, organizer, event }) => {
        const { id: _id, festival: _festival, ...fields } = event;
        // The file's own festival is made up from the file: the event joins a festival it falls in.
        const festival = festivalOn(event.start, read.timeZone, festivals);
        const invitation = { uid, series, sequence, organizer };
        return { ...fields, festival, timeZone: read.timeZone, moved: false, invitation };
      });
      const names = await filmNames(
        db,
        events.flatMap((event) => event.films),
      );
      const outcomes = await previewInvitation(
        db,
        events.map((event) => ({ method: read.method, event })),
      );
      return {
        method: read.method,
        items: events.map((event, i) => ({
          event,
          outcome: outcomes[i]?.outcome ?? 'added',
          filmTitles: event.films.map((key) => names.get(key) ?? key),
          changes: (outcomes[i]?.rows ?? []).map(({ key, title, start, end, timeZone }) => ({
            key,
            title,
            start,
            end,
            timeZone: timeZone ?? null,
          })),
        })),
        problems: read.problems,
        notShown: read.items.length - shown.length,
      };
    },
    async importInvitation({ method, events }) {
      await ready();
      const results = await applyInvitation(
        db,
        events.map((event) => ({ method, event })),
      );
      return { results: results.map(({ uid, outcome, event }) => ({ uid, outcome, key: event?.key ?? null })) };
    },
    async deleteUserEvent({ key }) {
      return { deleted: await deleteUserEvent(db, key) };
    },
  };
}
