// The schedule's filters and search. Search ignores case and accents, and looks in the
// event's title, venue, host and the titles of its films.
import type { Access, EventKind } from '../../core/model.ts';
import type { EventRow, FilmRow } from '../../core/rows.ts';
import { festivalKeyOf } from '../../core/rows.ts';
import { fold } from '../../core/fold.ts';

export interface ScheduleFilter {
  kind: EventKind | '';
  /** Festival row key ("default/tiff-2007"), or '' for all. */
  festival: string;
  access: Access | '';
  query: string;
}

export const NO_FILTER: ScheduleFilter = { kind: '', festival: '', access: '', query: '' };

/** The filters folded behind the "Filters" button; the search stays in view. */
export type FilterField = 'kind' | 'festival' | 'access';

/** The folded filters that are set, in the order their chips are shown. */
export function activeFilters(filter: ScheduleFilter): FilterField[] {
  return (['kind', 'festival', 'access'] as const).filter((field) => filter[field] !== '');
}

export { fold };

export function filterEvents(
  events: readonly EventRow[],
  films: readonly FilmRow[],
  filter: ScheduleFilter,
): EventRow[] {
  const titles = new Map(films.map((f) => [f.key, f.title]));
  const words = fold(filter.query).split(/\s+/).filter(Boolean);
  return events.filter((event) => {
    if (filter.kind && event.kind !== filter.kind) return false;
    if (filter.access && event.access !== filter.access) return false;
    if (filter.festival && festivalKeyOf(event) !== filter.festival) return false;
    if (words.length === 0) return true;
    const haystack = fold(
      [event.title, event.venue?.name, event.venue?.address, event.host, ...event.filmKeys.map((k) => titles.get(k))]
        .filter(Boolean)
        .join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}
