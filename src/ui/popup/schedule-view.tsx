import { useRef, useState } from 'preact/hooks';
import { spanOf } from '../../core/plan/index.ts';
import { dateIn, readWhen } from '../../core/time/index.ts';
import { ACCESS_LEVELS, EVENT_KINDS, type Access, type EventKind } from '../../core/model.ts';
import { groupByFestival, type FestivalGroup, type ScheduledEvent } from '../../core/plan/index.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings.ts';
import { festivalKeyOf, type EventRow, type FestivalRow, type FilmRow } from '../../core/rows.ts';
import type { SaveStatus } from '../../core/rows.ts';
import { EventDetails } from '../shared/event-details.tsx';
import { t } from '../../browser/i18n.ts';
import { accessLabel, kindLabel } from '../shared/labels.ts';
import type { OnSave } from '../shared/save-buttons.tsx';
import { activeFilters, filterEvents, NO_FILTER, type FilterField, type ScheduleFilter } from './schedule-filter.ts';
import { timeZoneResolver } from '../../core/time/index.ts';
import { dayHeading, timeOfDay, untilText } from '../shared/when-text.ts';

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

/** The time column: a time kept on one line, and the feed's note on the time beneath it. */
function TimeLabel({ item }: { item: ScheduledEvent<EventRow> }) {
  const { when, timeZone, event } = item;
  const note = event.timeNote ?? null;
  const end = readWhen(event.end, timeZone);
  const time =
    when.precision === 'time'
      ? timeOfDay(when.instant, timeZone)
      : when.precision === 'date' && end.precision === 'time' && end.date === when.date
        ? untilText(end.instant, timeZone)
        : note || when.precision === 'none'
          ? null
          : t('ui_timeTba');
  return (
    <div class="slot-time">
      {time && <span class="ap-nowrap">{time}</span>}
      {note && <span class="slot-note">{note}</span>}
    </div>
  );
}

function festivalHeading(festival: FestivalRow | null): string {
  if (!festival) return t('ui_festivalNone');
  const year = festival.start.slice(0, 4);
  return festival.name.includes(year) ? festival.name : t('ui_festivalYear', festival.name, year);
}

function isPast({ event, when }: ScheduledEvent<EventRow>, now: number): boolean {
  // A day without a time is past once that day is over everywhere (UTC-12 is the last to finish it).
  if (when.precision === 'date') return Date.parse(`${when.date}T00:00:00Z`) + 36 * 3600_000 < now;
  const span = spanOf(event);
  return span !== null && span.end < now;
}

const FILTER_FIELDS_ID = 'schedule-filter-fields';
const FILTER_LABELS = { kind: 'ui_filterKind', festival: 'ui_filterFestival', access: 'ui_filterAccess' } as const;

/**
 * The search in view, the other filters folded behind one button (unfolded they took a
 * quarter of the popup), and each filter in use as a chip that removes it.
 */
function Filters({
  data,
  filter,
  onChange,
}: {
  data: ScheduleData;
  filter: ScheduleFilter;
  onChange: (f: ScheduleFilter) => void;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const set = (patch: Partial<ScheduleFilter>) => onChange({ ...filter, ...patch });
  const active = activeFilters(filter);
  const valueLabel = (field: FilterField): string =>
    field === 'kind'
      ? kindLabel(filter.kind as EventKind)
      : field === 'access'
        ? accessLabel(filter.access as Access)
        : (data.festivals.find((f) => f.key === filter.festival)?.name ?? filter.festival);
  const remove = (field: FilterField) => {
    set({ [field]: '' });
    // The chip goes away with its focus: hand it to the button the filters are set from.
    toggle.current?.focus();
  };
  return (
    <form class="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <div class="filter-bar">
        <label class="filter-search">
          <span>{t('ui_search')}</span>
          <input
            type="search"
            value={filter.query}
            placeholder={t('ui_searchPlaceholder')}
            onInput={(e) => set({ query: e.currentTarget.value })}
          />
        </label>
        <button
          type="button"
          class="filter-toggle"
          ref={toggle}
          aria-expanded={open}
          aria-controls={FILTER_FIELDS_ID}
          onClick={() => setOpen(!open)}
        >
          {active.length > 0 ? t('schedule_filtersCount', active.length) : t('schedule_filters')}
        </button>
      </div>
      <div class="filter-fields" id={FILTER_FIELDS_ID} hidden={!open}>
        <label>
          <span>{t('ui_filterKind')}</span>
          <select value={filter.kind} onChange={(e) => set({ kind: e.currentTarget.value as ScheduleFilter['kind'] })}>
            <option value="">{t('ui_all')}</option>
            {EVENT_KINDS.map((k) => (
              <option value={k} key={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('ui_filterFestival')}</span>
          <select value={filter.festival} onChange={(e) => set({ festival: e.currentTarget.value })}>
            <option value="">{t('ui_all')}</option>
            {data.festivals.map((f) => (
              <option value={f.key} key={f.key}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('ui_filterAccess')}</span>
          <select
            value={filter.access}
            onChange={(e) => set({ access: e.currentTarget.value as ScheduleFilter['access'] })}
          >
            <option value="">{t('ui_all')}</option>
            {ACCESS_LEVELS.map((a) => (
              <option value={a} key={a}>
                {accessLabel(a)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {active.length > 0 && (
        <ul class="filter-chips" aria-label={t('schedule_activeFilters')}>
          {active.map((field) => {
            const name = t(FILTER_LABELS[field]);
            const value = valueLabel(field);
            return (
              <li key={field}>
                <button
                  type="button"
                  class="filter-chip"
                  aria-label={t('schedule_removeFilter', name, value)}
                  onClick={() => remove(field)}
                >
                  {t('schedule_filterChip', name, value)}
                  <span aria-hidden="true"> ×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </form>
  );
}

/**
 * Every event by festival, then day by day in its festival's zone, each festival's undated
 * events last. The festival on now (or the next one) comes first and open, with a line for
 * now and its past events dimmed; past festivals are folded under their names.
 */
export function ScheduleView({ data, settings = DEFAULT_SETTINGS, saved, onSave, now = Date.now() }: ScheduleProps) {
  const [filter, setFilter] = useState<ScheduleFilter>(NO_FILTER);
  const zoneOf = timeZoneResolver(data.festivals);
  const events = filterEvents(data.events, data.films, filter);
  const groups = groupByFestival(events, data.festivals, festivalKeyOf, zoneOf, now);
  const filtering = filter !== NO_FILTER && JSON.stringify(filter) !== JSON.stringify(NO_FILTER);
  const filmTitles = new Map(data.films.map((f) => [f.key, f.title]));
  const slot = { filmTitles, settings, saved, onSave, now };
  return (
    <div class="schedule">
      {data.events.length > 0 && <Filters data={data} filter={filter} onChange={setFilter} />}
      <p class="ap-sr" role="status">
        {t('ui_eventCount', events.length)}
      </p>
      {data.events.length === 0 && <p class="empty">{t('ui_noEventsYet')}</p>}
      {data.events.length > 0 && events.length === 0 && <p class="empty">{t('ui_noMatch')}</p>}
      {groups.map((group) => (
        <FestivalSection
          key={group.festival?.key ?? 'none'}
          group={group}
          // A search or filter unfolds every festival it finds something in.
          open={group.open || filtering}
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
  return (
    <details class={`festival festival-${group.state}`} open={open}>
      <summary>
        <h2 class="festival-heading">{heading}</h2>
        <span class="festival-meta">
          {group.state === 'past' && `${t('ui_festivalPast')} · `}
          {t('ui_festivalEventCount', group.count)}
        </span>
      </summary>
      {group.days.map((day) => (
        // Events are dimmed as past only in the festival that is on: in a past festival all are.
        <DaySection key={day.date ?? 'undated'} day={day} slot={slot} live={group.state === 'on'} />
      ))}
    </details>
  );
}

function DaySection({
  day,
  slot,
  live,
}: {
  day: FestivalGroup<EventRow, FestivalRow>['days'][number];
  slot: SlotContext;
  live: boolean;
}) {
  const { filmTitles, settings, saved, onSave, now } = slot;
  const heading = dayHeading(day.date);
  // The "now" line goes before the first event still to come, on today's date in that zone.
  const first = day.events[0];
  const today = live && day.date !== null && first !== undefined && dateIn(now, first.timeZone) === day.date;
  const nowAt = today ? day.events.findIndex((item) => item.when.precision === 'time' && item.when.instant >= now) : -2;
  return (
    <section class={`day${day.date ? '' : ' day-undated'}`} aria-label={heading}>
      <h3 class="day-heading">{heading}</h3>
      <ul class="day-events">
        {day.events.map((item, i) => {
          const films = item.event.filmKeys.map((key) => filmTitles.get(key)).filter((x): x is string => !!x);
          const past = live && isPast(item, now);
          return [
            nowAt === i && <NowLine key="now" />,
            <li key={item.event.key} class={`slot${past ? ' past' : ''}`}>
              {(day.date || item.event.timeNote) && <TimeLabel item={item} />}
              <div class="slot-body">
                {past && <span class="ap-sr">{t('ui_past')}</span>}
                <EventDetails
                  event={item.event}
                  timeZone={item.timeZone}
                  showWhen={false}
                  description="full"
                  zoneChoice={settings.timeZoneShown}
                  status={saved?.get(item.event.key) ?? null}
                  onSave={onSave}
                />
                {films.length > 0 && <p class="slot-films">{t('ui_forFilms', films.join(', '))}</p>}
              </div>
            </li>,
            nowAt === -1 && i === day.events.length - 1 && <NowLine key="now-end" />,
          ];
        })}
      </ul>
    </section>
  );
}

function NowLine() {
  return (
    <li class="now-line" aria-label={t('ui_now')}>
      <span>{t('ui_now')}</span>
    </li>
  );
}
