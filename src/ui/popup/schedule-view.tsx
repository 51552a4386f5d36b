import { useState } from 'preact/hooks';
import { spanOf } from '../../core/plan/index.ts';
import { dateIn } from '../../core/time/index.ts';
import { ACCESS_LEVELS, EVENT_KINDS } from '../../core/model.ts';
import { groupByDay, type ScheduledEvent } from '../../core/plan/index.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings.ts';
import type { EventRow, FestivalRow, FilmRow } from '../../core/rows.ts';
import type { SaveStatus } from '../../core/rows.ts';
import { EventDetails } from '../shared/event-details.tsx';
import { t } from '../../browser/i18n.ts';
import { accessLabel, kindLabel } from '../shared/labels.ts';
import type { OnSave } from '../shared/save-buttons.tsx';
import { filterEvents, NO_FILTER, type ScheduleFilter } from './schedule-filter.ts';
import { timeZoneResolver } from '../../core/time/index.ts';
import { dayHeading, timeOfDay } from '../shared/when-text.ts';

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

function timeLabel({ when, timeZone }: ScheduledEvent<EventRow>): string {
  return when.precision === 'time' ? timeOfDay(when.instant, timeZone) : t('ui_timeTba');
}

function isPast({ event, when }: ScheduledEvent<EventRow>, now: number): boolean {
  // A day without a time is past once that day is over everywhere (UTC-12 is the last to finish it).
  if (when.precision === 'date') return Date.parse(`${when.date}T00:00:00Z`) + 36 * 3600_000 < now;
  const span = spanOf(event);
  return span !== null && span.end < now;
}

function Filters({
  data,
  filter,
  onChange,
}: {
  data: ScheduleData;
  filter: ScheduleFilter;
  onChange: (f: ScheduleFilter) => void;
}) {
  const set = (patch: Partial<ScheduleFilter>) => onChange({ ...filter, ...patch });
  return (
    <form class="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <label class="filter-search">
        <span class="ap-sr">{t('ui_search')}</span>
        <input
          type="search"
          value={filter.query}
          placeholder={t('ui_searchPlaceholder')}
          onInput={(e) => set({ query: e.currentTarget.value })}
        />
      </label>
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
    </form>
  );
}

/** Every event, day by day in its festival's zone, with a line for now, past events dimmed and undated events last. */
export function ScheduleView({ data, settings = DEFAULT_SETTINGS, saved, onSave, now = Date.now() }: ScheduleProps) {
  const [filter, setFilter] = useState<ScheduleFilter>(NO_FILTER);
  const zoneOf = timeZoneResolver(data.festivals);
  const events = filterEvents(data.events, data.films, filter);
  const days = groupByDay(events, zoneOf);
  const filmTitles = new Map(data.films.map((f) => [f.key, f.title]));
  return (
    <div class="schedule">
      {data.events.length > 0 && <Filters data={data} filter={filter} onChange={setFilter} />}
      <p class="ap-sr" role="status">
        {t('ui_eventCount', events.length)}
      </p>
      {data.events.length === 0 && <p class="empty">{t('ui_noEventsYet')}</p>}
      {data.events.length > 0 && days.length === 0 && <p class="empty">{t('ui_noMatch')}</p>}
      {days.map((day) => {
        const heading = dayHeading(day.date);
        // The "now" line goes before the first event still to come, on today's date in that zone.
        const first = day.events[0];
        const today = day.date !== null && first !== undefined && dateIn(now, first.timeZone) === day.date;
        const nowAt = today
          ? day.events.findIndex((item) => item.when.precision === 'time' && item.when.instant >= now)
          : -2;
        return (
          <section class={`day${day.date ? '' : ' day-undated'}`} key={day.date ?? 'undated'} aria-label={heading}>
            <h2 class="day-heading">{heading}</h2>
            <ul class="day-events">
              {day.events.map((item, i) => {
                const films = item.event.filmKeys.map((key) => filmTitles.get(key)).filter((x): x is string => !!x);
                const past = isPast(item, now);
                return [
                  nowAt === i && <NowLine key="now" />,
                  <li key={item.event.key} class={`slot${past ? ' past' : ''}`}>
                    {day.date && <div class="slot-time">{timeLabel(item)}</div>}
                    <div class="slot-body">
                      {past && <span class="ap-sr">{t('ui_past')}</span>}
                      <EventDetails
                        event={item.event}
                        timeZone={item.timeZone}
                        showWhen={false}
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
      })}
    </div>
  );
}

function NowLine() {
  return (
    <li class="now-line" aria-label={t('ui_now')}>
      <span>{t('ui_now')}</span>
    </li>
  );
}
