// The line above a saved event that says how long after the previous one it starts and, where
// both venues have a position, the trip between them (src/core/plan/trips.ts).
import { t, uiLocale } from '../../browser/i18n.ts';
import type { Trip } from '../../core/plan/index.ts';
import type { TravelMode } from '../../core/settings.ts';

/** "25 min", "1 h 05 min": rounded to the minute, up for trips (so "tight" never reads as spare). */
export function durationText(ms: number, round: (n: number) => number = Math.round): string {
  const minutes = Math.max(0, round(ms / 60_000));
  if (minutes < 60) return t('plan_minutes', minutes);
  return t('plan_hoursMinutes', Math.floor(minutes / 60), String(minutes % 60).padStart(2, '0'));
}

function tripText(trip: Trip, mode: TravelMode): string | null {
  if (trip.distanceKm === 0) return t('plan_sameVenue');
  if (trip.distanceKm === null || trip.travelMs === null) {
    return trip.missing
      .map((m) => (m.kind === 'position' ? t('plan_noPosition', m.venue) : t('plan_noVenue', m.event)))
      .join('; ');
  }
  const km = new Intl.NumberFormat(uiLocale(), { maximumFractionDigits: 1 }).format(trip.distanceKm);
  return t('plan_trip', km, durationText(trip.travelMs, Math.ceil), t(`plan_by_${mode}`));
}

export function TripLine({ trip, fromTitle, mode }: { trip: Trip; fromTitle: string; mode: TravelMode }) {
  // An overlap is already said by the clash line.
  if (trip.verdict === 'overlap') return null;
  const gap = t(trip.fromEndAssumed ? 'plan_gapAfterAssumed' : 'plan_gapAfter', durationText(trip.gapMs), fromTitle);
  const flag =
    trip.verdict === 'cant-make-it' ? t('plan_cantMakeIt') : trip.verdict === 'tight' ? t('plan_tight') : null;
  return (
    <p class={`ap-trip ap-trip-${trip.verdict}`} data-verdict={trip.verdict}>
      <span aria-hidden="true">↳ </span>
      {gap} · {tripText(trip, mode)}
      {flag && (
        <>
          {' — '}
          <strong class="ap-trip-flag">{flag}</strong>
        </>
      )}
    </p>
  );
}
