import type { WordListText } from '../core/matching/index.ts';
import type { TitleSource } from '../core/matching/index.ts';
import type { EventRow, FestivalRow, FilmRow, Listing } from '../core/rows.ts';
import { isPlainObject } from '../core/guards.ts';
import { noParams, type SpecsFor } from './spec.ts';

export interface ListingMessages {
  /** Every film title and alias, for the content script's matcher. */
  getTitleIndex: { params: Record<string, never>; result: { films: TitleSource[]; words: WordListText } };
  /** Events for the films found on a page, with their festivals for time zones. */
  getListings: {
    params: { filmKeys: string[] };
    result: { listings: Listing[]; festivals: FestivalRow[] };
  };
  /** Every event, the user's own included, for the popup's day-by-day schedule; extension pages only. */
  getSchedule: {
    params: Record<string, never>;
    result: { events: EventRow[]; films: FilmRow[]; festivals: FestivalRow[] };
  };
}

const MAX_FILM_KEYS = 5_000;

export const listingSpecs: SpecsFor<ListingMessages> = {
  getTitleIndex: { validate: noParams('getTitleIndex') },
  getSchedule: { privileged: true, validate: noParams('getSchedule') },
  getListings: {
    validate(params) {
      if (!isPlainObject(params) || !Array.isArray(params.filmKeys)) return 'getListings needs {filmKeys: string[]}';
      const keys = params.filmKeys;
      if (keys.length > MAX_FILM_KEYS) return `getListings accepts at most ${MAX_FILM_KEYS} film keys`;
      if (!keys.every((key) => typeof key === 'string' && key.length <= 400)) {
        return 'getListings: every film key must be a short string';
      }
      return { filmKeys: keys as string[] };
    },
  },
};
