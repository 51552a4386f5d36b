// An invitation file (iTIP, RFC 5546): the .ics an email or a ticket carries. The events are
// read by importICalendar like any calendar's; this adds what makes it an invitation: the
// calendar's METHOD, and each VEVENT's UID and SEQUENCE, by which a later REQUEST updates the
// same event and a CANCEL calls it off (RFC 5546 §2.1.4: a higher SEQUENCE is a newer version).
import ICAL from 'ical.js';
import type { FeedEvent } from '../model.ts';
import { importICalendar, type FilmTie } from './import.ts';

/** PUBLISH or no METHOD: a plain calendar file, whose events are added like a REQUEST's. */
export type InvitationMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface InvitationItem {
  /** The UID; for one occurrence of a recurring invitation "UID/2026-09-12T2100", as importICalendar names it. */
  uid: string;
  sequence: number;
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

/** UID → SEQUENCE of each VEVENT, and the METHOD, read with ical.js; empty when it cannot parse. */
function itipFields(text: string): { method: string | null; sequences: Map<string, number> } {
  const sequences = new Map<string, number>();
  let method: string | null = null;
  try {
    const parsed: unknown = ICAL.parse(text.replace(/^\uFEFF/, ''));
    const roots = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[][];
    for (const root of roots) {
      const calendar = new ICAL.Component(root);
      const value = calendar.getFirstPropertyValue('method');
      if (typeof value === 'string' && !method) method = value.trim().toUpperCase();
      for (const vevent of calendar.getAllSubcomponents('vevent')) {
        const uid = vevent.getFirstPropertyValue('uid');
        if (typeof uid !== 'string' || !uid.trim()) continue;
        const sequence = Number(vevent.getFirstPropertyValue('sequence') ?? 0);
        const known = sequences.get(uid.trim()) ?? 0;
        sequences.set(uid.trim(), Math.max(known, Number.isSafeInteger(sequence) && sequence > 0 ? sequence : 0));
      }
    }
  } catch {
    // importICalendar repairs what ical.js refuses; its events are then read at SEQUENCE 0.
  }
  return { method, sequences };
}

/** The UID an event id comes from: importICalendar writes an occurrence as "UID/2026-09-12T2100". */
function baseUid(eventId: string, uids: Iterable<string>): string {
  for (const uid of uids) if (eventId === uid || eventId.startsWith(`${uid}/`)) return uid;
  return eventId;
}

export function readInvitation(text: string, options: { tie?: FilmTie } = {}): InvitationResult {
  const imported = importICalendar(text, { tie: options.tie, fallbackTitle: 'Invitation' });
  if (!imported.ok) return { ok: false, error: imported.error };
  const { method, sequences } = itipFields(text);
  const items = imported.feed.events.map((event) => {
    const uid = event.id.slice(0, UID_MAX);
    return {
      uid,
      sequence: sequences.get(baseUid(event.id, sequences.keys())) ?? 0,
      event: { ...event, films: imported.links.get(event.id) ?? [] },
    };
  });
  return {
    ok: true,
    method: method === 'REQUEST' || method === 'CANCEL' ? method : 'PUBLISH',
    timeZone: imported.feed.festivals[0]?.timeZone ?? null,
    items,
    problems: imported.problems.map((p) => `${p.path}: ${p.message}`),
  };
}
