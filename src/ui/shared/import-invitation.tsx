// "Import an invitation": an .ics file (an email invitation, a ticket) picked or dropped, read by
// the background (previewInvitation), shown for review, then saved as the user's own events
// (importInvitation). Mounted in the popup's "Saved" and on the options page.
import { useState } from 'preact/hooks';
import type { InvitationPreview, InvitationTarget, Result } from '../../messages/index.ts';
import { plural, t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { kindLabel } from './labels.ts';
import { localZone, whenText } from './when-text.ts';
import { errorText } from '../../core/error-text.ts';

type InvitationOutcome = Result<'importInvitation'>['results'][number]['outcome'];

type State =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'review'; name: string; preview: InvitationPreview }
  | { step: 'saving' };

const OUTCOME_KEYS: Record<InvitationOutcome, string> = {
  added: 'imports_outcomeAdded',
  updated: 'imports_outcomeUpdated',
  cancelled: 'imports_outcomeCancelled',
  unchanged: 'imports_outcomeUnchanged',
  unknown: 'imports_outcomeUnknown',
  foreign: 'imports_outcomeForeign',
};

const STYLE = `
.popup .import-invitation { padding: 0 14px 14px; }
.import-invitation .drop { display: block; border: 2px dashed var(--ap-muted, #888); border-radius: 6px; padding: 10px 12px; margin: 6px 0; }
.import-invitation .drop-choose { display: inline-block; margin-top: 6px; }
.import-invitation .drop:focus-within .drop-choose { outline: 2px solid var(--ap-focus); outline-offset: 2px; }
.import-invitation .review .ap-badge { display: inline-block; width: fit-content; }
.import-invitation .drop.over { border-style: solid; }
.import-invitation .review { list-style: none; padding: 0; margin: 6px 0; }
.import-invitation .review li { margin: 6px 0; }
.import-invitation .changes ul { margin: 2px 0; padding-left: 16px; }
`;

function summary(results: { outcome: InvitationOutcome }[]): string {
  const count = (outcome: InvitationOutcome) => results.filter((r) => r.outcome === outcome).length;
  const parts = [
    t(
      'imports_savedCounts',
      plural('imports_newCount', count('added')),
      plural('imports_updatedCount', count('updated')),
      plural('imports_cancelledCount', count('cancelled')),
    ),
    count('unchanged') > 0 ? t('imports_unchangedSummary', count('unchanged')) : '',
    count('unknown') > 0 ? plural('imports_unknownCount', count('unknown')) : '',
    count('foreign') > 0 ? plural('imports_foreignCount', count('foreign')) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The stored events saving would update or cancel: the file's own event may not show which. */
function ChangedEvents({ changes }: { changes: InvitationTarget[] }) {
  return (
    <div class="changes">
      <span class="hint">{t('imports_changes')}</span>
      <ul>
        {changes.map((target) => (
          <li key={target.key} data-key={target.key}>
            <span class="ap-event-title">{target.title}</span>{' '}
            <span class="ap-when">{whenText(target.start, target.end, target.timeZone ?? localZone())}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ImportInvitation() {
  const [state, setState] = useState<State>({ step: 'idle' });
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const [over, setOver] = useState(false);

  const read = (file: File | undefined) => {
    if (!file) return;
    setNote(null);
    setState({ step: 'reading' });
    file
      .text()
      .then((text) => send('previewInvitation', { text }))
      .then(
        (preview) => setState({ step: 'review', name: file.name, preview }),
        (e: unknown) => {
          setState({ step: 'idle' });
          setNote({ error: true, text: t('imports_couldNotRead', file.name, errorText(e)) });
        },
      );
  };

  const save = (preview: InvitationPreview) => {
    setState({ step: 'saving' });
    send('importInvitation', { method: preview.method, events: preview.items.map((item) => item.event) }).then(
      ({ results }) => {
        setState({ step: 'idle' });
        setNote({ error: false, text: summary(results) });
      },
      (e: unknown) => {
        setState({ step: 'review', name: '', preview });
        setNote({ error: true, text: t('imports_couldNotSave', errorText(e)) });
      },
    );
  };

  const review = state.step === 'review' ? state.preview : null;
  const saving = review?.items.some((item) => item.outcome !== 'unchanged' && item.outcome !== 'unknown') ?? false;
  return (
    <section class="import-invitation" aria-labelledby="import-invitation-heading">
      <style>{STYLE}</style>
      <h2 id="import-invitation-heading" class="day-heading">
        {t('imports_heading')}
      </h2>
      <label
        class={`drop${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          read(e.dataTransfer?.files[0]);
        }}
      >
        <span class="hint">{t('imports_chooseOrDrop')}</span>{' '}
        {/* Our own words on the button: the browser's file input speaks its language, not the catalog's. */}
        <span class="ap-button drop-choose" aria-hidden="true">
          {t('imports_chooseFile')}
        </span>
        <input
          type="file"
          class="ap-sr"
          accept=".ics,.ical,.ifb,text/calendar"
          disabled={state.step === 'reading' || state.step === 'saving'}
          onChange={(e) => {
            const input = e.currentTarget;
            read(input.files?.[0]);
            input.value = '';
          }}
        />
      </label>
      {state.step === 'reading' && <p class="hint">{t('imports_reading')}</p>}
      {note && (
        <p role={note.error ? 'alert' : 'status'} class="hint">
          {note.text}
        </p>
      )}
      {review && (
        <div role="group" aria-label={t('imports_reviewLabel')}>
          <p class="hint">
            {review.method === 'CANCEL'
              ? t('imports_reviewCancel')
              : plural('imports_reviewIntroCount', review.items.length)}
          </p>
          <ul class="review">
            {review.items.map(({ event, outcome, filmTitles, changes }) => (
              <li key={event.invitation.uid} class={`ap-event${event.cancelled ? ' ap-cancelled' : ''}`}>
                <div class="ap-event-head">
                  <span class={`ap-kind ap-kind-${event.kind}`}>{kindLabel(event.kind)}</span>
                  <span class="ap-event-title">{event.title}</span>
                </div>
                <div class="ap-when">{whenText(event.start, event.end, event.timeZone ?? localZone())}</div>
                {event.venue && (
                  <div class="hint invitation-place">
                    {[event.venue.name, event.venue.address].filter(Boolean).join(', ')}
                  </div>
                )}
                <div class="hint">
                  {filmTitles.length > 0 ? t('imports_forFilms', filmTitles.join(', ')) : t('imports_noFilm')}
                </div>
                <div class="ap-badge">{t(OUTCOME_KEYS[outcome])}</div>
                {changes.length > 0 && <ChangedEvents changes={changes} />}
              </li>
            ))}
          </ul>
          {review.notShown > 0 && <p class="hint not-shown">{plural('invitation_notShown', review.notShown)}</p>}
          {review.problems.length > 0 && <p class="hint">{plural('imports_problemsCount', review.problems.length)}</p>}
          <div class="ap-actions">
            <button type="button" class="ap-button" disabled={!saving} onClick={() => save(review)}>
              {review.method === 'CANCEL' ? t('imports_applyCancel') : t('imports_save')}
            </button>
            <button type="button" class="ap-button" onClick={() => setState({ step: 'idle' })}>
              {t('imports_discard')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
