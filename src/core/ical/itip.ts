// What makes a calendar an invitation (iTIP, RFC 5546): the calendar's METHOD and each VEVENT's
// SEQUENCE and ORGANIZER, read from the calendar importICalendar already repaired and parsed,
// so an invitation costs one ical.js parse.
import type ICAL from 'ical.js';
import { uidOf } from './vevents.ts';

type Component = InstanceType<typeof ICAL.Component>;

/**
 * RFC 5545 §3.8.7.4 says only "integer"; organisers bump it once per change. Above this a
 * SEQUENCE is refused: 2^53−1 would make the event unchangeable by its own organiser.
 */
export const INVITATION_SEQUENCE_MAX = 1_000_000;
const ORGANIZER_MAX = 400;

export interface ItipVevent {
  /** The highest SEQUENCE of the UID's VEVENTs (overrides included); above the cap, kept so the reader refuses it. */
  sequence: number;
  /** The ORGANIZER's address, lower-cased, or null when the file names none. */
  organizer: string | null;
}

export interface ItipFields {
  method: string | null;
  byUid: Map<string, ItipVevent>;
}

export function organizerOf(vevent: Component): string | null {
  const value = vevent.getFirstPropertyValue('organizer');
  if (typeof value !== 'string') return null;
  const clean = value
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .toLowerCase();
  return clean ? clean.slice(0, ORGANIZER_MAX) : null;
}

function sequenceOf(vevent: Component): number {
  const sequence = Number(vevent.getFirstPropertyValue('sequence') ?? 0);
  if (!Number.isFinite(sequence) || sequence <= 0) return 0;
  return Number.isSafeInteger(sequence) ? sequence : Number.MAX_SAFE_INTEGER;
}

/** Read before groupByUid, which adds a DTSTART to an event given by RDATEs (changing a missing UID's stand-in). */
export function itipFields(calendar: Component, vevents: Component[]): ItipFields {
  const method = calendar.getFirstPropertyValue('method');
  const byUid = new Map<string, ItipVevent>();
  for (const vevent of vevents) {
    const uid = uidOf(vevent);
    const known = byUid.get(uid);
    const sequence = Math.max(known?.sequence ?? 0, sequenceOf(vevent));
    byUid.set(uid, { sequence, organizer: known?.organizer ?? organizerOf(vevent) });
  }
  return { method: typeof method === 'string' ? method.trim().toUpperCase() : null, byUid };
}
