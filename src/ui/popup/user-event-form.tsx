// "Add an event": the user's own invitations, with kind, title, films, festival, date and time
// in a chosen zone (the festival's by default), venue, host, access, notes and link.
import { useState } from 'preact/hooks';
import { ACCESS_LEVELS, EVENT_KINDS } from '../../core/model.ts';
import type { UserEventRow } from '../../core/rows.ts';
import { t } from '../../browser/i18n.ts';
import { accessLabel, kindLabel } from '../shared/labels.ts';
import { send } from '../../browser/send.ts';
import { draftOf, inputOf, type Catalog, type Draft } from './user-event-draft.ts';
import { ZonePicker } from './zone-picker.tsx';
import { FilmPicker } from './user-event-films.tsx';
import { localZone } from '../shared/when-text.ts';
import { errorText } from '../../core/error-text.ts';

export const FORM_STYLE = `
.user-events { padding: 0 14px 14px; }
.user-event-form { display: grid; gap: 6px; margin: 8px 0; padding: 10px; border: 1px solid var(--ap-line); border-radius: 8px;
  min-width: 0; box-sizing: border-box; }
.user-event-form label { display: grid; gap: 2px; min-width: 0; color: var(--ap-muted); font-size: 11px; }
.user-event-form input, .user-event-form select, .user-event-form textarea { font: inherit; font-size: 13px; color: var(--ap-fg);
  background: var(--ap-bg); border: 1px solid var(--ap-line-strong); border-radius: 6px; padding: 4px 6px;
  min-width: 0; max-width: 100%; box-sizing: border-box; }
.user-event-form .check input { width: auto; }
.user-event-form .row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 6px; }
.user-event-form .check { display: flex; gap: 6px; align-items: center; }
.film-chips { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; margin: 0; padding: 0; }
.film-chips li { background: var(--ap-chip); border-radius: 4px; padding: 1px 4px 1px 6px; }
.film-chips button { border: 0; background: transparent; color: var(--ap-fg); cursor: pointer; }
.user-event-list { list-style: none; margin: 0; padding: 0; }
.user-event-list > li { padding: 8px 0; border-bottom: 1px solid var(--ap-line); }
`;

export function UserEventForm({
  catalog,
  event,
  filmKey,
  onDone,
}: {
  catalog: Catalog;
  event: UserEventRow | null;
  filmKey?: string;
  onDone: (saved: UserEventRow | null) => void;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(event, catalog.festivals, filmKey));
  const [problem, setProblem] = useState<string | null>(null);
  const set =
    <K extends keyof Draft>(key: K) =>
    (e: Event) => {
      const target = e.currentTarget as HTMLInputElement;
      setD((old) => ({ ...old, [key]: target.type === 'checkbox' ? target.checked : target.value }));
    };
  const chooseFestival = (e: Event) => {
    const key = (e.currentTarget as HTMLSelectElement).value;
    const zone = catalog.festivals.find((f) => f.key === key)?.timeZone;
    setD((old) => ({ ...old, festival: key, timeZone: zone ?? old.timeZone }));
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const input = inputOf(d, event);
    if (typeof input === 'string') return setProblem(input);
    const request = event
      ? send('updateUserEvent', { key: event.key, event: input })
      : send('addUserEvent', { event: input });
    request.then(
      (answer) => onDone(answer.event),
      (error: unknown) => setProblem(t('events_couldNotSave', errorText(error))),
    );
  };
  const suggested = [d.timeZone, ...catalog.festivals.map((f) => f.timeZone), localZone()];
  return (
    <form class="user-event-form" onSubmit={submit} aria-label={event ? t('events_editHeading') : t('events_add')}>
      <h2 class="day-heading">{event ? t('events_editHeading') : t('events_add')}</h2>
      <div class="row">
        <label>
          {t('events_kind')}
          <select value={d.kind} onChange={set('kind')}>
            {EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('events_access')}
          <select value={d.access} onChange={set('access')}>
            {ACCESS_LEVELS.map((a) => (
              <option key={a} value={a}>
                {accessLabel(a)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label>
        {t('events_title')}
        <input value={d.title} onInput={set('title')} required maxLength={300} />
      </label>
      <FilmPicker catalog={catalog} films={d.films} onChange={(films) => setD((old) => ({ ...old, films }))} />
      <label>
        {t('events_festival')}
        <select value={d.festival} onChange={chooseFestival}>
          <option value="">{t('events_noFestival')}</option>
          {catalog.festivals.map((f) => (
            <option key={f.key} value={f.key}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <div class="row">
        <label>
          {t('events_date')}
          <input type="date" value={d.date} onInput={set('date')} />
        </label>
        <ZonePicker
          zone={d.timeZone}
          suggested={suggested}
          onZone={(timeZone) => setD((old) => ({ ...old, timeZone }))}
        />
        <label>
          {t('events_time')}
          <input type="time" value={d.time} onInput={set('time')} />
        </label>
        <label>
          {t('events_endTime')}
          <input type="time" value={d.endTime} onInput={set('endTime')} />
        </label>
      </div>
      <p class="hint">{t('events_timeHint')}</p>
      <div class="row">
        <label>
          {t('events_venue')}
          <input value={d.venue} onInput={set('venue')} maxLength={300} />
        </label>
        <label>
          {t('events_address')}
          <input value={d.address} onInput={set('address')} maxLength={500} />
        </label>
      </div>
      <label>
        {t('events_host')}
        <input value={d.host} onInput={set('host')} maxLength={300} />
      </label>
      <label>
        {t('events_notes')}
        <textarea value={d.notes} onInput={set('notes')} rows={3} maxLength={5000} />
      </label>
      <label>
        {t('events_link')}
        <input type="url" value={d.url} onInput={set('url')} placeholder="https://" />
      </label>
      {event && (
        <label class="check">
          <input type="checkbox" checked={d.cancelled} onChange={set('cancelled')} />
          {t('events_cancelled')}
        </label>
      )}
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <div class="ap-actions">
        <button type="submit" class="ap-button">
          {t('events_save')}
        </button>
        <button type="button" class="ap-button" onClick={() => onDone(null)}>
          {t('events_cancel')}
        </button>
      </div>
    </form>
  );
}
