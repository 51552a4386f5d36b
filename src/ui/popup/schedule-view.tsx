import { useState } from 'preact/hooks';
import { spanOf } from '../../core/plan/index.ts';
import { dateIn, readWhen } from '../../core/time/index.ts';
import { groupByFestival, type FestivalGroup, type ScheduledEvent } from '../../core/plan/index.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings.ts';
import { festivalKeyOf, type EventRow, type FestivalRow, type FilmRow } from '../../core/rows.ts';
import type { SaveStatus } from '../../core/rows.ts';
import { EventDetails } from '../shared/event-details.tsx';
import { t } from '../../browser/i18n.ts';
import type { OnSave } from '../shared/save-buttons.tsx';
import { filterEvents, NO_FILTER, type ScheduleFilter } from './filter-events.ts';
import { FilterControls } from './filter-controls.tsx';
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
      {data.events.length > 0 && <FilterControls data={data} filter={filter} onChange={setFilter} />}
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
