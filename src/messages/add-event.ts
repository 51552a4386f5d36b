import { field, guard, matches } from '../core/check.ts';
import { isPlainObject, type JsonRecord } from '../core/guards.ts';
import { checkParams, type SpecsFor } from './spec.ts';

export interface AddEventMessages {
  /**
   * "Add an event" on the card: the background opens the add-event form with this film
   * chosen. Not privileged: it writes nothing, and the user still fills in and saves the form.
   */
  openAddEvent: { params: { filmKey: string }; result: Record<string, never> };
}

const ONE_FIELD = guard(
  (v): v is JsonRecord => isPlainObject(v) && Object.keys(v).length === 1,
  'takes only {filmKey}',
);
const FILM_KEY = matches(/^[^/\s]+\/\S+$/, 'must be a film key like "feed/film"', 400);

export const addEventSpecs: SpecsFor<AddEventMessages> = {
  openAddEvent: {
    validate: checkParams('openAddEvent', (v, path) => ({
      filmKey: field(ONE_FIELD(v, path), 'filmKey', FILM_KEY, path),
    })),
  },
};

/** The page the card opens: the popup's page in a tab, on "Saved", with the form open for the film. */
export const ADD_EVENT_PARAM = 'add';
export const addEventPath = (filmKey: string): string => `popup.html?${ADD_EVENT_PARAM}=${encodeURIComponent(filmKey)}`;
