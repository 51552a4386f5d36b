import { useRef, useState } from 'preact/hooks';
import { ACCESS_LEVELS, EVENT_KINDS, type Access, type EventKind } from '../../core/model.ts';
import type { FestivalRow } from '../../core/rows.ts';
import { t } from '../../browser/i18n.ts';
import { accessLabel, kindLabel } from '../shared/labels.ts';
import { activeFilters, type FilterField, type ScheduleFilter } from './filter-events.ts';

const FILTER_FIELDS_ID = 'schedule-filter-fields';
const FILTER_LABELS = { kind: 'ui_filterKind', festival: 'ui_filterFestival', access: 'ui_filterAccess' } as const;

/** The festivals for the filter, the newest (latest start) first: the one a user wants is rarely 2007's. */
export function newestFirst(festivals: readonly FestivalRow[]): FestivalRow[] {
  return [...festivals].sort((a, b) => b.start.localeCompare(a.start) || a.name.localeCompare(b.name));
}

/**
 * The search in view, the other filters folded behind one button (unfolded they took a
 * quarter of the popup), and each filter in use as a chip that removes it.
 */
export function FilterControls({
  data,
  filter,
  onChange,
}: {
  data: { festivals: readonly FestivalRow[] };
  filter: ScheduleFilter;
  onChange: (f: ScheduleFilter) => void;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const set = (patch: Partial<ScheduleFilter>) => onChange({ ...filter, ...patch });
  const active = activeFilters(filter);
  const valueLabel = (field: FilterField): string =>
    field === 'kind'
      ? kindLabel(filter.kind as EventKind)
      : field === 'access'
        ? accessLabel(filter.access as Access)
        : (data.festivals.find((f) => f.key === filter.festival)?.name ?? filter.festival);
  const remove = (field: FilterField) => {
    set({ [field]: '' });
    // The chip goes away with its focus: hand it to the button the filters are set from.
    toggle.current?.focus();
  };
  return (
    <form class="filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <div class="filter-bar">
        <label class="filter-search">
          <span>{t('ui_search')}</span>
          <input
            type="search"
            value={filter.query}
            placeholder={t('ui_searchPlaceholder')}
            onInput={(e) => set({ query: e.currentTarget.value })}
          />
        </label>
        <button
          type="button"
          class="filter-toggle"
          ref={toggle}
          aria-expanded={open}
          aria-controls={FILTER_FIELDS_ID}
          onClick={() => setOpen(!open)}
        >
          {active.length > 0 ? t('schedule_filtersCount', active.length) : t('schedule_filters')}
        </button>
      </div>
      <div class="filter-fields" id={FILTER_FIELDS_ID} hidden={!open}>
        <label>
          <span>{t('ui_filterKind')}</span>
          <select value={filter.kind} onChange={(e) => set({ kind: e.currentTarget.value as ScheduleFilter['kind'] })}>
            <option value="">{t('ui_all')}</option>
            {EVENT_KINDS.map((k) => (
              <option value={k} key={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('ui_filterFestival')}</span>
          <select value={filter.festival} onChange={(e) => set({ festival: e.currentTarget.value })}>
            <option value="">{t('ui_all')}</option>
            {newestFirst(data.festivals).map((f) => (
              <option value={f.key} key={f.key}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('ui_filterAccess')}</span>
          <select
            value={filter.access}
            onChange={(e) => set({ access: e.currentTarget.value as ScheduleFilter['access'] })}
          >
            <option value="">{t('ui_all')}</option>
            {ACCESS_LEVELS.map((a) => (
              <option value={a} key={a}>
                {accessLabel(a)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {active.length > 0 && (
        <ul class="filter-chips" aria-label={t('schedule_activeFilters')}>
          {active.map((field) => {
            const name = t(FILTER_LABELS[field]);
            const value = valueLabel(field);
            return (
              <li key={field}>
                <button
                  type="button"
                  class="filter-chip"
                  aria-label={t('schedule_removeFilter', name, value)}
                  onClick={() => remove(field)}
                >
                  {t('schedule_filterChip', name, value)}
                  <span aria-hidden="true"> ×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </form>
  );
}
