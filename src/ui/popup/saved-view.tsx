import { eventState } from '../../core/event-state.ts';
import { groupByDay, planFlags } from '../../core/plan/index.ts';
import type { Settings } from '../../core/settings.ts';
import type { Plan, SaveStatus } from '../../core/rows.ts';
import { EventDetails } from '../shared/event-details.tsx';
import { plural, t } from '../../browser/i18n.ts';
import type { OnSave } from '../shared/save-buttons.tsx';
import { timeZoneResolver } from '../../core/time/index.ts';
import { dayHeading } from '../shared/when-text.ts';
import { PlanExport } from './plan-export.tsx';
import { TripLine } from './trip-line.tsx';
import { UnlistedSavedList } from './unlisted-saved.tsx';

/**
 * The user's plan, day by day: Going events that overlap flagged as clashes (the number the
 * summary states), overlaps with an Interested event said softly, the trip between events of one
 * evening; exported as one .ics.
 */
export function SavedView({
  plan,
  settings,
  onSave,
  now = Date.now(),
}: {
  plan: Plan;
  settings: Settings;
  onSave: OnSave;
  /** Past and cancelled events are shown as such, without actions or clash lines (core/event-state.ts). */
  now?: number;
}) {
  const status = new Map<string, SaveStatus>(plan.saved.map((s) => [s.eventKey, s.status]));
  const zoneOf = timeZoneResolver(plan.festivals);
  const titles = new Map(plan.events.map((e) => [e.key, e.title]));
  const { clashes, overlaps, trips, untimed } = planFlags(
    plan.events,
    (key) => status.get(key) ?? null,
    settings.travelMode,
    zoneOf,
  );
  // The count states the clash lines shown: an event that is over shows none.
  const open = new Set(plan.events.filter((e) => eventState(e, zoneOf(e), now) === 'open').map((e) => e.key));
  const clashCount = [...clashes.keys()].filter((key) => open.has(key)).length;
  const tripTo = new Map(trips.map((trip) => [trip.toKey, trip]));
  const noGap = new Set(untimed);
  const days = groupByDay(plan.events, zoneOf);
  const unlisted = plan.unlisted ?? [];
  if (plan.events.length === 0 && unlisted.length === 0) return <p class="empty">{t('ui_savedEmpty')}</p>;
  return (
    <div class="schedule saved">
      <div class="saved-bar">
        <p class="saved-summary">
          {plural('plan_savedCount', plan.events.length + unlisted.length)}
          {` · ${plural('plan_clashCount', clashCount)}`}
        </p>
        <PlanExport plan={plan} status={status} />
      </div>
      {days.map((day) => {
        const heading = dayHeading(day.date);
        return (
          <section class={`day${day.date ? '' : ' day-undated'}`} key={day.date ?? 'undated'} aria-label={heading}>
            <h2 class="day-heading">{heading}</h2>
            <ul class="day-events">
              {day.events.map(({ event, timeZone }) => {
                // An event that is over shows no clash or overlap line, nor the flag's class.
                const clash = open.has(event.key) ? clashes.get(event.key) : undefined;
                const overlap = open.has(event.key) ? overlaps.get(event.key) : undefined;
                const trip = tripTo.get(event.key);
                return (
                  <li key={event.key} class={`slot-plain${clash ? ' clashing' : ''}`}>
                    {trip && (
                      <TripLine trip={trip} fromTitle={titles.get(trip.fromKey) ?? ''} mode={settings.travelMode} />
                    )}
                    {noGap.has(event.key) && <p class="ap-trip ap-trip-unknown">{t('plan_gapUnknown')}</p>}
                    <EventDetails
                      event={event}
                      timeZone={timeZone}
                      zoneChoice={settings.timeZoneShown}
                      status={status.get(event.key) ?? null}
                      onSave={onSave}
                      now={now}
                    >
                      {clash && (
                        <p class="ap-clash">
                          <span aria-hidden="true">⚠ </span>
                          {t('ui_clashesWith', clash.map((k) => titles.get(k) ?? k).join(', '))}
                        </p>
                      )}
                      {overlap && (
                        <p class="ap-overlap">
                          {t('plan_overlapsWith', overlap.map((k) => titles.get(k) ?? k).join(', '))}
                        </p>
                      )}
                    </EventDetails>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <UnlistedSavedList unlisted={unlisted} onSave={onSave} />
    </div>
  );
}
