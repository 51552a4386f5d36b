// "Your own events" under the popup's "Saved": the list with edit and delete, and the form.
import { useEffect, useState } from 'preact/hooks';
import type { UserEventRow } from '../../core/rows.ts';
import { t } from '../../browser/i18n.ts';
import { kindLabel } from '../shared/labels.ts';
import { StateBadge } from '../shared/state-badge.tsx';
import { eventState } from '../../core/event-state.ts';
import { send } from '../../browser/send.ts';
import type { Catalog } from './user-event-draft.ts';
import { FORM_STYLE, UserEventForm } from './user-event-form.tsx';
import { whenText } from '../shared/when-text.ts';
import { timeZoneResolver } from '../../core/time/index.ts';
import { errorText } from '../../core/error-text.ts';

function useCatalog(): Catalog | null {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  useEffect(() => {
    send('getEventCatalog', {}).then(
      ({ films, festivals }) => setCatalog({ films, festivals }),
      () => setCatalog({ films: [], festivals: [] }),
    );
  }, []);
  return catalog;
}

/** "Your own events" under the popup's "Saved": the list, edit, delete, and "Add an event". */
export function UserEventsPanel({ filmKey }: { filmKey?: string } = {}) {
  const catalog = useCatalog();
  const [events, setEvents] = useState<UserEventRow[] | null>(null);
  const [editing, setEditing] = useState<UserEventRow | 'new' | null>(filmKey ? 'new' : null);
  const [status, setStatus] = useState<string | null>(null);
  const reload = () =>
    send('getUserEvents', {}).then(
      (answer) => setEvents(answer.events),
      () => setEvents([]),
    );
  useEffect(() => void reload(), []);
  // The zone its form chose, as every other list shows it (timeZoneResolver).
  const zoneOf = timeZoneResolver(catalog?.festivals ?? []);
  const now = Date.now();
  const remove = (e: UserEventRow) => {
    if (!confirm(t('events_confirmDelete', e.title))) return;
    send('deleteUserEvent', { key: e.key }).then(
      () => {
        setStatus(t('events_deleted', e.title));
        void reload();
      },
      (error: unknown) => setStatus(t('events_couldNotSave', errorText(error))),
    );
  };
  return (
    <section class="user-events" aria-label={t('events_yourEvents')}>
      <style>{FORM_STYLE}</style>
      <h2 class="day-heading">{t('events_yourEvents')}</h2>
      {status && (
        <p role="status" class="hint">
          {status}
        </p>
      )}
      {events && events.length === 0 && editing === null && <p class="hint">{t('events_noneYet')}</p>}
      {events && events.length > 0 && <p class="hint">{t('plan_brought')}</p>}
      <ul class="user-event-list">
        {(events ?? [])
          .slice()
          .sort((a, b) => (a.start ?? '9').localeCompare(b.start ?? '9'))
          .map((e) => (
            <li key={e.key}>
              <div class="ap-event-head">
                <span class={`ap-kind ap-kind-${e.kind}`}>{kindLabel(e.kind)}</span>
                <span class="ap-event-title">{e.title}</span>
                <StateBadge state={eventState(e, zoneOf(e), now)} />
              </div>
              <div class="ap-when">{whenText(e.start, e.end, zoneOf(e))}</div>
              <div class="ap-actions">
                <button
                  type="button"
                  class="ap-button"
                  onClick={() => setEditing(e)}
                  aria-label={t('events_editLabel', e.title)}
                >
                  {t('events_edit')}
                </button>
                <button
                  type="button"
                  class="ap-button"
                  onClick={() => remove(e)}
                  aria-label={t('events_deleteLabel', e.title)}
                >
                  {t('events_delete')}
                </button>
              </div>
            </li>
          ))}
      </ul>
      {editing === null && (
        <button type="button" class="ap-button" onClick={() => setEditing('new')}>
          <span aria-hidden="true">+ </span>
          {t('events_add')}
        </button>
      )}
      {editing !== null && catalog && (
        <UserEventForm
          key={editing === 'new' ? 'new' : editing.key}
          catalog={catalog}
          event={editing === 'new' ? null : editing}
          filmKey={filmKey}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setStatus(t('events_saved', saved.title));
            void reload();
          }}
        />
      )}
    </section>
  );
}
