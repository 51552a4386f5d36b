import { formatDay, formatTime, zoneName } from '../core/event-time.ts';
import { groupByDay, type ScheduledEvent } from '../core/schedule.ts';
import type { EventRow, FestivalRow, FilmRow } from '../messages/index.ts';
import { EventDetails } from './event-details.tsx';
import { timeZoneResolver } from './time-zones.ts';

export interface ScheduleData {
  events: EventRow[];
  films: FilmRow[];
  festivals: FestivalRow[];
}

function timeLabel({ when, timeZone }: ScheduledEvent<EventRow>): string {
  if (when.precision !== 'time') return 'Time TBA';
  return `${formatTime(when.instant, timeZone)} ${zoneName(when.instant, timeZone)}`;
}

/** Every event, day by day in its festival's zone, with undated events last. */
export function ScheduleView({ data }: { data: ScheduleData }) {
  const days = groupByDay(data.events, timeZoneResolver(data.festivals));
  const filmTitles = new Map(data.films.map((f) => [f.key, f.title]));
  if (days.length === 0) return <p class="empty">No events yet. Add a feed in the options page.</p>;
  return (
    <div class="schedule">
      {days.map((day) => {
        const heading = day.date ? formatDay(day.date) : 'Date not announced';
        return (
          <section class="day" key={day.date ?? 'undated'} aria-label={heading}>
            <h2 class="day-heading">{heading}</h2>
            <ul class="day-events">
              {day.events.map((item) => {
                const films = item.event.filmKeys.map((key) => filmTitles.get(key)).filter(Boolean);
                return (
                  <li key={item.event.key} class="slot">
                    {day.date && <div class="slot-time">{timeLabel(item)}</div>}
                    <div class="slot-body">
                      <EventDetails event={item.event} timeZone={item.timeZone} showWhen={false} />
                      {films.length > 0 && <p class="slot-films">For {films.join(', ')}</p>}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
