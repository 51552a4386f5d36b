// The films an event is for: picked from the catalog with type-ahead (a datalist), or typed
// freely and found by the worker's title matcher (findFilms), which forgives case, accents,
// censoring and a typo. A small catalog comes whole and the browser filters it; a large one
// (100,000 films at issue 28's scale) is searched by the worker as the user types.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../../browser/i18n.ts';
import { send } from '../../browser/send.ts';
import { errorText } from '../../core/error-text.ts';
import type { FilmTitle } from '../../core/title-choices.ts';
import type { Catalog } from './user-event-draft.ts';
import { typedSearch } from './typed-search.ts';

/** The titles of the picked films: from the catalog, the search's answers, else asked by key. */
function usePickedTitles(catalog: Catalog, films: string[]) {
  const [titles, setTitles] = useState(() => new Map((catalog.films ?? []).map((f) => [f.key, f.title])));
  const asked = useRef(new Set<string>());
  const learn = (found: readonly FilmTitle[]) =>
    setTitles((old) =>
      found.every((f) => old.get(f.key) === f.title)
        ? old
        : new Map([...old, ...found.map((f): [string, string] => [f.key, f.title])]),
    );
  useEffect(() => {
    const missing = films.filter((key) => !titles.has(key) && !asked.current.has(key));
    if (missing.length === 0) return;
    for (const key of missing) asked.current.add(key);
    send('getFilmTitles', { filmKeys: missing }).then(
      ({ films: found }) => learn(found),
      () => undefined,
    );
  }, [films, titles]);
  return { titles, learn };
}

/** What the datalist offers for the text typed: the whole catalog, or the worker's answer for it. */
function useChoices(catalog: Catalog, learn: (found: readonly FilmTitle[]) => void) {
  const [found, setFound] = useState<FilmTitle[]>([]);
  const search = useMemo(
    () =>
      typedSearch(
        async (text) => (await send('searchFilms', { text })).films,
        (answer: FilmTitle[]) => {
          learn(answer);
          setFound(answer);
        },
      ),
    [],
  );
  useEffect(() => () => search.stop(), [search]);
  return catalog.films
    ? { choices: catalog.films, typed: () => undefined }
    : { choices: found, typed: (text: string) => search.typed(text) };
}

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
  const typedNow = useRef('');
  const [problem, setProblem] = useState<string | null>(null);
  const { titles, learn } = usePickedTitles(catalog, films);
  const { choices, typed: searchFor } = useChoices(catalog, learn);
  const type = (text: string) => {
    typedNow.current = text;
    setQuery(text);
    searchFor(text);
  };
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
    if (typedNow.current.trim() === typed) type('');
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
            // Picking from the datalist fills the whole title in one input event.
            const picked = choices.find((f) => f.title === value);
            if (picked) {
              type('');
              onChange([...new Set([...films, picked.key])]);
            } else type(value);
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
        {choices.map((f) => (
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
