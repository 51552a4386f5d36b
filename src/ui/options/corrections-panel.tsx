// The options page's "Corrections": every "Not this film" the user made on a card, undoable.
import { useEffect, useState } from 'preact/hooks';
import type { Result } from '../../messages/index.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { t } from '../../browser/i18n.ts';
import { ListSection, type Note } from './list-section.tsx';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';

type Correction = Result<'listCorrections'>['corrections'][number];

export function CorrectionsPanel() {
  const [rows, setRows] = useState<Correction[] | null>(null);
  const [note, setNote] = useState<Note>(null);
  // Corrections are made on cards in pages while this page may be open.
  const revision = useDataRevision();
  const reload = () =>
    send('listCorrections', {}).then(
      (r) => setRows(r.corrections),
      (e: unknown) => setNote({ error: true, text: t('options_couldNotLoadList', errorText(e)) }),
    );
  useEffect(() => void reload(), [revision]);

  const undo = (row: Correction) =>
    send('removeCorrection', { id: row.id }).then(
      () => {
        setNote({ error: false, text: t('corrections_undone', row.surface) });
        return reload();
      },
      (e: unknown) => setNote({ error: true, text: errorText(e) }),
    );

  const widen = (row: Correction) =>
    send('widenCorrection', { id: row.id }).then(
      () => {
        setNote({ error: false, text: t('corrections_widened', row.surface) });
        return reload();
      },
      (e: unknown) => setNote({ error: true, text: errorText(e) }),
    );

  return (
    <ListSection name="corrections" heading={t('corrections_heading')} hint={t('corrections_hint')} note={note}>
      {rows && rows.length === 0 && <p class="hint">{t('corrections_none')}</p>}
      {rows && rows.length > 0 && (
        <ul class="correction-list" aria-labelledby="corrections-heading">
          {rows.map((row) => {
            const film = row.filmTitle ?? t('corrections_unknownFilm');
            return (
              <li key={row.id}>
                <span class="correction-text">{t('corrections_text', row.surface, film)}</span>
                <span class="hint">{row.site ? t('corrections_on', row.site) : t('corrections_everywhere')}</span>
                {row.site && (
                  <button
                    type="button"
                    class="ap-button"
                    aria-label={t('corrections_widenLabel', row.surface, film)}
                    onClick={() => void widen(row)}
                  >
                    {t('corrections_widen')}
                  </button>
                )}
                <button
                  type="button"
                  class="ap-button"
                  aria-label={t('corrections_undoLabel', row.surface, film)}
                  onClick={() => void undo(row)}
                >
                  {t('corrections_undo')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </ListSection>
  );
}
