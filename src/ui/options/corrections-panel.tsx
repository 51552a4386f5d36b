// The options page's "Corrections": every "Not this film" the user made on a card, undoable.
import { useEffect, useState } from 'preact/hooks';
import type { Result } from '../../messages/index.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { LIST_STYLE } from './sites-panel.tsx';

type Correction = Result<'listCorrections'>['corrections'][number];

const words = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function CorrectionsPanel() {
  const [rows, setRows] = useState<Correction[] | null>(null);
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  // Corrections are made on cards in pages while this page may be open.
  const revision = useDataRevision();
  const reload = () =>
    send('listCorrections', {}).then(
      (r) => setRows(r.corrections),
      (e: unknown) => setNote({ error: true, text: t('polish_couldNotLoad', words(e)) }),
    );
  useEffect(() => void reload(), [revision]);

  const undo = (row: Correction) =>
    send('removeCorrection', { id: row.id }).then(
      () => {
        setNote({ error: false, text: t('polish_correctionUndone', row.surface) });
        return reload();
      },
      (e: unknown) => setNote({ error: true, text: words(e) }),
    );

  return (
    <section aria-labelledby="corrections-heading" class="panel-section corrections-panel">
      <style>{LIST_STYLE}</style>
      <h2 id="corrections-heading">{t('polish_correctionsHeading')}</h2>
      <p class="hint">{t('polish_correctionsHint')}</p>
      <p class={note?.error ? 'error' : 'status'} role={note?.error ? 'alert' : 'status'}>
        {note?.text ?? ''}
      </p>
      {rows && rows.length === 0 && <p class="hint">{t('polish_correctionsNone')}</p>}
      {rows && rows.length > 0 && (
        <ul class="correction-list" aria-labelledby="corrections-heading">
          {rows.map((row) => {
            const film = row.filmTitle ?? t('polish_unknownFilm');
            return (
              <li key={row.id}>
                <span class="correction-text">{t('polish_correctionText', row.surface, film)}</span>
                <span class="hint">
                  {row.site ? t('polish_correctionOn', row.site) : t('polish_correctionEverywhere')}
                </span>
                <button
                  type="button"
                  class="ap-button"
                  aria-label={t('polish_undoCorrectionLabel', row.surface, film)}
                  onClick={() => void undo(row)}
                >
                  {t('polish_undoCorrection')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
