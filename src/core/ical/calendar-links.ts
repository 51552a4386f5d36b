// "Add to Google Calendar" and "Outlook" links for one event: each service's own address for a
// new event, filled in from what the event states. Times go as UTC instants (both services read
// a trailing Z), a date without a time as an all-day event, and an unknown end as no length at
// all (end = start) rather than an hour someone made up; an event without a date gets no link.
import type { FeedEvent } from '../model.ts';
import { readWhen } from '../time/index.ts';

export interface WebCalendarLinks {
  google: string;
  outlook: string;
}

/** What the links carry besides the times: the title, the place and a short description. */
export interface WebCalendarText {
  details?: string;
}

const GOOGLE = 'https://calendar.google.com/calendar/render';
const OUTLOOK = 'https://outlook.live.com/calendar/0/deeplink/compose';
// Both services put these in a URL the browser must open: long descriptions are cut, not sent whole.
const MAX_DETAILS = 1_000;

/** 2026-09-10T18:30:00.000Z → 20260910T183000Z (Google's form). */
function compactUtc(instant: number): string {
  return `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** 2026-09-10T18:30:00Z (Outlook's form). */
function isoUtc(instant: number): string {
  return `${new Date(instant).toISOString().slice(0, 19)}Z`;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

type Span = { allDay: true; start: string; end: string } | { allDay: false; start: number; end: number };

/** The event's span as it states it; null when it has no date. */
function spanOf(event: Pick<FeedEvent, 'start' | 'end'>, timeZone: string): Span | null {
  const start = readWhen(event.start, timeZone);
  if (start.precision === 'none') return null;
  if (start.precision === 'date') {
    const end = readWhen(event.end, timeZone);
    // An all-day end is exclusive in both services: the day after the last day.
    const last = end.precision === 'date' && end.date >= start.date ? end.date : start.date;
    return { allDay: true, start: start.date, end: nextDay(last) };
  }
  const end = readWhen(event.end, timeZone);
  const endInstant = end.precision === 'time' && end.instant > start.instant ? end.instant : start.instant;
  return { allDay: false, start: start.instant, end: endInstant };
}

function locationOf(event: Pick<FeedEvent, 'venue'>): string {
  return event.venue ? [event.venue.name, event.venue.address].filter(Boolean).join(', ') : '';
}

function cut(text: string): string {
  return text.length > MAX_DETAILS ? `${text.slice(0, MAX_DETAILS - 1)}…` : text;
}

/** The two links for an event, or null when it has no date to put in a calendar. */
export function webCalendarLinks(
  event: Pick<FeedEvent, 'title' | 'start' | 'end' | 'venue' | 'url'>,
  timeZone: string,
  text: WebCalendarText = {},
): WebCalendarLinks | null {
  const span = spanOf(event, timeZone);
  if (!span) return null;
  const location = locationOf(event);
  const details = cut([text.details, event.url].filter(Boolean).join('\n\n'));

  const google = new URLSearchParams({ action: 'TEMPLATE', text: event.title });
  google.set(
    'dates',
    span.allDay
      ? `${span.start.replace(/-/g, '')}/${span.end.replace(/-/g, '')}`
      : `${compactUtc(span.start)}/${compactUtc(span.end)}`,
  );
  if (location) google.set('location', location);
  if (details) google.set('details', details);

  const outlook = new URLSearchParams({ path: '/calendar/action/compose', rru: 'addevent', subject: event.title });
  if (span.allDay) {
    outlook.set('startdt', span.start);
    outlook.set('enddt', span.end);
    outlook.set('allday', 'true');
  } else {
    outlook.set('startdt', isoUtc(span.start));
    outlook.set('enddt', isoUtc(span.end));
  }
  if (location) outlook.set('location', location);
  if (details) outlook.set('body', details);

  return { google: `${GOOGLE}?${google}`, outlook: `${OUTLOOK}?${outlook}` };
}
