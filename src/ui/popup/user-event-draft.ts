// The "Add an event" form's fields and how they become a UserEventInput: the date and time are
// wall-clock in the chosen zone (the festival's by default) and stored with their offset.
import type { Access, EventKind } from '../../core/model.ts';
import { isoToWallTime, wallTimeToIso } from '../../core/time/index.ts';
import type { FestivalRow, FilmRow } from '../../core/rows.ts';
import type { UserEventInput } from '../../core/user-event-input.ts';
import { t } from '../../browser/i18n.ts';
import { localZone } from '../shared/when-text.ts';
import type { UserEventRow } from '../../core/rows.ts';

export interface Catalog {
  /** Every film's key and title, or null for a catalog too large to send whole (searchFilms). */
  films: Array<Pick<FilmRow, 'key' | 'title'>> | null;
  festivals: FestivalRow[];
}

/** The festival on now, else the one that starts last: where a new invitation most likely belongs. */
export function defaultFestival(
  festivals: FestivalRow[],
  today = new Date().toISOString().slice(0, 10),
): FestivalRow | null {
  return (
    festivals.find((f) => f.start <= today && today <= f.end) ??
    [...festivals].sort((a, b) => b.start.localeCompare(a.start))[0] ??
    null
  );
}

export function zoneChoices(extra: string[]): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...extra, ...all])];
}

export interface Draft {
  kind: EventKind;
  title: string;
  films: string[];
  festival: string;
  date: string;
  time: string;
  endTime: string;
  timeZone: string;
  venue: string;
  address: string;
  host: string;
  access: Access;
  notes: string;
  url: string;
  cancelled: boolean;
}

export function draftOf(event: UserEventRow | null, festivals: FestivalRow[], filmKey?: string): Draft {
  const festival = event ? (festivals.find((f) => f.key === event.festival) ?? null) : defaultFestival(festivals);
  const timeZone = event?.timeZone ?? festival?.timeZone ?? localZone();
  const start = event?.start ?? null;
  const wall = start && start.length > 10 ? isoToWallTime(start, timeZone) : null;
  const endWall = event?.end && event.end.length > 10 ? isoToWallTime(event.end, timeZone) : null;
  return {
    kind: event?.kind ?? 'party',
    title: event?.title ?? '',
    films: event?.films ?? (filmKey ? [filmKey] : []),
    festival: event ? (event.festival ?? '') : (festival?.key ?? ''),
    date: wall?.slice(0, 10) ?? start?.slice(0, 10) ?? '',
    time: wall?.slice(11, 16) ?? '',
    endTime: endWall?.slice(11, 16) ?? '',
    timeZone,
    venue: event?.venue?.name ?? '',
    address: event?.venue?.address ?? '',
    host: event?.host ?? '',
    access: event?.access ?? 'invite',
    notes: event?.description ?? '',
    url: event?.url ?? '',
    cancelled: event?.cancelled ?? false,
  };
}

/** The form's fields as the message expects them, or the first problem in plain words. */
export function inputOf(d: Draft, previous: UserEventRow | null): UserEventInput | string {
  if (!d.title.trim()) return t('events_titleRequired');
  if (d.url.trim() && !/^https?:\/\//i.test(d.url.trim())) return t('events_badLink');
  let start: string | null = d.date || null;
  let end: string | null = null;
  if (d.date && d.time) {
    start = wallTimeToIso(`${d.date}T${d.time}`, d.timeZone);
    if (!start) return t('events_badTime');
    if (d.endTime) {
      // An end earlier than the start is after midnight, on the next day.
      const sameDay = wallTimeToIso(`${d.date}T${d.endTime}`, d.timeZone);
      if (!sameDay) return t('events_badTime');
      const next = new Date(`${d.date}T12:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      end =
        Date.parse(sameDay) > Date.parse(start)
          ? sameDay
          : wallTimeToIso(`${next.toISOString().slice(0, 10)}T${d.endTime}`, d.timeZone);
    }
  }
  const text = (s: string) => s.trim() || null;
  return {
    kind: d.kind,
    title: d.title.trim(),
    films: d.films,
    festival: d.festival || null,
    start,
    end,
    timeZone: d.timeZone,
    venue: d.venue.trim() ? { name: d.venue.trim(), address: text(d.address) } : null,
    host: text(d.host),
    access: d.access,
    url: text(d.url),
    description: text(d.notes),
    source: previous?.source ?? null,
    cancelled: d.cancelled,
    moved: previous?.moved ?? false,
  };
}
