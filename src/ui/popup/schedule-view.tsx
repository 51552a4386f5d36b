import { useEffect, useRef, useState } from 'preact/hooks';
import { dateIn, formatTime, readWhen } from '../../core/time/index.ts';
import { groupByFestival, type FestivalGroup, type ScheduledEvent } from '../../core/plan/index.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings.ts';
import { festivalKeyOf, type EventRow, type FestivalRow, type FilmRow } from '../../core/rows.ts';
import type { SaveStatus } from '../../core/rows.ts';
import { eventState, isOver } from '../../core/event-state.ts';
import { EventDetails } from '../shared/event-details.tsx';
import { StateBadge } from '../shared/state-badge.tsx';
import { plural, t, uiLocale } from '../../browser/i18n.ts';
import { kindLabel } from '../shared/labels.ts';
import type { OnSave } from '../shared/save-buttons.tsx';
import { activeFilters, filterEvents, NO_FILTER, type ScheduleFilter } from './filter-events.ts';
import { FilterControls } from './filter-controls.tsx';
import { timeZoneResolver } from '../../core/time/index.ts';
import { dayHeading, untilText } from '../shared/when-text.ts';
import { SCHEDULE_STYLE } from './schedule-style.ts';

export interface ScheduleData {
  events: EventRow[];
  films: FilmRow[];
  festivals: FestivalRow[];
}

export interface ScheduleProps {
  data: ScheduleData;
  settings?: Settings;
  saved?: ReadonlyMap<string, SaveStatus>;
  onSave?: OnSave;
  now?: number;
}

/** The line's time: the time, the end alone, the note (placed by its hint, core/plan/time-hint.ts), or a mark. */
function lineTime(item: ScheduledEvent<EventRow>): { text: string; note: boolean } {
  const { when, timeZone, event } = item;
  if (when.precision === 'time') return { text: formatTime(when.instant, timeZone, uiLocale()), note: false };
  const end = readWhen(event.end, timeZone);
  if (when.precision === 'date' && end.precision === 'time' && end.date === when.date)
    return { text: untilText(end.instant, timeZone), note: false };
  if (item.placement === 'hint' && event.timeNote) return { text: event.timeNote, note: true };
  if (item.placement === 'top') return { text: t('schedule_timeNotGiven'), note: true };
  return { text: when.precision === 'none' ? '' : t('ui_timeTba'), note: true };
}

/** A search that leaves this few events shows each one whole: the one searched for is ready to save. */
export const SHOW_WHOLE_UP_TO = 3;

function festivalHeading(festival: FestivalRow | null): string {
  if (!festival) return t('ui_festivalNone');
  const year = festival.start.slice(0, 4);
  return festival.name.includes(year) ? festival.name : t('ui_festivalYear', festival.name, year);
}

/** "Thu 10": a day chip's words, in the UI's language. */
function chipText(date: string): string {
  return new Intl.DateTimeFormat(uiLocale(), { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    Date.parse(`${date}T12:00:00Z`),
  );
}

/**
 * Every event by festival, then day by day in its festival's zone, one line each (time, kind,
 * title, venue) that unfolds into the event. The festival on now (or the next one) comes
 * first and open, with day chips and a line for now, where the schedule opens; past festivals
 * are folded under their names, and "Hide past" takes past events away.
 */
export function ScheduleView({ data, settings = DEFAULT_SETTINGS, saved, onSave, now = Date.now() }: ScheduleProps) {
  const [filter, setFilter] = useState<ScheduleFilter>(NO_FILTER);
  const [hidePast, setHidePast] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const zoneOf = timeZoneResolver(data.festivals);
  const found = filterEvents(data.events, data.films, filter);
  const events = hidePast ? found.filter((e) => !isOver(e, zoneOf(e), now)) : found;
  const groups = groupByFestival(events, data.festivals, festivalKeyOf, zoneOf, now);
  const filtering = activeFilters(filter).length > 0 || filter.query.trim() !== '';
  const onlySearch = activeFilters(filter).length === 0 && filter.query.trim() !== '';
  const filmTitles = new Map(data.films.map((f) => [f.key, f.title]));
  const whole = filter.query.trim() !== '' && events.length <= SHOW_WHOLE_UP_TO;
  const slot = { filmTitles, settings, saved, onSave, now, whole };
  // During a festival the schedule opens at now, not at its first day.
  useEffect(() => {
    root.current?.querySelector('.festival-on .now-line')?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div class="schedule" ref={root}>
      <style>{SCHEDULE_STYLE}</style>
      {data.events.length > 0 && <FilterControls data={data} filter={filter} onChange={setFilter} />}
      {data.events.length > 0 && (
        <label class="hide-past">
          <input type="checkbox" checked={hidePast} onChange={(e) => setHidePast(e.currentTarget.checked)} />
          {t('schedule_hidePast')}
        </label>
      )}
      <p class="ap-sr" role="status">
        {plural('schedule_eventsShown', events.length)}
      </p>
      {data.events.length === 0 && <p class="empty">{t('ui_noEventsYet')}</p>}
      {data.events.length > 0 && events.length === 0 && (
        <p class="empty">{onlySearch ? t('schedule_noMatchSearch', filter.query.trim()) : t('ui_noMatch')}</p>
      )}
      {groups.map((group) => (
        <FestivalSection
          key={group.festival?.key ?? 'none'}
          group={group}
          // A search or filter unfolds every festival it finds something in.
          open={group.open || filtering || hidePast}
          slot={slot}
        />
      ))}
    </div>
  );
}

interface SlotContext {
  filmTitles: ReadonlyMap<string, string>;
  settings: Settings;
  saved?: ReadonlyMap<string, SaveStatus>;
  onSave?: OnSave;
  now: number;
  /** Every line unfolded (a search that found only a few). */
  whole: boolean;
}

function dayId(group: FestivalGroup<EventRow, FestivalRow>, date: string): string {
  return `day-${(group.festival?.key ?? 'none').replace(/[^\w-]/g, '_')}-${date}`;
}

function FestivalSection({
  group,
  open,
  slot,
}: {
  group: FestivalGroup<EventRow, FestivalRow>;
  open: boolean;
  slot: SlotContext;
}) {
  const heading = festivalHeading(group.festival);
  const dates = group.days.map((d) => d.date).filter((d): d is string => d !== null);
  const today = group.days[0]?.events[0] ? dateIn(slot.now, group.days[0].events[0].timeZone) : null;
  const toDay = (date: string) => {
    const section = document.getElementById(dayId(group, date));
    const title = section?.querySelector<HTMLElement>('.day-heading');
    section?.scrollIntoView({ block: 'start' });
    title?.focus();
  };
  return (
    <details class={`festival festival-${group.state}`} open={open}>
      <summary>
        <h2 class="festival-heading">{heading}</h2>
        <span class="festival-meta">
          {group.state === 'past' && `${t('ui_festivalPast')} · `}
          {plural('schedule_eventCount', group.count)}
        </span>
      </summary>
      {(group.state === 'on' || group.state === 'next') && dates.length > 1 && (
        <nav class="day-chips" aria-label={t('schedule_days')}>
          {dates.map((date) => (
            <button
              type="button"
              key={date}
              class="day-chip"
              aria-current={date === today ? 'date' : undefined}
              title={dayHeading(date)}
              onClick={() => toDay(date)}
            >
              {chipText(date)}
            </button>
          ))}
        </nav>
      )}
      {group.days.map((day) => (
        // Events are dimmed as past only in the festival that is on: in a past festival all are.
        <DaySection
          key={day.date ?? 'undated'}
          id={day.date ? dayId(group, day.date) : undefined}
          day={day}
          slot={slot}
          live={group.state === 'on' || group.state === 'none'}
        />
      ))}
    </details>
  );
}

function DaySection({
  id,
  day,
  slot,
  live,
}: {
  id?: string;
  day: FestivalGroup<EventRow, FestivalRow>['days'][number];
  slot: SlotContext;
  live: boolean;
}) {
  const { now } = slot;
  const heading = dayHeading(day.date);
  // The "now" line goes before the first event still to come, on today's date in that zone.
  const first = day.events[0];
  const today = live && day.date !== null && first !== undefined && dateIn(now, first.timeZone) === day.date;
  const nowAt = today ? day.events.findIndex((item) => item.when.precision === 'time' && item.when.instant >= now) : -2;
  return (
    <section class={`day${day.date ? '' : ' day-undated'}`} aria-label={heading} id={id}>
      <h3 class="day-heading" tabIndex={-1}>
        {heading}
      </h3>
      <ul class="day-events">
        {day.events.map((item, i) => [
          nowAt === i && <NowLine key="now" />,
          <EventLine
            key={item.event.key}
            item={item}
            slot={slot}
            past={live && isOver(item.event, item.timeZone, now)}
          />,
          nowAt === -1 && i === day.events.length - 1 && <NowLine key="now-end" />,
        ])}
      </ul>
    </section>
  );
}

/** One event on one line; a click (or Enter, Space) unfolds it into the whole event. */
function EventLine({ item, slot, past }: { item: ScheduledEvent<EventRow>; slot: SlotContext; past: boolean }) {
  // The user's click wins; until then a narrow search unfolds the line.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? slot.whole;
  const { event } = item;
  const { filmTitles, settings, saved, onSave } = slot;
  const status = saved?.get(event.key) ?? null;
  const time = lineTime(item);
  const moreId = `more-${event.key.replace(/[^\w-]/g, '_')}`;
  const films = event.filmKeys.map((key) => filmTitles.get(key)).filter((x): x is string => !!x);
  const classes = ['slot', past && 'past', status && `saved-${status}`, event.cancelled && 'cancelled']
    .filter(Boolean)
    .join(' ');
  return (
    <li class={classes} data-event-key={event.key}>
      <button
        type="button"
        class="slot-line"
        aria-expanded={open}
        aria-controls={moreId}
        onClick={() => setToggled(!open)}
      >
        <span class={`slot-time${time.note ? ' slot-time-note' : ''}${item.placement === 'top' ? ' unplaced' : ''}`}>
          {time.text}
        </span>
        <span class={`ap-kind ap-kind-${event.kind}`}>{kindLabel(event.kind)}</span>
        <span class="slot-title">{event.title}</span>
        <StateBadge state={eventState(event, item.timeZone, slot.now)} />
        {event.venue && <span class="slot-venue">{event.venue.name}</span>}
        {status && <span class="ap-sr">{` · ${t(status === 'going' ? 'ui_going' : 'ui_interested')}`}</span>}
      </button>
      <div id={moreId} class="slot-more" hidden={!open}>
        <EventDetails
          event={event}
          timeZone={item.timeZone}
          description="full"
          zoneChoice={settings.timeZoneShown}
          status={status}
          onSave={onSave}
          now={slot.now}
        />
        {films.length > 0 && <p class="slot-films">{t('ui_forFilms', films.join(', '))}</p>}
      </div>
    </li>
  );
}

function NowLine() {
  return (
    <li class="now-line" aria-label={t('ui_now')}>
      <span>{t('ui_now')}</span>
    </li>
  );
}
