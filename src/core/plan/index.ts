// The schedule: days, festivals and clashes. Code outside this folder imports from here.
export { withBrought } from './brought.ts';
export { findClashes, spanOf } from './clashes.ts';
export { festivalState, groupByFestival, type FestivalGroup, type FestivalState } from './festivals.ts';
export { groupByDay, inScheduleOrder, type ScheduleDay, type ScheduledEvent, sortByStart } from './schedule.ts';
export { planFlags, type PlanFlags } from './plan-flags.ts';
export { AGREE_KM, placeVenues, venueNameKey, venuePositions } from './venue-positions.ts';
export {
  DAY_ENDS_AT_HOUR,
  DETOUR_FACTOR,
  festivalDayOf,
  haversineKm,
  planTrips,
  SPEED_KMH,
  TIGHT_MS,
  TRIP_WINDOW_MS,
  type Trip,
  type TripPlan,
  type TripVerdict,
  unmakeableKeys,
} from './trips.ts';
export {
  eventKeyOfAlarm,
  LEAVE_BY_FALLBACK_MINUTES,
  plannedReminders,
  reminderAlarmName,
  reminderViews,
  type Reminder,
  type ReminderBlock,
  type ReminderView,
} from './reminders.ts';
