// One occurrence of a VEVENT to one feed event: its times read in the calendar's zones, and
// what it says besides (summary, kind, venue, link, description, status).
import type ICAL from 'ical.js';
import type { ProblemList } from '../feed/index.ts';
import { hashOf } from '../hash.ts';
import type { FeedEvent } from '../model.ts';
import { kindFromCategories, multiLine, oneLine, urlFrom, venueFrom } from './fields.ts';
import { isoFromTime } from './time.ts';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

/** How a calendar's times are read: its zone, and the zone for each TZID it does not define. */
export interface Reading {
  zone: string;
  zoneOf: (tzid: string) => { zone: string; note: string | null };
}

export function fnv(text: string): string {
  return (hashOf(text) >>> 0).toString(36);
}

export function safeId(raw: string): string {
  const clean = raw.replace(/[\u0000-\u001F]/g, '');
  return clean.length <= 200 ? clean : `${clean.slice(0, 180)}~${fnv(clean)}`;
}

function textList(component: Component, name: string): string[] {
  return component
    .getAllProperties(name)
    .flatMap((p) => p.getValues())
    .filter((v): v is string => typeof v === 'string');
}

export function readOccurrence(
  vevent: Component,
  startTime: Time,
  endTime: Time | null,
  id: string,
  { zone, zoneOf }: Reading,
  at: string,
  problems: ProblemList,
): FeedEvent | null {
  const startTzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
  const start = isoFromTime(startTime, typeof startTzid === 'string' ? startTzid : null, zone, zoneOf);
  if ('error' in start) {
    problems.add(`${at}.DTSTART`, `${start.error}; this event was skipped`);
    return null;
  }
  if (start.note) problems.add(`${at}.DTSTART`, start.note);
  let end: string | null = null;
  if (endTime && (vevent.hasProperty('dtend') || vevent.hasProperty('duration'))) {
    const endTzid = vevent.getFirstProperty('dtend')?.getParameter('tzid') ?? startTzid;
    const read = isoFromTime(endTime, typeof endTzid === 'string' ? endTzid : null, zone, zoneOf);
    if ('value' in read) end = read.value;
    else problems.add(`${at}.DTEND`, `${read.error}; the end was left out`);
  }
  // An all-day DTEND is exclusive (RFC 5545 §3.6.1): a one-day event ends the day it starts.
  if (end && startTime.isDate && endTime?.isDate) {
    const last = new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    end = last > start.value ? last : null;
  }
  return { ...eventFields(vevent), id: safeId(id), start: start.value, end };
}

/** What an event says besides its times. */
export function eventFields(vevent: Component): Omit<FeedEvent, 'id' | 'start' | 'end'> {
  const summary = oneLine(vevent.getFirstPropertyValue('summary'), 300);
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
  return {
    kind: kindFromCategories(textList(vevent, 'categories')),
    title: summary ?? 'Untitled event',
    films: [],
    festival: null,
    venue: venueFrom(vevent.getFirstPropertyValue('location'), vevent.getFirstPropertyValue('geo')),
    host: null,
    access: 'unknown',
    url: urlFrom(vevent.getFirstPropertyValue('url')),
    description: multiLine(vevent.getFirstPropertyValue('description'), 5000),
    source: null,
    cancelled: status === 'CANCELLED',
  };
}
