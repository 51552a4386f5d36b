// An invitation file (iTIP, RFC 5546): the .ics an email or a ticket carries. The events are
// read by importICalendar like any calendar's; this adds what makes it an invitation: the
// calendar's METHOD, and each VEVENT's UID, SEQUENCE and ORGANIZER, by which a later REQUEST
// from the same organiser updates the same event and a CANCEL calls it off (RFC 5546 §2.1.4: a
// higher SEQUENCE is a newer version). They come from the calendar the import repaired and
// parsed (itip.ts): the raw text is never handed to ical.js again.
import type { FeedEvent } from '../model.ts';
import { importICalendar, type FilmTie } from './import.ts';
import { invitationTitle } from './invitation-title.ts';
import { INVITATION_SEQUENCE_MAX } from './itip.ts';
import { safeId } from './occurrence.ts';

/** PUBLISH or no METHOD: a plain calendar file, whose events are added like a REQUEST's. */
export type InvitationMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface InvitationItem {
  /** The UID; for one occurrence of a recurring invitation "UID/2026-09-12T2100", as importICalendar names it. */
  uid: string;
  /** The UID of the series the event belongs to (its own UID when it is not an occurrence). */
  series: string;
  sequence: number;
  /** Who may change it later: the ORGANIZER's address, lower-cased, or null. */
  organizer: string | null;
  /** The event as importICalendar reads it; `films` holds the keys of the films it names. */
  event: FeedEvent;
}

export type InvitationResult =
  | {
      ok: true;
      method: InvitationMethod;
      /** The calendar's zone, to show the times in when no festival gives one. */
      timeZone: string | null;
      items: InvitationItem[];
      problems: string[];
    }
  | { ok: false; error: string };

const UID_MAX = 400;

export function readInvitation(text: string, options: { tie?: FilmTie } = {}): InvitationResult {
  const imported = importICalendar(text, { tie: options.tie, fallbackTitle: 'Invitation', itip: true });
  if (!imported.ok) return { ok: false, error: imported.error };
  const { fields, series } = imported.itip ?? { fields: { method: null, byUid: new Map() }, series: new Map() };
  const problems = imported.problems.map((p) => `${p.path}: ${p.message}`);
  const items: InvitationItem[] = [];
  for (const event of imported.feed.events) {
    const base = series.get(event.id) ?? event.id;
    const { sequence = 0, organizer = null } = fields.byUid.get(base) ?? {};
    if (sequence > INVITATION_SEQUENCE_MAX) {
      problems.push(
        `UID ${base.slice(0, 60)}: its SEQUENCE is over ${INVITATION_SEQUENCE_MAX}; this event was skipped`,
      );
      continue;
    }
    items.push({
      uid: event.id.slice(0, UID_MAX),
      series: safeId(base).slice(0, UID_MAX),
      sequence,
      organizer,
      // SUMMARY is the title and LOCATION the place; an email subject's words around the title go.
      event: { ...event, title: invitationTitle(event.title), films: imported.links.get(event.id) ?? [] },
    });
  }
  return {
    ok: true,
    method: fields.method === 'REQUEST' || fields.method === 'CANCEL' ? fields.method : 'PUBLISH',
    timeZone: imported.feed.festivals[0]?.timeZone ?? null,
    items,
    problems,
  };
}
