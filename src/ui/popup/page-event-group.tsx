// A film's many times on one day, as a cinema's page gives them: one line for the film, its
// times as chips, a checkbox for the film and one for each time. "Add all" takes what is ticked.
import type { PageEventDraft } from '../../core/page-events/index.ts';
import { inputFromDraft } from '../../core/user-event-input.ts';
import { formatTime, readWhen } from '../../core/time/index.ts';
import { plural, t, uiLocale } from '../../browser/i18n.ts';
import { kindLabel } from '../shared/labels.ts';
import { dayHeading, localZone } from '../shared/when-text.ts';
import { PageEventNotes } from './page-event-notes.tsx';

type AddState = 'idle' | 'adding' | 'added' | { error: string };

/** Drafts that share a title and a day, in the page's order; a draft alone is a group of one. */
export function groupByTitleAndDay(drafts: readonly PageEventDraft[]): number[][] {
  const groups: number[][] = [];
  const byKey = new Map<string, number[]>();
  drafts.forEach((draft, i) => {
    const start = inputFromDraft(draft, localZone()).start;
    // Only timed occurrences of a named event group: a day alone, or no name, stands by itself.
    if (draft.title === null || !start || start.length <= 10) return groups.push([i]);
    const key = `${draft.title.toLowerCase()}|${draft.venue?.name ?? ''}|${start.slice(0, 10)}`;
    const group = byKey.get(key);
    if (group) return group.push(i);
    const fresh = [i];
    byKey.set(key, fresh);
    groups.push(fresh);
  });
  return groups;
}

interface GroupProps {
  drafts: readonly PageEventDraft[];
  indices: number[];
  filmTitles: string[];
  zone: string;
  chosen: readonly boolean[];
  states: readonly AddState[];
  onChoose: (indices: number[], on: boolean) => void;
}

export function PageEventGroup({ drafts, indices, filmTitles, zone, chosen, states, onChoose }: GroupProps) {
  const first = drafts[indices[0]!]!;
  const title = first.title ?? '';
  const open = indices.filter((i) => states[i] !== 'added');
  const ticked = open.filter((i) => chosen[i]);
  const input = inputFromDraft(first, localZone());
  const timeOf = (i: number) => {
    const when = readWhen(inputFromDraft(drafts[i]!, localZone()).start, zone);
    return when.precision === 'time' ? formatTime(when.instant, zone, uiLocale()) : '';
  };
  // The notes every time shares are said once (a block mended, a running time).
  const notes = first.notes.filter((n) => n.kind !== 'pageTime' && n.kind !== 'asWritten');
  return (
    <li class="slot-plain page-event page-event-group">
      <div class={`ap-event${first.status === 'cancelled' ? ' ap-cancelled' : ''}`}>
        <div class="ap-event-head">
          {open.length > 0 && (
            <input
              type="checkbox"
              checked={ticked.length === open.length}
              indeterminate={ticked.length > 0 && ticked.length < open.length}
              onChange={(e) => onChoose(open, (e.currentTarget as HTMLInputElement).checked)}
              aria-label={t('pageEvents_chooseFilm', title)}
            />
          )}
          <span class={`ap-kind ap-kind-${first.kind}`}>{kindLabel(first.kind)}</span>
          <span class="ap-event-title">{title}</span>
        </div>
        <div class="ap-when">
          {dayHeading(input.start?.slice(0, 10) ?? null)} · {plural('pageEvents_times', indices.length)}
        </div>
        <ul class="filter-chips showtime-chips">
          {indices.map((i) => (
            <li key={i}>
              {states[i] === 'added' ? (
                <span class="filter-chip showtime-chip" role="status">
                  {t('pageEvents_timeAdded', timeOf(i))}
                </span>
              ) : (
                <label class="filter-chip showtime-chip">
                  <input
                    type="checkbox"
                    checked={chosen[i]}
                    disabled={states[i] === 'adding'}
                    onChange={(e) => onChoose([i], (e.currentTarget as HTMLInputElement).checked)}
                    aria-label={t('pageEvents_chooseTime', title, timeOf(i))}
                  />{' '}
                  {timeOf(i)}
                </label>
              )}
              {typeof states[i] === 'object' && (
                <span class="error" role="alert">
                  {t('events_couldNotSave', (states[i] as { error: string }).error)}
                </span>
              )}
            </li>
          ))}
        </ul>
        {first.floating && <p class="hint">{t('events_floating', localZone())}</p>}
        {first.venue && <div>{[first.venue.name, first.venue.address].filter(Boolean).join(' — ')}</div>}
        {filmTitles.length > 0 && <p class="slot-films">{t('events_forFilms', filmTitles.join(', '))}</p>}
        <PageEventNotes notes={notes} />
      </div>
    </li>
  );
}
