// The films an event is for: picked from the catalog with type-ahead (a datalist), or typed
// freely and found by the worker's title matcher (findFilms), which forgives case, accents,
// censoring and a typo.
import { useMemo, useState } from 'preact/hooks';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';
import type { Catalog } from './user-event-draft.ts';
import { filmChoices } from './film-choices.ts';

export function FilmPicker({
  catalog,
  films,
  onChange,
}: {
  catalog: Catalog;
  films: string[];
  onChange: (films: string[]) => void;
}) {
  const [query, setQuery] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titles = useMemo(() => new Map(catalog.films.map((f) => [f.key, f.title])), [catalog.films]);
  const choicesFor = useMemo(() => filmChoices(catalog.films), [catalog.films]);
  const pick = async () => {
    const typed = query.trim();
    if (!typed) return;
    let keys: string[];
    try {
      keys = (await send('findFilms', { text: typed })).filmKeys;
    } catch (error) {
      return setProblem(errorText(error));
    }
    if (keys.length === 0) return setProblem(t('events_filmNotFound', typed));
    setProblem(null);
    // The user may have typed on while the worker looked.
    setQuery((now) => (now.trim() === typed ? '' : now));
    onChange([...new Set([...films, ...keys])]);
  };
  return (
    <div>
      <label>
        {t('events_filmSearch')}
        <input
          list="ap-film-titles"
          value={query}
          onInput={(e) => {
            const value = (e.currentTarget as HTMLInputElement).value;
            setQuery(value);
            // Picking from the datalist fills the whole title in one input event.
            const picked = catalog.films.find((f) => f.title === value);
            if (picked) {
              setQuery('');
              onChange([...new Set([...films, picked.key])]);
            }
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void pick();
            }
          }}
          onBlur={() => void pick()}
        />
      </label>
      <datalist id="ap-film-titles">
        {choicesFor(query).map((f) => (
          <option key={f.key} value={f.title} />
        ))}
      </datalist>
      <p class="hint">{t('events_filmHint')}</p>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      {films.length > 0 && (
        <ul class="film-chips" aria-label={t('events_films')}>
          {films.map((key) => (
            <li key={key}>
              {titles.get(key) ?? key}
              <button
                type="button"
                aria-label={t('events_removeFilm', titles.get(key) ?? key)}
                onClick={() => onChange(films.filter((k) => k !== key))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
