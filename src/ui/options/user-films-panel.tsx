// The options page's "Your films": the films the user added from pages, each removable. A film
// the user's own events name is not removed at the first click: the panel names those events
// and asks, so no event loses its film unseen.
import { useEffect, useState } from 'preact/hooks';
import type { Result } from '../../messages/index.ts';
import { useDataRevision } from '../shared/data-revision.ts';
import { t } from '../../browser/i18n.ts';
import { ListSection, type Note } from './list-section.tsx';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';

type Row = Result<'getUserFilms'>['films'][number];

const quoted = (titles: string[]) => titles.map((title) => `“${title}”`).join(', ');

export function UserFilmsPanel() {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [note, setNote] = useState<Note>(null);
  // The key of the film whose removal waits for the user to confirm it.
  const [asking, setAsking] = useState<string | null>(null);
  // Films are added from the popup while this page may be open.
  const revision = useDataRevision();
  const reload = () =>
    send('getUserFilms', {}).then(
      (r) => setRows(r.films),
      (e: unknown) => setNote({ error: true, text: t('options_couldNotLoadList', errorText(e)) }),
    );
  useEffect(() => void reload(), [revision]);

  const remove = ({ film }: Row, untie: boolean) =>
    send('removeUserFilm', { key: film.key, untie }).then(
      () => {
        setAsking(null);
        setNote({ error: false, text: t('films_removed', film.title) });
        return reload();
      },
      (e: unknown) => setNote({ error: true, text: t('films_couldNotRemove', errorText(e)) }),
    );

  return (
    <ListSection name="user-films" heading={t('films_heading')} hint={t('films_intro')} note={note}>
      {rows && rows.length === 0 && <p class="hint">{t('films_none')}</p>}
      {rows && rows.length > 0 && (
        <ul class="correction-list user-film-list" aria-labelledby="user-films-heading">
          {rows.map((row) => {
            const { film, events } = row;
            return (
              <li key={film.key}>
                <span class="correction-text">
                  {film.title}
                  {film.year !== null && ` (${film.year})`}
                </span>
                {film.aliases.length > 0 && <span class="hint">{t('films_aliases', film.aliases.join(', '))}</span>}
                {events.length > 0 && <span class="hint">{t('films_namedBy', quoted(events))}</span>}
                {asking === film.key ? (
                  <span role="alert">
                    {t('films_inUse', quoted(events))}{' '}
                    <button type="button" class="ap-button" onClick={() => void remove(row, true)}>
                      {t('films_removeAnyway')}
                    </button>{' '}
                    <button type="button" class="ap-button" onClick={() => setAsking(null)}>
                      {t('films_keep')}
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    class="ap-button"
                    aria-label={t('films_removeLabel', film.title)}
                    onClick={() => (events.length > 0 ? setAsking(film.key) : void remove(row, false))}
                  >
                    {t('films_remove')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </ListSection>
  );
}
