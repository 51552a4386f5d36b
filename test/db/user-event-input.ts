// An own event as the form hands it over, for tests: a screening tied to `films`, the rest unknown.
import type { UserEventInput } from '../../src/core/user-event-input.ts';

export function userEventInput(films: string[], fields: Partial<UserEventInput> = {}): UserEventInput {
  return {
    kind: 'screening',
    title: 'Late show',
    films,
    festival: null,
    start: '2026-09-10T21:00:00-04:00',
    end: null,
    timeZone: null,
    venue: null,
    host: null,
    access: 'unknown',
    url: null,
    description: null,
    source: null,
    cancelled: false,
    moved: false,
    ...fields,
  };
}
