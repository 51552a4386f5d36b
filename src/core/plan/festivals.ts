// The schedule by festival: each festival (name and year) with its days, its undated events
// last. The festival on now, or else the next one, comes first and open; festivals still to
// come follow, then past ones, most recent first, folded under their names. The events of no
// festival come before the next festival when they have a day still to come before it starts
// (today's party is not shown below next month's festival), else after the festivals to come.
import { dateIn, readWhen } from '../time/index.ts';
import type { FeedEvent, Festival } from '../model.ts';
import { groupByDay, type ScheduleDay } from './schedule.ts';

export type FestivalState = 'on' | 'next' | 'later' | 'past' | 'none';

export interface FestivalGroup<E extends FeedEvent, F extends Festival> {
  /** Null for the events tied to no known festival. */
  festival: F | null;
  state: FestivalState;
  /** Shown unfolded: the festival on now or the next one, later ones, and the events of no festival. */
  open: boolean;
  days: ScheduleDay<E>[];
  count: number;
}

/** Where a festival stands at `now`, by calendar day in its own zone. */
export function festivalState(festival: Festival, now: number): 'on' | 'upcoming' | 'past' {
  const today = dateIn(now, festival.timeZone);
  if (today < festival.start) return 'upcoming';
  return today > festival.end ? 'past' : 'on';
}

const RANK: Record<FestivalState, number> = { on: 0, next: 1, later: 2, none: 3, past: 4 };
/** The events of no festival with a day before the next festival: after the one on, before the next. */
const NONE_SOON = 0.5;

export function groupByFestival<E extends FeedEvent, F extends Festival & { key: string }>(
  events: readonly E[],
  festivals: readonly F[],
  festivalKeyOf: (event: E) => string | null,
  timeZoneOf: (event: E) => string,
  now: number,
): FestivalGroup<E, F>[] {
  const byKey = new Map(festivals.map((f) => [f.key, f]));
  const members = new Map<string | null, E[]>();
  for (const event of events) {
    const key = festivalKeyOf(event);
    const at = key !== null && byKey.has(key) ? key : null;
    members.get(at)?.push(event) ?? members.set(at, [event]);
  }
  const withState = [...members.keys()].map((key) => {
    const festival = key === null ? null : byKey.get(key)!;
    return { key, festival, where: festival ? festivalState(festival, now) : null };
  });
  const on = withState.some((g) => g.where === 'on');
  const upcoming = withState
    .filter((g) => g.where === 'upcoming')
    .sort((a, b) => a.festival!.start.localeCompare(b.festival!.start));
  const next = on ? null : (upcoming[0]?.key ?? null);
  const groups = withState.map(({ key, festival, where }): FestivalGroup<E, F> => {
    const state: FestivalState =
      where === null ? 'none' : where === 'upcoming' ? (key === next ? 'next' : 'later') : where;
    const list = members.get(key) ?? [];
    return { festival, state, open: state !== 'past', days: groupByDay(list, timeZoneOf), count: list.length };
  });
  const nextStart = upcoming[0]?.festival?.start ?? null;
  const soon = (members.get(null) ?? []).some((event) => {
    const when = readWhen(event.start, timeZoneOf(event));
    if (when.precision === 'none') return false;
    return when.date >= dateIn(now, timeZoneOf(event)) && (nextStart === null || when.date < nextStart);
  });
  const rank = (g: FestivalGroup<E, F>) => (g.state === 'none' && soon ? NONE_SOON : RANK[g.state]);
  return groups.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      // Past festivals, most recent first; the others in date order.
      (a.state === 'past' ? -1 : 1) * (a.festival?.start ?? '').localeCompare(b.festival?.start ?? '') ||
      (a.festival?.name ?? '').localeCompare(b.festival?.name ?? ''),
  );
}
