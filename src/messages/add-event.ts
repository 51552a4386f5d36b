import { isPlainObject } from '../core/guards.ts';
import { type SpecsFor } from './spec.ts';

export interface AddEventMessages {
  /**
   * "Add an event" on the card: the background opens the add-event form with this film
   * chosen. Not privileged: it writes nothing, and the user still fills in and saves the form.
   */
  openAddEvent: { params: { filmKey: string }; result: Record<string, never> };
}

const MAX_KEY = 400;

export const addEventSpecs: SpecsFor<AddEventMessages> = {
  openAddEvent: {
    validate(params) {
      if (!isPlainObject(params) || Object.keys(params).length !== 1) return 'openAddEvent takes only {filmKey}';
      const { filmKey } = params;
      if (typeof filmKey !== 'string' || filmKey.length > MAX_KEY || !/^[^/\s]+\/\S+$/.test(filmKey)) {
        return 'openAddEvent: filmKey must be a film key like "feed/film"';
      }
      return { filmKey };
    },
  },
};

/** The page the card opens: the popup's page in a tab, on "Saved", with the form open for the film. */
export const ADD_EVENT_PARAM = 'add';
export const addEventPath = (filmKey: string): string => `popup.html?${ADD_EVENT_PARAM}=${encodeURIComponent(filmKey)}`;
