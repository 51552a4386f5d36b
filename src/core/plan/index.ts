// The schedule: days and clashes. Code outside this folder imports from here.
export { findClashes, spanOf } from './clashes.ts';
export { groupByDay, type ScheduledEvent, sortByStart } from './schedule.ts';
